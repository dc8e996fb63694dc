import { createConnection, createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { startVirtuoso, type TestVirtuoso } from 'datasource-agent/src/store/virtuoso-process';
import { freePort } from '../src/database/embedded-postgres';
import { Metrics } from '../src/metrics/metrics';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { startReferenceAgent, type ReferenceAgent } from './reference-agent';

/**
 * Issue 38 with a data source in store mode: dataset B lives in Virtuoso behind the reference data
 * source (store mode), which cuts every answer at 10 rows; A is a hub copy. A grantee with Water on A
 * and Crop on B joins them through /api/sparql and gets exactly the join of the two scoped answers,
 * past the store's row cut (B's permitted part comes from its dump, not one capped CONSTRUCT).
 */
const STORE_MAX_ROWS = 10;
const PREFIXES = `PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX kas: <http://example.org/kas/>
PREFIX b: <http://example.org/bedrijf/>
`;
const TURTLE_A = `${PREFIXES}
${Array.from({ length: 30 }, (_, i) => `kas:meter${i} cgo:hasCategory "${i % 3 === 0 ? 'Heating' : 'Water'}" ; kas:reading ${i} .`).join('\n')}
`;
const TURTLE_B = `${PREFIXES}
${Array.from({ length: 30 }, (_, i) => `b:plot${i} cgo:hasCategory "${i % 5 === 0 ? 'Water' : 'Crop'}" ; b:meter kas:meter${i} ; b:crop "gewas ${i}" .`).join('\n')}
`;
const PART_A = 'SELECT ?m ?reading WHERE { ?m kas:reading ?reading }';
const PART_B = 'SELECT ?plot ?m ?crop WHERE { ?plot b:meter ?m ; b:crop ?crop }';

let virtuoso: TestVirtuoso;
let api: TestApi;
const agents: ReferenceAgent[] = [];
let west: TestUser;
const iris: string[] = [];
let proxy: CountingProxy;

/**
 * A TCP relay in front of B's data source (the address it registers at the hub): it counts the bytes
 * the data source sends and keeps the request lines the hub sends, to see what a question fetched.
 */
interface CountingProxy {
  server: Server;
  port: number;
  sent: number;
  requests: string[];
}

async function countingProxy(target: number): Promise<CountingProxy> {
  const port = await freePort();
  const counting: CountingProxy = { server: createServer(), port, sent: 0, requests: [] };
  counting.server.on('connection', (client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: target });
    client.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('latin1').split('\r\n')) if (/^(GET|POST) /.test(line)) counting.requests.push(line);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      counting.sent += chunk.length;
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => counting.server.listen(port, '127.0.0.1', resolve));
  return counting;
}

