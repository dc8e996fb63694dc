import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { DiscoveryService } from '../src/hub/discovery.service';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let listener: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  port = await freePort();
  listener = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200).end('{}');
  });
  await new Promise<void>((r) => listener.listen(port, '127.0.0.1', r));
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'false' });
});
afterAll(async () => {
  await api?.close();
  listener?.close();
});

describe('SSRF guard', () => {
  it('never calls a loopback data source when private hosts are not allowed', async () => {
    const organization = await api.createOrganization();
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    const refused = await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Binnenbron', hostname: `127.0.0.1:${port}` } });
    expect(refused.status).toBe(422);
    expect(await api.db.query('SELECT id FROM datasources WHERE organization_id = $1', [organization.id])).toEqual([]);
    // Stored before the creation check existed: discovery must refuse it on its own.
    const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Binnenbron' } })).json();
    await api.db.query('UPDATE datasources SET hostname = $2 WHERE id = $1', [created.datasource_id, `127.0.0.1:${port}`]);
    await api.db.query(`INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, 'binnen', 'Binnen', 'online')`, [
      created.datasource_id,
    ]);
    const overridesPath = `/api/datasources/${created.datasource_id}/path-overrides`;
    for (const pattern of [null, 'http://{host}', 'https://{host}']) {
      if (pattern) {
        const put = await api.request(`${overridesPath}/host`, { method: 'PUT', token: owner.token, json: { path_override_pattern: pattern } });
        expect(put.status, pattern).toBe(200);
        expect(await (await api.request(overridesPath, { token: owner.token })).json(), pattern).toEqual([
          { datasource_id: created.datasource_id, datasource_path: 'host', path_override_pattern: pattern },
        ]);
      }
      // Online before each round: the round itself must find the host unreachable.
      await api.db.query(`UPDATE datasets SET status = 'online' WHERE slug = 'binnen'`);
      await api.app.get(DiscoveryService).discoverDatasource(created.datasource_id);
      expect(hits, String(pattern)).toBe(0);
      const [row] = await api.db.query(`SELECT status FROM datasets WHERE slug = 'binnen'`);
      expect(row.status, String(pattern)).toBe('offline');
    }
  });
});
