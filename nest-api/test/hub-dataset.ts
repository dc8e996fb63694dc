import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EDGE_CASES_TTL } from '../../libs/sparql/src/testing/fixtures';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, stopProcess, type ApiResponse, type TestApi, type TestUser } from './harness';

const AGENT = resolve(__dirname, '..', '..', 'datasource-agent', 'dist', 'cli.js');

export interface HubWithDataset {
  api: TestApi;
  /** The dataset the real reference data source serves, online at the hub. */
  datasetId: string;
  turtle: string;
  /** The data source's data folder (kas.ttl, datasets.yaml): rewrite it to change the dataset. */
  dataDir: string;
  /** The data source's process. */
  agent: ChildProcess;
  owner: { organization: { id: string; slug: string }; user: TestUser };
  /** Grants `scopes` on the dataset to `organization` (as its owner), valid through `expiration` (YYYY-MM-DD) when given. */
  grant: (scopes: string[], organization: { id: string }, expiration?: string) => Promise<void>;
  /** A SPARQL query through the API as `user`. */
  ask: (user: TestUser, query: string) => Promise<ApiResponse>;
  close: () => Promise<void>;
}

/**
 * The real API (with `env`) and the real reference data source serving the fixture (plus its edge
 * cases) as one dataset of the organisation 'Kwekerij Delta', online at the hub.
 */
export async function startHubWithDataset(env: Record<string, string>): Promise<HubWithDataset> {
  const port = await freePort();
  const api = await startTestApi({ PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${port}`, ...env });
  const organization = await api.createOrganization({ name: 'Kwekerij Delta' });
  const user = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  const created = await (await api.request('/api/datasources', { method: 'POST', token: user.token, json: { name: 'Kasbron', hostname: '' } })).json();
  const dir = await mkdtemp(join(tmpdir(), 'datahub-hub-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
  await mkdir(join(dir, 'data'));
  const turtle = readFixtureTurtle() + '\n' + EDGE_CASES_TTL;
  await writeFile(join(dir, 'data', 'kas.ttl'), turtle);
  await writeFile(join(dir, 'data', 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Kas Delta\n    about: Versie 1\n');
  const agent: ChildProcess = spawn(
    process.execPath,
    [AGENT, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', api.baseUrl, '--port', String(port), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  let datasetId: string | undefined;
  for (let attempt = 0; attempt < 240 && !datasetId; attempt += 1) {
    const rows: { id: string; status: string }[] = await api.db.query('SELECT id, status FROM datasets WHERE datasource_id = $1', [created.datasource_id]);
    if (rows[0]?.status === 'online') datasetId = rows[0].id;
    else await new Promise((r) => setTimeout(r, 250));
  }
  if (!datasetId) throw new Error('the dataset did not come online');
  const id = datasetId;
  return {
    api,
    datasetId: id,
    turtle,
    dataDir: join(dir, 'data'),
    agent,
    owner: { organization, user },
    async grant(scopes, assignee, expiration) {
      const response = await api.request(`/api/datasets/${id}/authorisations`, {
        method: 'POST',
        token: user.token,
        json: { dataset: id, authorisations: scopes, assignee_organization: assignee.id, ...(expiration ? { expiration_date: expiration } : {}) },
      });
      if (response.status !== 201) throw new Error(`granting answered ${response.status}`);
    },
    ask: (asker, query) => api.request(`/api/datasets/${id}/data?sparql_query=${encodeURIComponent(query)}`, { token: asker.token }),
    async close() {
      await stopProcess(agent);
      await api.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
