import type { DataSource, EntityManager } from 'typeorm';

/**
 * What a repository method runs its SQL on: the shared DataSource, or the EntityManager of a
 * transaction the service opened, so several repositories write in one transaction.
 */
export type Queryable = Pick<DataSource | EntityManager, 'query'>;

/** The first row of a query, or null. */
export async function firstRow<Row>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<Row | null> {
  const rows: Row[] = await db.query(sql, parameters);
  return rows[0] ?? null;
}

/** All rows of a query, typed. */
export function rows<Row>(db: Queryable, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return db.query(sql, parameters);
}
