import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceAnswer } from 'datasource-agent/src/testing/reference';
import { startVirtuoso, type TestVirtuoso } from 'datasource-agent/src/store/virtuoso-process';
import { freePort } from '../src/database/embedded-postgres';
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

beforeAll(async () => {
  virtuoso = await startVirtuoso({ maxRows: STORE_MAX_ROWS });
  const ports = [await freePort(), await freePort()];
  // Below B's size: B is answered where it lives (store mode), A (smaller) is copied.
  api = await startTestApi({ PRIVATE_HOSTS_ALLOWED: ports.map((port) => `127.0.0.1:${port}`).join(','), SPARQL_CACHE_MB: String(3 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const oost = await api.createOrganization({ name: 'Teler Oost' });
  const adviser = await api.createOrganization({ name: 'Adviesbureau West' });
  const deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const oostOwner = await api.createUser({ organizationId: oost.id, roles: ['Organization.Owner'] });
  west = await api.createUser({ organizationId: adviser.id });
  agents.push(await startReferenceAgent(api, deltaOwner.token, TURTLE_A, { port: ports[0], name: 'Klimaatbron', datasetName: 'Klimaat Delta' }));
  agents.push(await startReferenceAgent(api, oostOwner.token, TURTLE_B, { port: ports[1], name: 'Teeltbron', datasetName: 'Teelt Oost', args: virtuoso.cliArgs }));
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
