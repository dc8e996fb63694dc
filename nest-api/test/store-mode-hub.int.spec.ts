import * as oxigraph from 'oxigraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { canonicalGraph, canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { startVirtuoso, type TestVirtuoso } from 'datasource-agent/src/store/virtuoso-process';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { agentPort, startReferenceAgent, type ReferenceAgent } from './reference-agent';

/**
 * Issue 22 on small data, every part real: Virtuoso, the reference data source in store mode in front
 * of it, and the hub, which forwards (the dataset is above SPARQL_CACHE_MB). A grantee with one
 * category sees exactly that category, in queries and in the XML download. Virtuoso cuts every
 * answer at 10 rows here (ResultSetMaxRows): the download still holds every permitted triple,
 * because it streams the permitted graphs from the store rather than one capped CONSTRUCT.
 */
const STORE_MAX_ROWS = 10;
const EVERYTHING = 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }';
const turtle = readFixtureTurtle();

let virtuoso: TestVirtuoso;
let api: TestApi;
let agent: ReferenceAgent | undefined;
let datasetId: string;
let westOwner: TestUser;
let stranger: TestUser;

/** Numbers as Virtuoso keeps them (by value): compare numeric literals by value, the rest exactly. */
function sameNumbers(lines: string[]): string[] {
  return lines.map((line) => line.replace(/"([^"]*)"\^\^<(http:\/\/www\.w3\.org\/2001\/XMLSchema#(?:decimal|integer|double|float))>/g, (_m, lexical: string, type: string) => `"${Number(lexical)}"^^<${type}>`)).sort();
}

function readRdfXml(xml: string): string[] {
  const store = new oxigraph.Store();
  store.load(xml, { format: 'application/rdf+xml' });
  return canonicalGraph(store.query(EVERYTHING, { results_format: 'application/n-triples' }) as string);
}

beforeAll(async () => {
  virtuoso = await startVirtuoso({ maxRows: STORE_MAX_ROWS });
  const { port, env } = await agentPort();
  api = await startTestApi({ ...env, SPARQL_CACHE_MB: String(1 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  const other = await api.createOrganization({ name: 'Teler Oost' });
  stranger = await api.createUser({ organizationId: other.id, roles: ['Organization.Owner'] });
  agent = await startReferenceAgent(api, deltaOwner.token, turtle, { port, args: virtuoso.cliArgs });
  datasetId = agent.datasetId;
  const granted = await api.request(`/api/datasets/${datasetId}/authorisations`, { method: 'POST', token: deltaOwner.token, json: { dataset: datasetId, authorisations: ['Dataset.ReadWater'], assignee_organization: west.id } });
  expect(granted.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await agent?.stop();
  await api?.close();
  await virtuoso?.stop();
});

describe('a store-backed data source through the hub', () => {
  it('answers a grantee with exactly its category', async () => {
    const water = referenceAnswer(turtle, ['Dataset.ReadWater'], EVERYTHING, true) as string[];
    const all = canonicalGraph(turtle);
    expect(water.length).toBeGreaterThan(0);
    expect(water.length).toBeLessThan(all.length);
    const select = 'SELECT ?s ?type WHERE { ?s a ?type } ORDER BY ?s ?type LIMIT 8';
    const answer = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(select)}`, { token: westOwner.token, headers: { accept: 'application/sparql-results+json' } });
    expect(answer.status).toBe(200);
    expect(canonicalResults(await answer.text())).toEqual(referenceAnswer(turtle, ['Dataset.ReadWater'], select, false));
    // Another organisation, without a grant: refused at the hub.
    const refused = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(select)}`, { token: stranger.token });
    expect(refused.status).toBe(403);
  }, 60_000);

  it('streams the XML download of the permitted graphs whole, past the store’s own row cut', async () => {
    const water = referenceAnswer(turtle, ['Dataset.ReadWater'], EVERYTHING, true) as string[];
    expect(water.length, 'the permitted graph is larger than one store answer').toBeGreaterThan(STORE_MAX_ROWS);
    const xml = await api.request(`/api/datasets/${datasetId}/xml`, { token: westOwner.token });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/rdf\+xml/);
    expect(sameNumbers(readRdfXml(await xml.text()))).toEqual(sameNumbers(water));
    expect((await api.request(`/api/datasets/${datasetId}/xml`, { token: stranger.token })).status).toBe(403);
  }, 60_000);
});
