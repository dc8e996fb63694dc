import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as oxigraph from 'oxigraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARQL_LIMITS } from '@datahub/sparql';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { canonicalGraph, canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { freePort } from '../src/database/embedded-postgres';
import { HubDatasetStore } from '../src/dataset-data/hub-dataset-store.service';
import { startTestApi, type TestApi, type TestUser, stopProcess } from './harness';
import { expectW3cFormats } from './w3c-formats';
import { until } from './waiting';

/** A dataset above the hub's memory bound (here 2 KB) is queried where it lives, with the asker's own scopes. */
const AGENT = resolve(__dirname, '..', '..', 'datasource-agent', 'dist', 'cli.js');

let api: TestApi;
let dir: string;
let agent: ChildProcess | null = null;
let datasetId: string;
let owner: TestUser;
let grantee: TestUser;
let stranger: TestUser;
const turtle = readFixtureTurtle();

beforeAll(async () => {
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true', SPARQL_CACHE_MB: String(2 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  const noord = await api.createOrganization({ name: 'Glastuinbouw Noord' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  grantee = await api.createUser({ organizationId: west.id });
  stranger = await api.createUser({ organizationId: noord.id });
  const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron', hostname: '' } })).json();
  dir = await mkdtemp(join(tmpdir(), 'datahub-forwarded-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
  await mkdir(join(dir, 'data'));
  await writeFile(join(dir, 'data', 'kas.ttl'), turtle);
  await writeFile(join(dir, 'data', 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Kas Delta\n');
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
  const grant = await api.request(`/api/datasets/${datasetId}/authorisations`, {
    method: 'POST',
    token: owner.token,
    json: { dataset: datasetId, authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop'], assignee_organization: west.id },
  });
  expect(grant.status).toBe(201);
}, 90_000);

afterAll(async () => {
  await stopProcess(agent);
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a dataset above the memory bound', () => {
  it('is not copied; queries are answered by the data source over exactly the permitted subgraph', async () => {
    const queries = [
      { query: 'SELECT ?s ?p ?o WHERE { ?s ?p ?o }', graph: false },
      { query: 'CONSTRUCT WHERE { ?s ?p ?o }', graph: true },
      { query: 'ASK { ?s ?p "Heating" }', graph: false },
    ];
    for (const [user, scopes] of [
      [grantee, ['Dataset.ReadWater', 'Dataset.ReadCrop']],
      [owner, ['Dataset.ReadAll']],
    ] as const) {
      for (const { query, graph } of queries) {
        const response = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(query)}`, { token: user.token });
        expect(response.status, query).toBe(200);
        const body = await response.text();
        expect(graph ? canonicalGraph(body) : canonicalResults(body), `${scopes.join('+')}: ${query}`).toEqual(referenceAnswer(turtle, [...scopes], query, graph));
      }
    }
    expect(api.app.get(HubDatasetStore).engine.has(datasetId)).toBe(false);
    const xml = await api.request(`/api/datasets/${datasetId}/xml`, { token: grantee.token });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-disposition')).toBe('attachment; filename="kas-delta.xml"');
    const store = new oxigraph.Store();
    store.load(await xml.text(), { format: 'application/rdf+xml' });
    const graph = canonicalGraph(store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() }));
    expect(graph).toEqual(referenceAnswer(turtle, ['Dataset.ReadWater', 'Dataset.ReadCrop'], 'CONSTRUCT WHERE { ?s ?p ?o }', true));
    const refused = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, { token: stranger.token });
    expect(refused.status).toBe(403);
  }, 60_000);

  it("passes the data source's row cap on: 'X-Datahub-Truncated: true' with the rows it sent", async () => {
    const capped = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent('SELECT * WHERE { ?a ?b ?c . ?d ?e ?f }')}`, { token: owner.token });
    expect(capped.status).toBe(200);
    expect(capped.headers.get('x-datahub-truncated')).toBe('true');
    // The reference data source's own cap (SPARQL_LIMITS.maxRows).
    expect((await capped.json()).results.bindings).toHaveLength(SPARQL_LIMITS.maxRows);
    const whole = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent('SELECT * WHERE { ?s ?p ?o }')}`, { token: owner.token });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('x-datahub-truncated')).toBeNull();
    expect(api.app.get(HubDatasetStore).engine.has(datasetId)).toBe(false);
  }, 60_000);

  it('answers every W3C format the local path answers (by Accept), from the data source', async () => {
    await expectW3cFormats(
      (query, accept) => api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(query)}`, { token: grantee.token, ...(accept ? { headers: { accept } } : {}) }),
      turtle,
      ['Dataset.ReadWater', 'Dataset.ReadCrop'],
    );
    expect(api.app.get(HubDatasetStore).engine.has(datasetId)).toBe(false);
  }, 60_000);
});
