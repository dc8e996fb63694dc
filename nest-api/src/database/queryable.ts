import type { DataSource, EntityManager } from 'typeorm';

/** The shared DataSource, or a transaction's EntityManager so several repositories write in one transaction. */
export type Queryable = Pick<DataSource | EntityManager, 'query'>;

/** TypeORM's pg driver answers UPDATE/DELETE … RETURNING with `[rows, count]`. */
function returnedRows<Row>(result: unknown): Row[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as Row[];
  return result as Row[];
}

export async function firstRow<Row>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<Row | null> {
  return returnedRows<Row>(await db.query(sql, parameters))[0] ?? null;
}

export async function rows<Row>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return returnedRows<Row>(await db.query(sql, parameters));
}