beforeAll(async () => {
  virtuoso = await startVirtuoso({ maxRows: STORE_MAX_ROWS });
  const ports = [await freePort(), await freePort()];
  proxy = await countingProxy(ports[1]);
  // Below B's size: B is answered where it lives (store mode), A (smaller) is copied.
  api = await startTestApi({ PRIVATE_HOSTS_ALLOWED: [...ports, proxy.port].map((port) => `127.0.0.1:${port}`).join(','), SPARQL_CACHE_MB: String(3 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const oost = await api.createOrganization({ name: 'Teler Oost' });
  const adviser = await api.createOrganization({ name: 'Adviesbureau West' });
  const deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const oostOwner = await api.createUser({ organizationId: oost.id, roles: ['Organization.Owner'] });
  west = await api.createUser({ organizationId: adviser.id });
  agents.push(await startReferenceAgent(api, deltaOwner.token, TURTLE_A, { port: ports[0], name: 'Klimaatbron', datasetName: 'Klimaat Delta' }));
  agents.push(await startReferenceAgent(api, oostOwner.token, TURTLE_B, { port: ports[1], name: 'Teeltbron', datasetName: 'Teelt Oost', args: [...virtuoso.cliArgs, '--public-hostname', `127.0.0.1:${proxy.port}`] }));
  for (const [agent, owner, scope] of [[agents[0], deltaOwner, 'Dataset.ReadWater'], [agents[1], oostOwner, 'Dataset.ReadCrop']] as const) {
    const granted = await api.request(`/api/datasets/${agent.datasetId}/authorisations`, { method: 'POST', token: owner.token, json: { dataset: agent.datasetId, authorisations: [scope], assignee_organization: adviser.id } });
    expect(granted.status).toBe(201);
    const [{ slug }] = await api.db.query('SELECT slug FROM datasets WHERE id = $1', [agent.datasetId]);
    iris.push(`${api.config.publicUrl}/dataset/${slug}`);
  }
}, 180_000);

afterAll(async () => {
  for (const agent of agents) await agent.stop();
  await api?.close();
  await virtuoso?.stop();
  await new Promise((resolve) => proxy?.server.close(resolve));
});

describe('/api/sparql with a store-mode data source', () => {
  it('joins a hub copy and a store-mode dataset into exactly the join of the two scoped answers, past the store’s row cut', async () => {
    const left = referenceAnswer(TURTLE_A, ['Dataset.ReadWater'], PREFIXES + PART_A, false);
    const right = referenceAnswer(TURTLE_B, ['Dataset.ReadCrop'], PREFIXES + PART_B, false) as { rows: string[] };
    expect(right.rows.length, 'B’s permitted part is more than one store answer').toBeGreaterThan(STORE_MAX_ROWS);
    const rowsOf = (answer: unknown) => (answer as { rows: string[] }).rows.map((row) => Object.fromEntries(JSON.parse(row) as [string, { value: string }][]));
    const expected = rowsOf(left)
      .flatMap((l) => rowsOf(right).filter((r) => r.m!.value === l.m!.value).map((r) => `${r.plot!.value} ${r.crop!.value} ${l.reading!.value}`))
      .sort();
    expect(expected.length).toBeGreaterThan(STORE_MAX_ROWS);
    const query = `${PREFIXES}SELECT ?plot ?crop ?reading WHERE { GRAPH <${iris[0]}> { ?m kas:reading ?reading } GRAPH <${iris[1]}> { ?plot b:meter ?m ; b:crop ?crop } }`;
    const answer = await api.request(`/api/sparql?query=${encodeURIComponent(query)}`, { token: west.token, headers: { accept: 'application/sparql-results+json' } });
    expect(answer.status).toBe(200);
    const rows = (JSON.parse(await answer.text()) as { results: { bindings: Record<string, { value: string }>[] } }).results.bindings;
    expect(rows.map((row) => `${row.plot!.value} ${row.crop!.value} ${row.reading!.value}`).sort()).toEqual(expected);
  }, 120_000);
});

/**
 * Push-down with a store-mode data source (ADR 0053): a selective block is answered by Virtuoso as the
 * CONSTRUCT of what it matched, not by B's whole permitted part; OPTIONAL and UNION equal the whole load.
 */
describe('/api/sparql push-down to a store-mode data source', () => {
  const ask = async (query: string) => {
    const answer = await api.request(`/api/sparql?query=${encodeURIComponent(PREFIXES + query)}`, { token: west.token, headers: { accept: 'application/sparql-results+json' } });
    expect(answer.status).toBe(200);
    return canonicalResults(await answer.text());
  };
  const parts = async () => Object.fromEntries((await api.app.get(Metrics).federationParts.get()).values.map((value) => [String(value.labels.how), value.value]));

  /** The answer, what B's data source was asked and how many bytes it sent, with push-down on or off. */
  async function measured(query: string, pushDown: boolean) {
    api.config.sparql.pushDown = pushDown;
    try {
      const [requests, sent] = [proxy.requests.length, proxy.sent];
      const answer = await ask(query);
      return { answer, asked: proxy.requests.slice(requests).map((line) => decodeURIComponent(line.replace(/\+/g, ' '))), bytes: proxy.sent - sent };
    } finally {
      api.config.sparql.pushDown = true;
    }
  }

  it('fetches only the triples a selective question matches from the data source, not B’s permitted part', async () => {
    const query = `SELECT ?crop ?reading WHERE { GRAPH <${iris[1]}> { b:plot7 b:meter ?m ; b:crop ?crop } GRAPH <${iris[0]}> { ?m kas:reading ?reading } }`;
    const whole = await measured(query, false);
    const pushed = await measured(query, true);
    expect(pushed.answer).toEqual(whole.answer);
    const rows = (pushed.answer as { rows: string[] }).rows.map((row) => (JSON.parse(row) as [string, { value: string }][]).map(([name, term]) => `${name}=${term.value}`).join(' '));
    expect(rows).toEqual(['crop=gewas 7 reading=7']);
    // The whole load streams B's dump; push-down asks one CONSTRUCT naming plot7, and gets a fraction of the bytes.
    expect(whole.asked.some((line) => line.includes('/dump'))).toBe(true);
    expect(pushed.asked.some((line) => line.includes('/dump'))).toBe(false);
    expect(pushed.asked.filter((line) => line.includes('sparql_query'))).toHaveLength(1);
    expect(pushed.asked[0]).toMatch(/CONSTRUCT[\s\S]*plot7/);
    expect(pushed.bytes).toBeLessThan(whole.bytes / 4);
  }, 120_000);

  it('asks the store for B restricted to the bindings of a more selective block of A (a bind join with VALUES)', async () => {
    const query = `SELECT ?plot ?crop WHERE { GRAPH <${iris[0]}> { ?m kas:reading 7 } GRAPH <${iris[1]}> { ?plot b:meter ?m ; b:crop ?crop } }`;
    const before = await parts();
    const pushed = await measured(query, true);
    expect((await parts()).restricted).toBe((before.restricted ?? 0) + 1);
    const whole = await measured(query, false);
    expect(pushed.answer).toEqual(whole.answer);
    expect((pushed.answer as { rows: string[] }).rows).toHaveLength(1);
    const asked = pushed.asked.filter((line) => line.includes('sparql_query'));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/VALUES[\s\S]*meter7/);
  }, 120_000);

  it('answers OPTIONAL and UNION at the store as the whole load does', async () => {
    for (const query of [
      `SELECT ?plot ?crop ?m WHERE { GRAPH <${iris[1]}> { ?plot b:crop ?crop FILTER(?crop IN ("gewas 1", "gewas 2")) OPTIONAL { ?plot b:meter ?m FILTER(?m = kas:meter1) } } }`,
      `SELECT ?v WHERE { GRAPH <${iris[1]}> { { b:plot3 b:crop ?v } UNION { b:plot4 b:meter ?v } UNION { b:plot5 b:crop ?v } } }`,
    ]) {
      const before = await parts();
      const pushed = await measured(query, true);
      expect((await parts()).pushed, query).toBe((before.pushed ?? 0) + 1);
      const whole = await measured(query, false);
      expect(pushed.answer, query).toEqual(whole.answer);
      expect((whole.answer as { rows: string[] }).rows.length, query).toBeGreaterThan(1);
      expect(pushed.asked.some((line) => line.includes('/dump')), query).toBe(false);
    }
  }, 120_000);
});
