import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oxigraph from 'oxigraph';
import { SPARQL_PROTOCOL_TEXTS as TEXTS, SPARQL_REFUSAL_TEXTS } from '@datahub/domain';
import { canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { agentPort, startReferenceAgent, type ReferenceAgent } from './reference-agent';
import { expectW3cFormats } from './w3c-formats';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';

/** The SPARQL 1.1 Protocol endpoint (issue 21) with a grantee organisation's API token, over real HTTP. */
const DEADLINE_MS = 3000;
const PREFIXES = 'PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>\n';
const WATER = ['Dataset.ReadWater'];

let api: TestApi;
let hub: ReferenceAgent & { turtle: string };
let owner: TestUser;
let westOwner: TestUser;
let westToken: string;
let outsiderToken: string;
let endpoint: string;

type Form = 'get' | 'form' | 'body';
const FORMS: Form[] = ['get', 'form', 'body'];

function ask(form: Form, query: string, accept?: string, token = westToken): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) };
  if (form === 'get') return fetch(`${endpoint}?query=${encodeURIComponent(query)}`, { headers });
  if (form === 'form')
    return fetch(endpoint, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ query }).toString() });
  return fetch(endpoint, { method: 'POST', headers: { ...headers, 'content-type': 'application/sparql-query' }, body: query });
}

async function organizationToken(user: TestUser, organizationId: string, scopes: string[]): Promise<string> {
  const response = await api.request(`/api/organizations/${organizationId}/api-tokens`, {
    method: 'POST',
    token: user.token,
    json: { name: 'YASGUI', scopes, expires_in_days: 30 },
  });
  expect(response.status).toBe(201);
  return (await response.json()).token;
}

async function expectText(response: Response, status: number, text: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  const body = (await response.text()).trim();
  if (typeof text === 'string') expect(body).toBe(text);
  else expect(body).toMatch(text);
}

