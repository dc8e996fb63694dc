import type { DataSource, EntityManager } from 'typeorm';

/**
 * What a repository method runs its SQL on: the shared DataSource, or the EntityManager of a
 * transaction the service opened, so several repositories write in one transaction.
 */
export type Queryable = Pick<DataSource | EntityManager, 'query'>;

/** TypeORM's pg driver answers UPDATE/DELETE … RETURNING with `[rows, count]`; SELECT and INSERT with rows. */
function returnedRows<Row>(result: unknown): Row[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as Row[];
  return result as Row[];
}

/** The first row of a query, or null. */
export async function firstRow<Row>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<Row | null> {
  return returnedRows<Row>(await db.query(sql, parameters))[0] ?? null;
}

/** All rows of a query, typed. */
export async function rows<Row>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return returnedRows<Row>(await db.query(sql, parameters));
}
