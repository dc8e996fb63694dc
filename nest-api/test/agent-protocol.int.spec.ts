import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DatasetScope } from '@datahub/domain';
import jwt from 'jsonwebtoken';
import { Parser } from 'n3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalGraph, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { freePort } from '../src/database/embedded-postgres';
import { DEFAULT_PATTERNS } from '../src/hub/datasource-urls';
import { DiscoveryService } from '../src/hub/discovery.service';
import { OutboundClient } from '../src/hub/outbound';
import { signHubToken } from '../src/hub/protocol-tokens';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { until } from './waiting';

/** The reference data source (a real process) and the hub (the real API) talking over loopback. */
const AGENT = resolve(__dirname, '..', '..', 'datasource-agent', 'dist', 'cli.js');
const FIXTURE = resolve(__dirname, '..', '..', 'fixtures', 'voorbeeldkas.ttl');

let api: TestApi;
let dir: string;
let agent: ChildProcess | null = null;
let agentPort: number;
let datasourceId: string;
let owner: TestUser;
let created: { datasource_id: string; credentials: { datasource_id: string; secret: string } };

function startAgent() {
  agent = spawn(
    process.execPath,
    [AGENT, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', api.baseUrl, '--port', String(agentPort), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${agentPort}`],
    { stdio: 'ignore' },
  );
}

async function stopAgent() {
  if (!agent || agent.exitCode !== null) return;
  const exited = new Promise((r) => agent!.once('exit', r));
  agent.kill('SIGTERM');
  await exited;
}

async function statuses(): Promise<Record<string, string>> {
  const rows: { name: string; status: string }[] = await api.db.query('SELECT name, status FROM datasets WHERE datasource_id = $1', [datasourceId]);
  return Object.fromEntries(rows.map((row) => [row.name, row.status]));
}

beforeAll(async () => {
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true' });
  const organization = await api.createOrganization({ name: 'Kwekerij Delta' });
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron', hostname: '' } })).json();
  datasourceId = created.datasource_id;
  dir = await mkdtemp(join(tmpdir(), 'datahub-agent-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
  await import('node:fs/promises').then((fs) => fs.mkdir(join(dir, 'data')));
  await copyFile(FIXTURE, join(dir, 'data', 'kas.ttl'));
  await writeFile(
    join(dir, 'data', 'datasets.yaml'),
    'datasets:\n  - file: kas.ttl\n    name: Kas Delta\n    about: Voorbeeldkas\n    contact: data@kwekerij-delta.test\n    additional_info: Uit de fixtures\n',
  );
  agentPort = await freePort();
}, 60_000);

afterAll(async () => {
  await stopAgent();
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the reference data source and the hub', () => {
  it('registers its host and dataset; discovery pulls the metadata and sets it online', async () => {
    startAgent();
    await until(async () => ((await statuses())['Kas Delta'] === 'online' ? true : undefined), 'the dataset to come online');
    const [row] = await api.db.query('SELECT hostname FROM datasources WHERE id = $1', [datasourceId]);
    expect(row.hostname).toBe(`127.0.0.1:${agentPort}`);
    const [dataset] = await api.db.query('SELECT slug, about, contact, additional_info FROM datasets WHERE datasource_id = $1', [datasourceId]);
    expect(dataset).toEqual({ slug: 'kas-delta', about: 'Voorbeeldkas', contact: 'data@kwekerij-delta.test', additional_info: 'Uit de fixtures' });
  }, 90_000);

  it("keeps the dataset's size in triples from its metadata and shows it in the dataset view", async () => {
    const triples = new Parser().parse(await readFile(FIXTURE, 'utf8')).length;
    const [row] = await api.db.query('SELECT triples FROM datasets WHERE datasource_id = $1', [datasourceId]);
    expect(Number(row.triples)).toBe(triples);
    const view = await (await api.request('/api/datasets/kas-delta', { token: owner.token })).json();
    expect(view).toMatchObject({ slug: 'kas-delta', triples });
  });

  it('keeps the categories present that the agent reports and lists them in the catalogue', async () => {
    // The fixture holds every category: all of them, in the fixed order of the dataset scopes.
    const every = ['Construction', 'Water', 'Heating', 'Crop', 'Glass', 'Other', 'Roof', 'VenloGreenhouse'];
    const [row] = await api.db.query('SELECT categories FROM datasets WHERE datasource_id = $1', [datasourceId]);
    expect(row.categories).toEqual(every);
    const listed = (await (await api.request('/api/datasets', { token: owner.token })).json()) as { slug: string; categories: string[] | null }[];
    expect(listed.find((dataset) => dataset.slug === 'kas-delta')?.categories).toEqual(every);
  });

  it('turns offline when the agent stops and online again when it returns', async () => {
    await stopAgent();
    await api.app.get(DiscoveryService).discoverDatasource(datasourceId);
    expect(await statuses()).toEqual({ 'Kas Delta': 'offline' });
    startAgent();
    await until(async () => {
      await api.app.get(DiscoveryService).discoverDatasource(datasourceId);
      return (await statuses())['Kas Delta'] === 'online' ? true : undefined;
    }, 'the dataset to come back online');
  }, 90_000);

  it("answers the hub's own tokens with exactly the subgraph of their scopes (n3 reference)", async () => {
    const fixture = await readFile(FIXTURE, 'utf8');
    const [{ id: datasetId }] = await api.db.query('SELECT id FROM datasets WHERE datasource_id = $1', [datasourceId]);
    const client = new OutboundClient({ allowPrivate: true, maxBytes: 4 * 1024 * 1024 });
    const everything = 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }';
    const url = `http://127.0.0.1:${agentPort}${DEFAULT_PATTERNS.dataset.replace('{DATASET_ID}', datasetId)}?sparql_query=${encodeURIComponent(everything)}`;
    const scopeSets: DatasetScope[][] = [['Dataset.ReadAll'], ['Dataset.ReadWater'], ['Dataset.ReadHeating', 'Dataset.ReadCrop'], ['Dataset.ReadGlass', 'Dataset.ReadOther'], ['Dataset.ReadRoof'] /* none in the fixture: nothing */];
    try {
      for (const scopes of scopeSets) {
        const token = signHubToken(created.credentials.secret, { datasetId, organizationSlug: 'kassenbouw-west', scopes });
        const response = await client.get(url, { authorization: `Bearer ${token}`, accept: 'text/turtle' });
        expect(response.status, scopes.join('+')).toBe(200);
        // The reference: triples picked with n3, the query run on a plain oxigraph store of just those.
        const expected = referenceAnswer(fixture, scopes, everything, true) as string[];
        expect(canonicalGraph(response.body.toString('utf8')), scopes.join('+')).toEqual(expected);
      }
      // A token for another dataset is refused, whatever its scopes.
      const foreign = signHubToken(created.credentials.secret, { datasetId: '00000000-0000-4000-8000-000000000000', organizationSlug: 'kassenbouw-west', scopes: ['Dataset.ReadAll'] });
      expect((await client.get(url, { authorization: `Bearer ${foreign}` })).status).toBe(401);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('cuts the running agent off at once when a new key is issued, in both directions, until it gets the new key', async () => {
    const oldSecret = created.credentials.secret;
    const rotated = await (await api.request(`/api/datasources/${datasourceId}/new-key`, { token: owner.token })).json();
    expect(rotated.credentials.secret).not.toBe(oldSecret);
    // Hub → agent: discovery signs with the new key, which the agent (still on the old one) refuses.
    await api.app.get(DiscoveryService).discoverDatasource(datasourceId);
    expect(await statuses()).toEqual({ 'Kas Delta': 'offline' });
    // Agent → hub: a token signed with the old key is refused.
    const iat = Math.floor(Date.now() / 1000);
    const oldToken = jwt.sign({ iss: `datahub-datasource:${datasourceId}`, aud: 'datahub-portal-api', sub: datasourceId, iat, exp: iat + 300 }, oldSecret, { algorithm: 'HS256' });
    expect((await api.request('/api/datasource-protocol/datasets', { token: oldToken })).status).toBe(401);

    await stopAgent();
    created = rotated;
    await writeFile(join(dir, 'credentials.json'), JSON.stringify(rotated));
    startAgent();
    await until(async () => {
      await api.app.get(DiscoveryService).discoverDatasource(datasourceId);
      return (await statuses())['Kas Delta'] === 'online' ? true : undefined;
    }, 'the dataset to come online with the new key');
  }, 90_000);

  it("refuses an agent that claims another data source's host; the agent says so and still registers its datasets", async () => {
    const second = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron twee', hostname: '' } })).json();
    const secondDir = join(dir, 'tweede');
    await mkdir(join(secondDir, 'data'), { recursive: true });
    await writeFile(join(secondDir, 'credentials.json'), JSON.stringify(second));
    await copyFile(FIXTURE, join(secondDir, 'data', 'kas.ttl'));
    await writeFile(join(secondDir, 'data', 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Kas Twee\n');
    const port = await freePort();
    const impostor = spawn(
      process.execPath,
      [AGENT, '--credentials', join(secondDir, 'credentials.json'), '--data', join(secondDir, 'data'), '--hub', api.baseUrl, '--port', String(port), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${agentPort}`],
      { stdio: 'ignore' },
    );
    try {
      const hub = await until(async () => {
        type Health = { hub?: { ok: boolean; last_error?: string } };
        const answer = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.json() as Promise<Health>, () => undefined);
        return answer?.hub && answer.hub.ok === false ? answer.hub : undefined;
      }, "the agent to report the hub's refusal");
      expect(hub.last_error).toContain(`127.0.0.1:${agentPort}`);
      expect(hub.last_error).toContain('409');
      await until(async () => {
        const rows = await api.db.query('SELECT name FROM datasets WHERE datasource_id = $1', [second.datasource_id]);
        return rows.length === 1 ? true : undefined;
      }, 'its dataset to be registered');
      const [row] = await api.db.query('SELECT hostname FROM datasources WHERE id = $1', [second.datasource_id]);
      expect(row.hostname).toBeNull();
      const [first] = await api.db.query('SELECT hostname FROM datasources WHERE id = $1', [datasourceId]);
      expect(first.hostname).toBe(`127.0.0.1:${agentPort}`);
    } finally {
      const exited = new Promise((r) => impostor.once('exit', r));
      impostor.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