beforeAll(async () => {
  const { port, env } = await agentPort();
  api = await startTestApi({ ...env, SPARQL_DEADLINE_MS: String(DEADLINE_MS), SPARQL_WORKERS: '2', SPARQL_MAX_ROWS: '50' });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  const noord = await api.createOrganization({ name: 'Glastuinbouw Noord' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  const noordOwner = await api.createUser({ organizationId: noord.id, roles: ['Organization.Owner'] });
  const turtle = readFixtureTurtle();
  hub = { ...(await startReferenceAgent(api, owner.token, turtle, { port, name: 'Protocolbron' })), turtle };
  endpoint = `${api.baseUrl}/api/datasets/${hub.datasetId}/sparql`;
  const granted = await api.request(`/api/datasets/${hub.datasetId}/authorisations`, {
    method: 'POST',
    token: owner.token,
    json: { dataset: hub.datasetId, authorisations: WATER, assignee_organization: west.id },
  });
  expect(granted.status).toBe(201);
  westToken = await organizationToken(westOwner, west.id, ['data:read']);
  outsiderToken = await organizationToken(noordOwner, noord.id, ['data:read']);
}, 90_000);

afterAll(async () => {
  await hub?.stop();
  await api?.close();
});

describe('SPARQL 1.1 Protocol endpoint', () => {
  it('answers a grantee token exactly its permitted categories through all three request forms, in every W3C format', async () => {
    const query = PREFIXES + 'SELECT ?s ?cat WHERE { ?s cgo:hasCategory ?cat }';
    for (const form of FORMS) {
      const response = await ask(form, query);
      expect(response.status, form).toBe(200);
      expect(canonicalResults(await response.text()), form).toEqual(referenceAnswer(hub.turtle, WATER, query, false));
      await expectW3cFormats((text, accept) => ask(form, text, accept), hub.turtle, WATER);
    }
  }, 60_000);

  it('negotiates with q values and wildcards, and answers 406 when nothing matches', async () => {
    const select = PREFIXES + 'SELECT ?s WHERE { ?s cgo:hasCategory "Water" } LIMIT 1';
    const construct = PREFIXES + 'CONSTRUCT WHERE { ?s cgo:hasCategory "Water" }';
    const type = async (query: string, accept: string) => (await ask('get', query, accept)).headers.get('content-type');
    expect(await type(select, 'text/csv;q=0.5, application/sparql-results+xml')).toBe('application/sparql-results+xml; charset=utf-8');
    expect(await type(select, 'text/*;q=0.9, application/sparql-results+json;q=0.2')).toBe('text/csv; charset=utf-8');
    expect(await type(select, '*/*')).toBe('application/sparql-results+json; charset=utf-8');
    expect(await type(construct, 'application/rdf+xml;q=0.4, application/ld+json;q=0.8')).toBe('application/ld+json; charset=utf-8');
    expect(await type(construct, 'application/rdf+xml')).toBe('application/rdf+xml; charset=utf-8');
    expect(await type(construct, 'text/csv, */*;q=0.1')).toBe('text/turtle; charset=utf-8');
    await expectText(await ask('get', select, 'text/turtle'), 406, TEXTS.notAcceptable);
    await expectText(await ask('form', construct, 'text/csv, application/sparql-results+json'), 406, TEXTS.notAcceptable);
    await expectText(await ask('get', PREFIXES + 'ASK { ?s cgo:hasCategory "Water" }', 'text/csv'), 406, TEXTS.notAcceptable);
  });

  it('answers every protocol error with its status and a short text body', async () => {
    const select = 'SELECT * WHERE { ?s ?p ?o } LIMIT 1';
    const headers = { authorization: `Bearer ${westToken}` };
    const form = (body: string) => fetch(endpoint, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body });
    await expectText(await form(''), 400, TEXTS.noQuery);
    await expectText(await fetch(endpoint, { method: 'POST', headers: { ...headers, 'content-type': 'application/sparql-query' }, body: '' }), 400, TEXTS.refused(SPARQL_REFUSAL_TEXTS.empty_query));
    await expectText(await fetch(`${endpoint}?query=${encodeURIComponent(select)}&query=${encodeURIComponent(select)}`, { headers }), 400, TEXTS.twoQueries);
    await expectText(await form(`query=${encodeURIComponent(select)}&update=${encodeURIComponent('CLEAR ALL')}`), 400, TEXTS.update);
    await expectText(await form(`update=${encodeURIComponent('INSERT DATA { <urn:a> <urn:b> <urn:c> }')}`), 400, TEXTS.update);
    await expectText(await ask('body', 'INSERT DATA { <urn:a> <urn:b> <urn:c> }'), 400, TEXTS.refused(SPARQL_REFUSAL_TEXTS.update_not_allowed));
    await expectText(await ask('get', 'SELECT * WHERE {\n  ?s ?p ?o\n  FILTER(\n}'), 400, /^Ongeldige query: Regel 4, kolom 1: /);
    await expectText(await fetch(`${endpoint}?query=${encodeURIComponent(select)}&default-graph-uri=urn:g`, { headers }), 400, TEXTS.graphParameters);
    await expectText(await fetch(`${endpoint}?named-graph-uri=urn:g`, { method: 'POST', headers: { ...headers, 'content-type': 'application/sparql-query' }, body: select }), 400, TEXTS.graphParameters);
    await expectText(await fetch(endpoint, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: select }) }), 415, TEXTS.mediaType);
    await expectText(await ask('get', select, undefined, outsiderToken), 403, TEXTS.forbidden);
    await expectText(
      await fetch(`${api.baseUrl}/api/datasets/00000000-0000-4000-8000-000000000000/sparql?query=${encodeURIComponent(select)}`, { headers }),
      404,
      TEXTS.notFound,
    );
    // The deadline (504), and the per-token limit of queries at once (two; a third: 429), as for …/data.
    const runaway = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o . ?p ?q ?r }';
    const three = await Promise.all([0, 1, 2].map(() => ask('get', runaway)));
    expect(three.map((response) => response.status).sort()).toEqual([429, 504, 504]);
    for (const response of three) await expectText(response, response.status, response.status === 429 ? TEXTS.tooMany : TEXTS.timeout);
    // The owner organisation's token on its dataset while it is offline: 503.
    const ownerToken = await organizationToken(owner, (await api.db.query('SELECT organization_id FROM users WHERE id = $1', [owner.id]))[0].organization_id, ['data:read']);
    await api.db.query(`UPDATE datasets SET status = 'offline' WHERE id = $1`, [hub.datasetId]);
    try {
      await expectText(await ask('form', select, undefined, ownerToken), 503, TEXTS.offline);
    } finally {
      await api.db.query(`UPDATE datasets SET status = 'online' WHERE id = $1`, [hub.datasetId]);
    }
  }, 30_000);

  it('downloads (POST …/sparql/download) are not cut at the display cap, in CSV, TSV and JSON', async () => {
    const query = 'SELECT ?a ?d WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?a ?d LIMIT 300';
    const download = (accept: string) =>
      fetch(`${endpoint}/download`, { method: 'POST', headers: { authorization: `Bearer ${westToken}`, accept, 'content-type': 'application/sparql-query' }, body: query });
    const csv = await download('text/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('x-datahub-truncated')).toBeNull();
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(1 + 300);
    const tsv = await download('text/tab-separated-values');
    expect((await tsv.text()).trimEnd().split('\n')).toHaveLength(1 + 300);
    const json = await download('application/sparql-results+json');
    expect(((await json.json()) as { results: { bindings: unknown[] } }).results.bindings).toHaveLength(300);
    // 50,000 rows (issue 25: 'downloads CSV of 50,000 rows').
    const many = await fetch(`${endpoint}/download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${westToken}`, accept: 'text/csv', 'content-type': 'application/sparql-query' },
      body: 'SELECT ?a ?d ?g ?j WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l } LIMIT 50000',
    });
    expect(many.status).toBe(200);
    expect(many.headers.get('x-datahub-truncated')).toBeNull();
    expect((await many.text()).trimEnd().split('\r\n')).toHaveLength(1 + 50_000);
    // The same query through the protocol endpoint itself stays capped.
    expect((await ask('body', query, 'text/csv')).headers.get('x-datahub-truncated')).toBe('true');
    // A download needs a query (no service description), and keeps the endpoint's access rules.
    const empty = await fetch(`${endpoint}/download`, { method: 'POST', headers: { authorization: `Bearer ${westToken}`, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    await expectText(empty, 400, TEXTS.noQuery);
    const outsider = await fetch(`${endpoint}/download`, { method: 'POST', headers: { authorization: `Bearer ${outsiderToken}`, 'content-type': 'application/sparql-query' }, body: query });
    expect(outsider.status).toBe(403);
  });

  it('caps rows with X-Datahub-Truncated as the data endpoint does', async () => {
    const capped = await ask('get', 'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f }');
    expect(capped.status).toBe(200);
    expect(capped.headers.get('x-datahub-truncated')).toBe('true');
    expect(((await capped.json()) as { results: { bindings: unknown[] } }).results.bindings).toHaveLength(api.config.sparql.maxRows);
  });

  it('answers a GET without query with a SPARQL 1.1 Service Description, Turtle by default', async () => {
    const response = await fetch(endpoint, { headers: { authorization: `Bearer ${westToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
    const store = new oxigraph.Store();
    store.load(await response.text(), { format: 'text/turtle', base_iri: endpoint });
    const sd = 'http://www.w3.org/ns/sparql-service-description#';
    expect(store.match(oxigraph.namedNode(endpoint), oxigraph.namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type'), oxigraph.namedNode(`${sd}Service`)).length).toBe(1);
    expect(store.match(oxigraph.namedNode(endpoint), oxigraph.namedNode(`${sd}resultFormat`), null).length).toBe(8);
    const jsonld = await fetch(endpoint, { headers: { authorization: `Bearer ${westToken}`, accept: 'application/ld+json' } });
    expect(jsonld.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
  });

  it('is open to browser clients with a token (CORS, preflight) and keeps cookie requests same-origin', async () => {
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: { origin: 'https://yasgui.example.org', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const withToken = await fetch(`${endpoint}?query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, {
      headers: { origin: 'https://yasgui.example.org', authorization: `Bearer ${westToken}` },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('access-control-allow-origin')).toBe('*');
    expect(withToken.headers.get('access-control-allow-credentials')).toBeNull();
    const withCookie = await fetch(`${endpoint}?query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, {
      headers: { origin: 'https://yasgui.example.org', cookie: `access_token=${westOwner.token}` },
    });
    expect(withCookie.headers.get('access-control-allow-origin')).toBeNull();
    // A cookie-borne POST from another site is refused as every cookie write is (same origin and CSRF).
    const crossSitePost = await fetch(endpoint, {
      method: 'POST',
      headers: { origin: 'https://evil.example.org', cookie: `access_token=${westOwner.token}`, 'content-type': 'application/sparql-query' },
      body: 'ASK { ?s ?p ?o }',
    });
    expect(crossSitePost.status).toBe(403);
  });

  it('audits every read (token or person, organisation, dataset, rows, bytes, outcome) in the audit trail', async () => {
    // Rows are written after the answer: earlier tests' rows may still arrive, so look only past this mark.
    const [{ mark }] = await api.db.query('SELECT coalesce(max(id), 0) AS mark FROM audit_log');
    const ok = await ask('get', PREFIXES + 'SELECT ?s WHERE { ?s cgo:hasCategory "Water" }');
    const bytes = (await ok.arrayBuffer()).byteLength;
    await ask('get', 'SELECT * WHERE { ?s ?p ?o }', undefined, outsiderToken);
    const sessionRead = await api.request(`/api/datasets/${hub.datasetId}/data?sparql_query=${encodeURIComponent('ASK { ?s ?p ?o }')}`, { token: westOwner.token });
    expect(sessionRead.status).toBe(200);
    const xml = await fetch(`${api.baseUrl}/api/datasets/${hub.datasetId}/xml`, { headers: { authorization: `Bearer ${westToken}` } });
    const xmlBytes = (await xml.arrayBuffer()).byteLength;
    const [tokenRow] = await api.db.query(`SELECT id, organization_id FROM api_tokens WHERE name = 'YASGUI' AND organization_id = (SELECT organization_id FROM users WHERE id = $1)`, [westOwner.id]);
    type Row = { action: string; outcome: number; bytes: string | null; api_token_id: string | null; actor_user_id: string | null; rows_answered: number | null };
    const since = async (): Promise<Row[]> =>
      api.db.query(
        `SELECT substr(kind, 6) AS action, outcome, bytes, actor_token_id AS api_token_id, actor_user_id, other_organization_id AS organization_id,
                dataset_id, client_address, rows_answered
         FROM audit_log WHERE kind LIKE 'read.%' AND id > $1 ORDER BY id`,
        [mark],
      );
    const query = (rows: Row[]) => rows.find((row) => row.action === 'query' && row.outcome === 200 && row.bytes === String(bytes));
    const refused = (rows: Row[]) => rows.find((row) => row.action === 'query' && row.outcome === 403);
    const download = (rows: Row[]) => rows.find((row) => row.action === 'download' && row.bytes === String(xmlBytes));
    const sessionQuery = (rows: Row[]) => rows.find((row) => row.action === 'query' && row.api_token_id === null);
    await expect.poll(async () => { const rows = await since(); return Boolean(query(rows) && refused(rows) && download(rows) && sessionQuery(rows)); }).toBe(true);
    const rows = await since();
    expect(query(rows)).toMatchObject({ api_token_id: tokenRow.id, organization_id: tokenRow.organization_id, dataset_id: hub.datasetId, client_address: '127.0.0.1' });
    expect(query(rows)!.rows_answered).toBeGreaterThan(0);
    expect(refused(rows)).toMatchObject({ dataset_id: hub.datasetId });
    expect(download(rows)).toMatchObject({ outcome: 200, api_token_id: tokenRow.id });
    // A person's read (issue 23) names the person, no token.
    expect(sessionQuery(rows)).toMatchObject({ actor_user_id: westOwner.id, outcome: 200, organization_id: tokenRow.organization_id, client_address: '127.0.0.1' });
  });
});
