import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { freePort } from '../src/database/embedded-postgres';
import { HubDatasetStore } from '../src/dataset-data/hub-dataset-store.service';
import { Metrics } from '../src/metrics/metrics';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { onlineDataset } from './online-dataset';
import { startReferenceAgent, type ReferenceAgent } from './reference-agent';

/**
 * Issue 38: one SPARQL question over several datasets at /api/sparql, each dataset a named graph
 * holding exactly what the caller may read of it. Two real reference data sources: A is copied to
 * the hub, B is above SPARQL_CACHE_MB and so answered at its data source (as a store is).
 */
const PREFIXES = `PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX kas: <http://example.org/kas/>
PREFIX b: <http://example.org/bedrijf/>
`;

/** Dataset A (Kwekerij Delta): meters, two of them Water, one Heating. */
const TURTLE_A = `${PREFIXES}
kas:meter1 cgo:hasCategory "Water" ; kas:reading 12 .
kas:meter2 cgo:hasCategory "Water" ; kas:reading 7 .
kas:meter3 cgo:hasCategory "Heating" ; kas:reading 99 .
`;

/** Dataset B (Teler Oost): plots that name A's meters, Crop and Water; padded past the hub's copy bound with Water triples. */
const TURTLE_B = `${PREFIXES}
b:plot1 cgo:hasCategory "Crop" ; b:meter kas:meter1 ; b:crop "Tomaat" .
b:plot2 cgo:hasCategory "Crop" ; b:meter kas:meter3 ; b:crop "Paprika" .
b:plot3 cgo:hasCategory "Water" ; b:meter kas:meter2 ; b:crop "Komkommer" .
b:plot4 cgo:hasCategory "Crop" ; b:meter [ kas:label "losse meter" ] ; b:crop "Aubergine" .
${Array.from({ length: 400 }, (_, i) => `b:pad${i} cgo:hasCategory "Water" ; b:note "opvulling ${i} om de dataset boven de kopiegrens te brengen" .`).join('\n')}
`;

const PART_A = 'SELECT ?m ?reading WHERE { ?m kas:reading ?reading }';
const PART_B = 'SELECT ?plot ?m ?crop WHERE { ?plot b:meter ?m ; b:crop ?crop }';

let api: TestApi;
let agents: ReferenceAgent[] = [];
let iriA: string;
let iriB: string;
let iriC: string;
let datasetA: string;
let datasetB: string;
let datasetC: string;
let west: { id: string; slug: string };
const users: Record<'deltaOwner' | 'oostOwner' | 'westMember', TestUser> = {} as never;

function sparql(user: TestUser, query: string, accept = 'application/sparql-results+json') {
  return api.request(`/api/sparql?query=${encodeURIComponent(PREFIXES + query)}`, { token: user.token, headers: { accept } });
}

/** The rows of a canonical answer as binding maps. */
function bindings(answer: unknown): Record<string, unknown>[] {
  return (answer as { rows: string[] }).rows.map((row) => Object.fromEntries(JSON.parse(row) as [string, unknown][]));
}

/** The join of two scoped answers on their shared variables, in the canonical form. */
function joined(left: unknown, right: unknown, vars: string[]): unknown {
  const rows: string[] = [];
  for (const l of bindings(left)) {
    for (const r of bindings(right)) {
      const shared = Object.keys(l).filter((name) => name in r);
      if (shared.every((name) => JSON.stringify(l[name]) === JSON.stringify(r[name]))) {
        const row = { ...l, ...r };
        rows.push(JSON.stringify(Object.keys(row).sort().map((name) => [name, row[name]])));
      }
    }
  }
  return { vars: [...vars].sort(), rows: rows.sort() };
}

async function slugOf(id: string): Promise<string> {
  const [{ slug }] = await api.db.query('SELECT slug FROM datasets WHERE id = $1', [id]);
  return slug as string;
}

