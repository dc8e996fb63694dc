import type { TestApi } from './harness';

/** An online dataset 'Kas Delta' (slug kas-delta) of `organizationId`, behind a data source without a host; returns its id. */
export async function onlineDataset(api: TestApi, organizationId: string): Promise<string> {
  const [{ id: datasourceId }] = await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Bron', $1, 'v1.x.y.z') RETURNING id`, [organizationId]);
  const [{ id }] = await api.db.query(
    `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, 'kas-delta', 'Kas Delta', 'online') RETURNING id`,
    [datasourceId],
  );
  return id;
}
