import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataSource } from 'typeorm';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('entities and migrations', () => {
  it('describe the same columns: the schema TypeORM derives from the entities needs no column change in the migrated database', async () => {
    const dataSource = api.app.get(DataSource);
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    // The migrations own constraints, indexes, foreign keys and defaults (the entities do not repeat
    // them, so a synchronisation would drop those); every table, column, type and nullability must agree.
    const columnChanges = upQueries
      .map((query) => query.query)
      .filter((sql) => !/(DROP|ADD) CONSTRAINT|(DROP|CREATE)( UNIQUE)? INDEX|ALTER COLUMN "\w+" DROP DEFAULT/.test(sql));
    expect(columnChanges).toEqual([]);
  });
});