beforeAll(async () => {
  const ports = [await freePort(), await freePort()];
  // The hub copies A (a few hundred bytes) and answers B at its data source (tens of kilobytes).
  api = await startTestApi({ PRIVATE_HOSTS_ALLOWED: ports.map((port) => `127.0.0.1:${port}`).join(','), SPARQL_CACHE_MB: String(8 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const oost = await api.createOrganization({ name: 'Teler Oost' });
  west = await api.createOrganization({ name: 'Adviesbureau West' });
  const zuid = await api.createOrganization({ name: 'Teelt Zuid' });
  users.deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  users.oostOwner = await api.createUser({ organizationId: oost.id, roles: ['Organization.Owner'] });
  users.westMember = await api.createUser({ organizationId: west.id });
  agents = [
    await startReferenceAgent(api, users.deltaOwner.token, TURTLE_A, { port: ports[0], name: 'Klimaatbron', datasetName: 'Klimaat Delta' }),
    await startReferenceAgent(api, users.oostOwner.token, TURTLE_B, { port: ports[1], name: 'Teeltbron', datasetName: 'Teelt Oost' }),
  ];
  [datasetA, datasetB] = agents.map((agent) => agent.datasetId);
  datasetC = await onlineDataset(api, zuid.id);
  const base = api.config.publicUrl;
  [iriA, iriB, iriC] = [`${base}/dataset/${await slugOf(datasetA)}`, `${base}/dataset/${await slugOf(datasetB)}`, `${base}/dataset/${await slugOf(datasetC)}`];
  for (const [dataset, owner, scope] of [[datasetA, users.deltaOwner, 'Dataset.ReadWater'], [datasetB, users.oostOwner, 'Dataset.ReadCrop']] as const) {
    const granted = await api.request(`/api/datasets/${dataset}/authorisations`, { method: 'POST', token: owner.token, json: { dataset, authorisations: [scope], assignee_organization: west.id } });
    expect(granted.status).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  for (const agent of agents) await agent.stop();
  await api?.close();
});

describe('one question over several datasets (/api/sparql)', () => {
  it('joins A (Water, a hub copy) and B (Crop, at its data source) into exactly the join of the two scoped answers', async () => {
    const expected = joined(referenceAnswer(TURTLE_A, ['Dataset.ReadWater'], PREFIXES + PART_A, false), referenceAnswer(TURTLE_B, ['Dataset.ReadCrop'], PREFIXES + PART_B, false), ['m', 'reading', 'plot', 'crop']);
    // Only plot1: plot2's meter is Heating (not readable in A), plot3 is Water (not readable in B).
    expect((expected as { rows: string[] }).rows).toHaveLength(1);
    const query = `SELECT ?m ?reading ?plot ?crop WHERE { GRAPH <${iriA}> { ?m kas:reading ?reading } GRAPH <${iriB}> { ?plot b:meter ?m ; b:crop ?crop } }`;
    const answer = await sparql(users.westMember, query);
    expect(answer.status).toBe(200);
    expect(canonicalResults(await answer.text())).toEqual(expected);
    // A was answered from the hub's copy, B at its data source (no copy of it at the hub).
    const engine = api.app.get(HubDatasetStore).engine;
    expect([engine.has(datasetA), engine.has(datasetB)]).toEqual([true, false]);
    // The same through FROM (both parts merged into the default graph) and by POST, form and query body.
    const merged = `SELECT ?m ?reading ?plot ?crop FROM <${iriA}> FROM <${iriB}> WHERE { ?m kas:reading ?reading . ?plot b:meter ?m ; b:crop ?crop }`;
    const form = await api.request('/api/sparql', { method: 'POST', token: users.westMember.token, headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' }, body: new URLSearchParams({ query: PREFIXES + merged }).toString() });
    expect(form.status).toBe(200);
    expect(canonicalResults(await form.text())).toEqual(expected);
    const direct = await api.request('/api/sparql', { method: 'POST', token: users.westMember.token, headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' }, body: PREFIXES + merged });
    expect(direct.status).toBe(200);
    expect(canonicalResults(await direct.text())).toEqual(expected);
  }, 60_000);

  it('holds in each graph exactly what the caller may read: the owner of A reads all of A, nothing of B', async () => {
    const everything = await sparql(users.westMember, 'SELECT ?g ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } }');
    expect(everything.status).toBe(200);
    const rows = bindings(canonicalResults(await everything.text()));
    const inGraph = (iri: string) => rows.filter((row) => (row.g as { value: string }).value === iri).map((row) => ({ ...row, g: undefined }));
    const water = bindings(referenceAnswer(TURTLE_A, ['Dataset.ReadWater'], 'SELECT ?s ?p ?o WHERE { ?s ?p ?o }', false));
    const crop = bindings(referenceAnswer(TURTLE_B, ['Dataset.ReadCrop'], 'SELECT ?s ?p ?o WHERE { ?s ?p ?o }', false));
    expect(inGraph(iriA)).toHaveLength(water.length);
    expect(inGraph(iriB)).toHaveLength(crop.length);
    expect(rows).toHaveLength(water.length + crop.length);
    const owner = await sparql(users.deltaOwner, 'SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }');
    expect(canonicalResults(await owner.text())).toEqual({ vars: ['g'], rows: [JSON.stringify([['g', { type: 'uri', value: iriA }]])] });
    const meters = await sparql(users.deltaOwner, `SELECT (COUNT(*) AS ?n) WHERE { GRAPH <${iriA}> { ?m kas:reading ?r } }`);
    expect(JSON.parse(await meters.text()).results.bindings[0].n.value).toBe('3');
  }, 60_000);

  it('GRAPH ?g never names a dataset the caller may not read', async () => {
    const graphs = await sparql(users.westMember, 'SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }');
    expect(graphs.status).toBe(200);
    const names = bindings(canonicalResults(await graphs.text())).map((row) => (row.g as { value: string }).value).sort();
    expect(names).toEqual([iriA, iriB].sort());
    expect(names).not.toContain(iriC);
    // Named after GRAPH without being readable: empty, never C's data.
    const named = await sparql(users.westMember, `ASK { GRAPH <${iriC}> { ?s ?p ?o } }`);
    expect(JSON.parse(await named.text()).boolean).toBe(false);
  }, 60_000);

  it('refuses a dataset the caller may not read in FROM or FROM NAMED with 403 naming it, and logs it for its owner', async () => {
    for (const clause of [`FROM <${iriC}>`, `FROM <${iriA}> FROM NAMED <${iriC}>`, `FROM <${api.config.publicUrl}/dataset/bestaat-niet>`]) {
      const refused = await sparql(users.westMember, `SELECT * ${clause} WHERE { ?s ?p ?o }`);
      expect(refused.status, clause).toBe(403);
      expect(await refused.text(), clause).toMatch(clause.includes('bestaat-niet') ? /bestaat-niet/ : new RegExp(iriC.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
    }
    const owner = await sparql(users.oostOwner, `SELECT * FROM <${iriA}> WHERE { ?s ?p ?o }`);
    expect(owner.status).toBe(403);
    expect(await owner.text()).toContain(iriA);
    await expect.poll(async () => (await api.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE kind = 'read.query' AND dataset_id = $1 AND outcome = 403`, [datasetC]))[0].n).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('has an empty default graph without FROM, and an audit row per dataset touched', async () => {
    const empty = await sparql(users.westMember, 'ASK { ?s ?p ?o }');
    expect(empty.status).toBe(200);
    expect(JSON.parse(await empty.text()).boolean).toBe(false);
    const [{ last }] = await api.db.query('SELECT coalesce(max(id), 0) AS last FROM audit_log');
    const answer = await sparql(users.westMember, `SELECT * FROM <${iriA}> FROM <${iriB}> WHERE { ?s ?p ?o }`);
    expect(answer.status).toBe(200);
    await expect
      .poll(async () => (await api.db.query(`SELECT dataset_id FROM audit_log WHERE id > $1 AND kind = 'read.query' AND outcome = 200 AND other_organization_id = $2 ORDER BY dataset_id`, [last, west.id])).map((row: { dataset_id: string }) => row.dataset_id))
      .toEqual([datasetA, datasetB].sort());
  }, 60_000);

  it('answers an API token with data:read as its user, and refuses one without it', async () => {
    const tokens: Record<string, string> = {};
    for (const scope of ['data:read', 'catalogue:read']) {
      const made = await api.request('/api/profile/api-tokens', { method: 'POST', token: users.westMember.token, json: { name: `Koppeling ${scope}`, scopes: [scope], expires_in_days: 30 } });
      expect(made.status).toBe(201);
      tokens[scope] = ((await made.json()) as { token: string }).token;
    }
    const query = encodeURIComponent(`${PREFIXES}SELECT ?plot ?crop FROM <${iriA}> FROM <${iriB}> WHERE { ?m kas:reading ?r . ?plot b:meter ?m ; b:crop ?crop }`);
    const reader = await api.request(`/api/sparql?query=${query}`, { token: tokens['data:read'], headers: { accept: 'text/csv' } });
    expect(reader.status).toBe(200);
    expect((await reader.text()).trim().split(/\r?\n/)).toEqual(['plot,crop', 'http://example.org/bedrijf/plot1,Tomaat']);
    expect((await api.request(`/api/sparql?query=${query}`, { token: tokens['catalogue:read'] })).status).toBe(403);
  }, 60_000);

  it('keeps the dataset endpoint closed to FROM', async () => {
    const dataset = await api.request(`/api/datasets/${datasetA}/sparql?query=${encodeURIComponent(`SELECT * FROM <${iriA}> WHERE { ?s ?p ?o }`)}`, { token: users.westMember.token });
    expect(dataset.status).toBe(400);
  }, 60_000);
});

/** The W3C SPARQL 1.1 Federated Query tests (service01–07) that apply to one hub, run against its datasets. */
describe('SERVICE to the hub’s own dataset endpoints', () => {
  const endpoint = (id: string) => `${api.config.publicUrl}/api/datasets/${id}/sparql`;

  it('service01: a local pattern joined with a SERVICE pattern, the SERVICE under the caller’s machtiging', async () => {
    const expected = joined(referenceAnswer(TURTLE_A, ['Dataset.ReadWater'], PREFIXES + PART_A, false), referenceAnswer(TURTLE_B, ['Dataset.ReadCrop'], PREFIXES + PART_B, false), ['m', 'reading', 'plot', 'crop']);
    const answer = await sparql(users.westMember, `SELECT ?m ?reading ?plot ?crop FROM <${iriA}> WHERE { ?m kas:reading ?reading SERVICE <${endpoint(datasetB)}> { ?plot b:meter ?m ; b:crop ?crop } }`);
    expect(answer.status).toBe(200);
    expect(canonicalResults(await answer.text())).toEqual(expected);
    // Two SERVICE patterns and nothing local (service03): the same join.
    const both = await sparql(users.westMember, `SELECT ?m ?reading ?plot ?crop WHERE { SERVICE <${endpoint(datasetA)}> { ?m kas:reading ?reading } SERVICE <${endpoint(datasetB)}> { ?plot b:meter ?m ; b:crop ?crop } }`);
    expect(canonicalResults(await both.text())).toEqual(expected);
  }, 60_000);

  it('service02: SERVICE inside OPTIONAL keeps the local rows the service does not match', async () => {
    const answer = await sparql(users.westMember, `SELECT ?m ?crop FROM <${iriA}> WHERE { ?m kas:reading ?r OPTIONAL { SERVICE <${endpoint(datasetB)}> { ?plot b:meter ?m ; b:crop ?crop } } }`);
    const rows = bindings(canonicalResults(await answer.text())).map((row) => [(row.m as { value: string }).value, (row.crop as { value: string } | undefined)?.value ?? null]);
    expect(rows.sort()).toEqual([['http://example.org/kas/meter1', 'Tomaat'], ['http://example.org/kas/meter2', null]]);
  }, 60_000);

  it('service04/05: a dataset the caller may not read behind SERVICE is 403 naming it; with SILENT it gives no solutions of its own', async () => {
    const query = `SELECT ?m ?crop FROM <${iriA}> WHERE { ?m kas:reading ?r SERVICE <${endpoint(datasetB)}> { ?plot b:meter ?m ; b:crop ?crop } }`;
    const refused = await sparql(users.deltaOwner, query);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(endpoint(datasetB));
    const silent = await sparql(users.deltaOwner, query.replace('SERVICE <', 'SERVICE SILENT <'));
    expect(silent.status).toBe(200);
    // A failed silent service is one empty solution: the local rows stay, none of B's values appear.
    const rows = bindings(canonicalResults(await silent.text()));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.crop === undefined)).toBe(true);
  }, 60_000);

  it('a dataset’s own endpoint takes SERVICE too: its data the default graph, the SERVICE under the caller’s machtiging', async () => {
    const expected = joined(referenceAnswer(TURTLE_A, ['Dataset.ReadWater'], PREFIXES + PART_A, false), referenceAnswer(TURTLE_B, ['Dataset.ReadCrop'], PREFIXES + PART_B, false), ['m', 'reading', 'plot', 'crop']);
    const query = `${PREFIXES}SELECT ?m ?reading ?plot ?crop WHERE { ?m kas:reading ?reading SERVICE <${endpoint(datasetB)}> { ?plot b:meter ?m ; b:crop ?crop } }`;
    const onA = (user: TestUser, text: string) => api.request(`/api/datasets/${datasetA}/sparql?query=${encodeURIComponent(text)}`, { token: user.token, headers: { accept: 'application/sparql-results+json' } });
    const answer = await onA(users.westMember, query);
    expect(answer.status).toBe(200);
    expect(canonicalResults(await answer.text())).toEqual(expected);
    // A's owner holds nothing on B: 403 naming B's endpoint; SERVICE elsewhere and FROM stay refused there.
    const refused = await onA(users.deltaOwner, query);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(endpoint(datasetB));
    expect((await onA(users.westMember, 'SELECT * WHERE { SERVICE <http://169.254.169.254/> { ?s ?p ?o } }')).status).toBe(400);
    expect((await onA(users.westMember, `SELECT * FROM <${iriB}> WHERE { SERVICE <${endpoint(datasetB)}> { ?s ?p ?o } }`)).status).toBe(400);
  }, 60_000);

  it('refuses SERVICE to anything but the hub’s dataset endpoints (SSRF), and SERVICE with a variable', async () => {
    for (const target of ['<http://169.254.169.254/latest/>', `<${api.config.publicUrl}/api/catalog>`, `<${endpoint(datasetB)}/../../../health>`, '?endpoint']) {
      const refused = await sparql(users.westMember, `SELECT * WHERE { SERVICE SILENT ${target} { ?s ?p ?o } }`);
      expect(refused.status, target).toBe(400);
    }
  }, 60_000);
});

/**
 * Push-down (ADR 0053): a GRAPH block of a simple shape is answered by its dataset's source as the
 * CONSTRUCT of what it matched, a block sharing variables restricted by the more selective one's
 * bindings. Each question is asked with push-down and with the whole-load fallback (SPARQL_PUSH_DOWN
 * off, the same app): the answers must be equal, and push-down must have been used.
 */
describe('push-down of GRAPH blocks', () => {
  async function parts(): Promise<Record<string, number>> {
    const values = (await api.app.get(Metrics).federationParts.get()).values;
    return Object.fromEntries(values.map((value) => [String(value.labels.how), value.value]));
  }

  /** The answer with push-down and without, and how the graphs were filled with push-down. */
  async function bothWays(query: string): Promise<{ pushed: unknown; whole: unknown; how: Record<string, number> }> {
    const before = await parts();
    const pushed = await sparql(users.westMember, query);
    expect(pushed.status).toBe(200);
    const pushedText = await pushed.text();
    const after = await parts();
    const how = Object.fromEntries(Object.entries(after).map(([name, value]) => [name, value - (before[name] ?? 0)]));
    api.config.sparql.pushDown = false;
    try {
      const whole = await sparql(users.westMember, query);
      expect(whole.status).toBe(200);
      return { pushed: canonicalResults(pushedText), whole: canonicalResults(await whole.text()), how };
    } finally {
      api.config.sparql.pushDown = true;
    }
  }

  it('joins a selective block of B (at its data source) with A (a hub copy) restricted to its bindings, as the whole load does', async () => {
    const answer = await bothWays(`SELECT ?m ?reading ?crop WHERE { GRAPH <${iriB}> { b:plot1 b:meter ?m ; b:crop ?crop } GRAPH <${iriA}> { ?m kas:reading ?reading } }`);
    expect(answer.pushed).toEqual(answer.whole);
    expect((answer.whole as { rows: string[] }).rows).toHaveLength(1);
    expect(answer.how).toMatchObject({ pushed: 1, restricted: 1 });
    expect(answer.how.whole ?? 0).toBe(0);
  }, 60_000);

  it('answers OPTIONAL (a FILTER inside it, a blank node left out) as the whole load does', async () => {
    const answer = await bothWays(`SELECT ?plot ?crop ?meter WHERE { GRAPH <${iriB}> { ?plot b:crop ?crop OPTIONAL { ?plot b:meter ?meter FILTER(isIRI(?meter)) } } }`);
    expect(answer.pushed).toEqual(answer.whole);
    // Three Crop plots: plot1 and plot2 with their meter, plot4 (its meter a blank node) without.
    const rows = (answer.whole as { rows: string[] }).rows;
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.includes('"meter"'))).toHaveLength(2);
    expect(answer.how.pushed).toBe(1);
  }, 60_000);

  it('answers UNION, joined with another dataset, as the whole load does', async () => {
    const answer = await bothWays(`SELECT ?x ?v ?plot WHERE { GRAPH <${iriA}> { { ?x kas:reading ?v } UNION { ?x cgo:hasCategory ?v } } GRAPH <${iriB}> { ?plot b:meter ?x } }`);
    expect(answer.pushed).toEqual(answer.whole);
    expect((answer.whole as { rows: string[] }).rows).toHaveLength(2);
    expect(answer.how.pushed).toBe(2);
  }, 60_000);

  it('loads whole what it cannot push down (a FILTER on an OPTIONAL’s variable above it), with the same answer', async () => {
    const answer = await bothWays(`SELECT ?m ?r WHERE { GRAPH <${iriA}> { ?m kas:reading ?r OPTIONAL { ?m kas:label ?l } FILTER(!bound(?l)) } }`);
    expect(answer.pushed).toEqual(answer.whole);
    expect(answer.how.pushed ?? 0).toBe(0);
  }, 60_000);
});
