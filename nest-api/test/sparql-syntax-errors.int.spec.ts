import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARQL_ERROR_TEXTS } from '@datahub/domain';
import type { TestApi, TestUser } from './harness';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';

/**
 * Issue 37 item 6: a query with a syntax error is answered with what and where in Dutch, on the
 * portal's endpoint (errors.sparql_query) and the SPARQL protocol endpoint alike — also for the rules
 * sparqljs checks after parsing, which carry no location and used to come back in English.
 */
let hub: HubWithDataset;
let api: TestApi;
let owner: TestUser;

beforeAll(async () => {
  hub = await startHubWithDataset({ SPARQL_WORKERS: '1' });
  api = hub.api;
  owner = hub.owner.user;
}, 120_000);

afterAll(async () => {
  await hub?.close();
});

async function dataError(query: string): Promise<{ status: number; body: unknown }> {
  const response = await api.request(`/api/datasets/${hub.datasetId}/data?sparql_query=${encodeURIComponent(query)}`, { token: owner.token });
  return { status: response.status, body: await response.json() };
}

async function protocolError(query: string): Promise<{ status: number; text: string }> {
  const response = await api.request(`/api/datasets/${hub.datasetId}/sparql?query=${encodeURIComponent(query)}`, { token: owner.token, headers: { accept: 'application/sparql-results+json' } });
  return { status: response.status, text: await response.text() };
}

describe('a syntax error', () => {
  it('names the whole misspelt keyword and its line and column', async () => {
    const query = 'SELECT * WHERE { ?s ?p ?o }\nLIMT 5';
    expect(await dataError(query)).toEqual({
      status: 400,
      body: { statusCode: 400, detail: 'syntax_error', errors: { sparql_query: "Regel 2, kolom 1: hier verwacht de query iets anders dan 'LIMT'. Controleer de spelling en wat ervoor staat." } },
    });
  });

  it('places a selected variable that is not grouped, in Dutch, on both endpoints', async () => {
    const query = 'SELECT ?s (COUNT(?o) AS ?n)\nWHERE { ?s ?p ?o }';
    const expected = SPARQL_ERROR_TEXTS.syntax(1, 8, '?s', { kind: 'ungrouped_variable', variable: '?s' });
    expect(expected).toMatch(/^Regel 1, kolom 8: \?s staat in SELECT/);
    expect(await dataError(query)).toEqual({ status: 400, body: { statusCode: 400, detail: 'syntax_error', errors: { sparql_query: expected } } });
    const protocol = await protocolError(query);
    expect(protocol.status).toBe(400);
    expect(protocol.text).toContain(expected);
    expect(protocol.text).not.toMatch(/Projection|ungrouped/);
  });

  it('places VALUES rows of the wrong length and a BIND to a bound variable', async () => {
    expect(((await dataError('SELECT * WHERE {\n VALUES (?a ?b) { (1) } }')).body as { errors: { sparql_query: string } }).errors.sparql_query).toBe(
      SPARQL_ERROR_TEXTS.syntax(2, 2, 'VALUES', { kind: 'values_length', variable: '' }),
    );
    expect(((await dataError('SELECT * WHERE {\n  ?s ?p ?o\n  BIND(1 AS ?o) }')).body as { errors: { sparql_query: string } }).errors.sparql_query).toMatch(
      /^Regel 3, kolom 13: \?o heeft hier al een waarde/,
    );
  });
});
