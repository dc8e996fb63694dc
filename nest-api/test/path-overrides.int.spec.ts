import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ERRORS } from '@datahub/domain';
import { freePort } from '../src/database/embedded-postgres';
import { DiscoveryService } from '../src/hub/discovery.service';
import { startTestApi, type TestApi, type TestUser } from './harness';

/**
 * Path overrides are paths at the data source's own host: a pattern cannot send the hub
 * anywhere else. The 'elsewhere' listener stands for any other host and must never be reached.
 */
let api: TestApi;
let owner: TestUser;
let source: Server;
let elsewhere: Server;
let sourcePort: number;
let elsewherePort: number;
const hits = { source: 0, elsewhere: 0 };

beforeAll(async () => {
  [sourcePort, elsewherePort] = [await freePort(), await freePort()];
  source = createServer((_q, r) => {
    hits.source += 1;
    r.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"Bron"}');
  });
  elsewhere = createServer((_q, r) => {
    hits.elsewhere += 1;
    r.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"Gekaapt"}');
  });
  await new Promise<void>((r) => source.listen(sourcePort, '127.0.0.1', r));
  await new Promise<void>((r) => elsewhere.listen(elsewherePort, '127.0.0.1', r));
  // Loopback is allowed here so that only the path rules stand between the hub and 'elsewhere'.
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true' });
  const organization = await api.createOrganization();
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
});
afterAll(async () => {
  await api?.close();
  source?.close();
  elsewhere?.close();
});

async function newSource(): Promise<string> {
  const created = await api.request('/api/datasources', {
    method: 'POST',
    token: owner.token,
    json: { name: `Bron ${Math.random()}`, hostname: `127.0.0.1:${sourcePort}` },
  });
  if (created.status !== 201) {
    // One host per data source: reuse the existing one.
    const [row] = await api.db.query('SELECT id FROM datasources WHERE hostname = $1', [`127.0.0.1:${sourcePort}`]);
    return row.id;
  }
  return (await created.json()).datasource_id;
}

function put(id: string, kind: string, pattern: string) {
  return api.request(`/api/datasources/${id}/path-overrides/${kind}`, { method: 'PUT', token: owner.token, json: { path_override_pattern: pattern } });
}

const other = () => `127.0.0.1:${elsewherePort}`;

describe('path override patterns', () => {
  it.each([
    ['dataset', () => '//169.254.169.254/{DATASET_ID}'],
    ['dataset', () => `//${other()}/{DATASET_ID}`],
    ['dataset', () => '/../{DATASET_ID}'],
    ['dataset', () => '/a/./{DATASET_ID}'],
    ['dataset', () => '/%2e%2e/{DATASET_ID}'],
    ['dataset', () => '/a%2f..%2f{DATASET_ID}'],
    ['dataset', () => '/a//{DATASET_ID}'],
    ['dataset', () => '/a\\{DATASET_ID}'],
    ['dataset', () => `http://${other()}/{DATASET_ID}`],
    ['dataset', () => `/@${other()}/{DATASET_ID}`],
    ['dataset', () => 'datasets/{DATASET_ID}'],
    ['dataset_metadata', () => '//169.254.169.254/{DATASET_ID}'],
    ['dataset_metadata', () => '/../{DATASET_ID}/metadata'],
    ['host', () => `{host}@${other()}`],
    ['host', () => 'http://{host}.nip.io'],
    ['host', () => '{host}/../x'],
    ['host', () => '{host}//x'],
    ['host', () => '{host}\\@x'],
    ['host', () => 'ftp://{host}'],
  ])('refuses %s pattern %s', async (kind, pattern) => {
    const id = await newSource();
    const response = await put(id, kind, pattern());
    expect(response.status, pattern()).toBe(422);
    expect((await response.json()).errors).toEqual({ path_override_pattern: FIELD_ERRORS.invalid });
  });

  it.each([
    ['dataset', '/api/v2/datasets/{DATASET_ID}'],
    ['dataset_metadata', '/api/datasets/{DATASET_ID}/meta'],
    ['host', 'https://{host}/hub'],
    ['host', '{host}'],
  ])('accepts %s pattern %s', async (kind, pattern) => {
    expect((await put(await newSource(), kind, pattern)).status).toBe(200);
  });
});

describe('the URL the hub builds', () => {
  it('never leaves the data source host, even for patterns stored before the rules', async () => {
    const id = await newSource();
    await api.db.query('DELETE FROM datasource_path_overrides WHERE datasource_id = $1', [id]);
    await api.db.query(`INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, 'Oud', 'offline')`, [
      id,
      `oud-${Math.random().toString(36).slice(2)}`,
    ]);
    const discovery = api.app.get(DiscoveryService);
    for (const [kind, pattern] of [
      ['host', `{host}@${other()}`],
      ['host', `http://{host}@${other()}`],
      ['dataset_metadata', `@${other()}/{DATASET_ID}`],
      ['dataset_metadata', `/..//${other()}/{DATASET_ID}`],
    ]) {
      await api.db.query(
        `INSERT INTO datasource_path_overrides (datasource_id, path, pattern) VALUES ($1, $2, $3)
         ON CONFLICT (datasource_id, path) DO UPDATE SET pattern = EXCLUDED.pattern`,
        [id, kind, pattern],
      );
      await discovery.discoverDatasource(id);
      await api.db.query('DELETE FROM datasource_path_overrides WHERE datasource_id = $1', [id]);
    }
    expect(hits.elsewhere).toBe(0);
    // The data source itself was called: the test would pass vacuously otherwise.
    expect(hits.source).toBeGreaterThan(0);
  });
});
