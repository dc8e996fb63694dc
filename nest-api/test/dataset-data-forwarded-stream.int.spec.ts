import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as oxigraph from 'oxigraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { canonicalGraph, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, type TestApi, type TestUser, stopProcess } from './harness';
import { until } from './waiting';

/**
 * Issue 22: the hub never holds a whole big forwarded answer. Here every answer above 2 KB is "big"
 * (SPARQL_MAX_ANSWER_MB): a forwarded query that large is refused, while the XML download (about
 * 20 KB of RDF/XML) is streamed through whole.
 */
const AGENT = resolve(__dirname, '..', '..', 'datasource-agent', 'dist', 'cli.js');

let api: TestApi;
let dir: string;
let agent: ChildProcess | null = null;
let datasetId: string;
let owner: TestUser;
const turtle = readFixtureTurtle();

beforeAll(async () => {
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true', SPARQL_CACHE_MB: String(2 / 1024), SPARQL_MAX_ANSWER_MB: String(2 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron', hostname: '' } })).json();
  dir = await mkdtemp(join(tmpdir(), 'datahub-forwarded-stream-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
  await mkdir(join(dir, 'data'));
  await writeFile(join(dir, 'data', 'kas.ttl'), turtle);
  const port = await freePort();
  agent = spawn(
    process.execPath,
    [AGENT, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', api.baseUrl, '--port', String(port), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
  datasetId = await until(async () => {
    const rows: { id: string; status: string }[] = await api.db.query('SELECT id, status FROM datasets WHERE datasource_id = $1', [created.datasource_id]);
    return rows[0]?.status === 'online' ? rows[0].id : undefined;
  }, 'the dataset to come online');
}, 90_000);

afterAll(async () => {
  await stopProcess(agent);
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('forwarded answers above SPARQL_MAX_ANSWER_MB', () => {
  it('streams the XML download through whole', async () => {
    const xml = await api.request(`/api/datasets/${datasetId}/xml`, { token: owner.token });
    expect(xml.status).toBe(200);
    const text = await xml.text();
    expect(text.length).toBeGreaterThan(2 * 1024);
    const store = new oxigraph.Store();
    store.load(text, { format: 'application/rdf+xml' });
    const graph = canonicalGraph(store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() }));
    expect(graph).toEqual(referenceAnswer(turtle, ['Dataset.ReadAll'], 'CONSTRUCT WHERE { ?s ?p ?o }', true));
  }, 60_000);

  it('refuses a query answer that large instead of holding it', async () => {
    const response = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent('SELECT ?s ?p ?o WHERE { ?s ?p ?o }')}`, { token: owner.token });
    expect(response.status).toBe(502);
  });
});
