import * as oxigraph from 'oxigraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARQL_ERROR_TEXTS, SPARQL_PROTOCOL_TEXTS } from '@datahub/domain';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { canonicalGraph, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { agentPort, startReferenceAgent, type ReferenceAgent } from './reference-agent';

/**
 * Issue 22: the hub never holds a whole big forwarded answer. Here every answer above 2 KB is "big"
 * (SPARQL_MAX_ANSWER_MB): a forwarded query that large is refused, while the XML download (about
 * 20 KB of RDF/XML) is streamed through whole.
 */
let api: TestApi;
let agent: ReferenceAgent | undefined;
let datasetId: string;
let owner: TestUser;
const turtle = readFixtureTurtle();

beforeAll(async () => {
  const { port, env } = await agentPort();
  api = await startTestApi({ ...env, SPARQL_CACHE_MB: String(2 / 1024), SPARQL_MAX_ANSWER_MB: String(2 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  agent = await startReferenceAgent(api, owner.token, turtle, { port });
  datasetId = agent.datasetId;
}, 90_000);

afterAll(async () => {
  await agent?.stop();
  await api?.close();
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
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors?: { sparql_query?: string } };
    expect(body.errors?.sparql_query).toBe(SPARQL_ERROR_TEXTS.answerTooLarge(2 / 1024));
  });

  it('refuses it on the SPARQL protocol endpoint as 413 with the short Dutch text', async () => {
    const response = await api.request(`/api/datasets/${datasetId}/sparql?query=${encodeURIComponent('SELECT ?s ?p ?o WHERE { ?s ?p ?o }')}`, { token: owner.token });
    expect(response.status).toBe(413);
    expect((await response.text()).trim()).toBe(SPARQL_PROTOCOL_TEXTS.tooLarge);
  });
});
