import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as oxigraph from 'oxigraph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalGraph, canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { amsterdamToday, SPARQL_ERROR_TEXTS } from '@datahub/domain';
import { DiscoveryService } from '../src/hub/discovery.service';
import type { TestApi, TestUser } from './harness';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';
import { expectW3cFormats } from './w3c-formats';

/** The hub (the real API) answering SPARQL from its copy of a dataset the real reference data source serves. */
const DEADLINE_MS = 3000;

let hub: HubWithDataset;
let api: TestApi;
let datasetId: string;
let turtle: string;
const users: Record<'deltaOwner' | 'deltaMember' | 'westMember' | 'westOther' | 'noordMember' | 'zuidMember' | 'admin', TestUser> = {} as never;
let organizations: Record<'delta' | 'west' | 'noord' | 'zuid', { id: string; slug: string }>;

const PREFIXES = `PREFIX : <http://www.myexample.com/>
PREFIX kas: <http://example.org/kas/>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
`;

/** SELECT with FILTER, OPTIONAL, GROUP BY, a property path; CONSTRUCT; ASK; DESCRIBE. */
const QUERIES: { query: string; graph: boolean }[] = [
  { query: 'SELECT ?s ?type WHERE { ?s a ?type FILTER(!isBlank(?s)) }', graph: false },
  { query: 'SELECT ?s ?v WHERE { ?s cgo:hasNumericalValue ?v FILTER(?v >= 10) }', graph: false },
  { query: 'SELECT ?part ?whole ?loc WHERE { ?part cgo:partOf ?whole OPTIONAL { ?part cgo:hasHortispotLocation ?loc } }', graph: false },
  { query: 'SELECT ?cat (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s cgo:hasCategory ?cat } GROUP BY ?cat', graph: false },
  { query: 'SELECT ?s ?g WHERE { ?s cgo:partOf+ ?g }', graph: false },
  { query: 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', graph: false },
  { query: 'CONSTRUCT { ?s cgo:isPartOf ?o } WHERE { ?s cgo:partOf ?o }', graph: true },
  { query: 'CONSTRUCT WHERE { ?s ?p ?o }', graph: true },
  { query: 'ASK { ?s cgo:hasCategory "Water" }', graph: false },
  { query: 'ASK { ?s cgo:hasCategory "Crop" }', graph: false },
].map(({ query, graph }) => ({ query: PREFIXES + query, graph }));

function isoDay(offsetDays: number): string {
  const [year, month, day] = amsterdamToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}

function ask(user: TestUser, query: string, accept?: string) {
  return api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(query)}`, { token: user.token, ...(accept ? { headers: { accept } } : {}) });
}

/** A long query goes in the body of the protocol endpoint's POST (a URL keeps to the default 16 KB of headers). */
function askInBody(user: TestUser, query: string) {
  return api.request(`/api/datasets/${datasetId}/sparql`, { method: 'POST', token: user.token, headers: { 'content-type': 'application/sparql-query', accept: 'application/sparql-results+json' }, body: query });
}

function grant(scopes: string[], organization: { id: string }, expiration?: string) {
  return hub.grant(scopes, organization, expiration);
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every query's answer through the hub equals the n3 reference over exactly the permitted subgraph. */
async function expectAnswersEqualReference(user: TestUser, scopes: string[]) {
  for (const { query, graph } of QUERIES) {
    const response = await ask(user, query);
    const label = `${scopes.join('+')}: ${query.slice(PREFIXES.length)}`;
    expect(response.status, label).toBe(200);
    const body = await response.text();
    const actual = graph ? canonicalGraph(body) : canonicalResults(body);
    expect(actual, label).toEqual(referenceAnswer(turtle, scopes, query, graph));
  }
}

beforeAll(async () => {
  hub = await startHubWithDataset({ SPARQL_DEADLINE_MS: String(DEADLINE_MS), SPARQL_WORKERS: '2' });
  ({ api, datasetId, turtle } = hub);
  const delta = hub.owner.organization;
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  const noord = await api.createOrganization({ name: 'Glastuinbouw Noord' });
  const zuid = await api.createOrganization({ name: 'Teelt Zuid' });
  organizations = { delta, west, noord, zuid };
  users.deltaOwner = hub.owner.user;
  users.deltaMember = await api.createUser({ organizationId: delta.id });
  users.westMember = await api.createUser({ organizationId: west.id });
  users.westOther = await api.createUser({ organizationId: west.id });
  users.noordMember = await api.createUser({ organizationId: noord.id });
  users.zuidMember = await api.createUser({ organizationId: zuid.id });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  users.admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
}, 90_000);

afterAll(async () => {
  await hub?.close();
});

describe('SPARQL through the hub', () => {
  it('answers the owner organisation over everything, equal to the reference', async () => {
    await expectAnswersEqualReference(users.deltaMember, ['Dataset.ReadAll']);
  }, 60_000);

  it('answers a grantee over the union of its valid grants: not an expired one, not a revoked one', async () => {
    await grant(['Dataset.ReadWater', 'Dataset.ReadHeating'], organizations.west);
    // Granted, then past its expiry date (the API refuses to grant one that has already expired).
    await grant(['Dataset.ReadConstruction'], organizations.west);
    await api.db.query(`UPDATE authorisation_assignments SET expiration_date = $1 WHERE authorisation = 'Dataset.ReadConstruction'`, [isoDay(-1)]);
    await grant(['Dataset.ReadGlass'], organizations.west, isoDay(10));
    const revoked = await api.request(`/api/datasets/${datasetId}/authorisations/Dataset.ReadGlass/organizations/${organizations.west.slug}`, { method: 'DELETE', token: users.deltaOwner.token });
    expect(revoked.status).toBe(200);
    await expectAnswersEqualReference(users.westMember, ['Dataset.ReadWater', 'Dataset.ReadHeating']);
    await grant(['Dataset.ReadRoof', 'Dataset.ReadVenloGreenhouse', 'Dataset.ReadCrop'], organizations.noord, isoDay(0));
    await expectAnswersEqualReference(users.noordMember, ['Dataset.ReadRoof', 'Dataset.ReadVenloGreenhouse', 'Dataset.ReadCrop']);
  }, 60_000);

  it('refuses anyone without a valid grant, the platform admin included; revoking takes effect on the very next request', async () => {
    const query = 'SELECT * WHERE { ?s ?p ?o } LIMIT 1';
    expect((await ask(users.admin, query)).status).toBe(403);
    expect((await ask(users.zuidMember, query)).status).toBe(403);
    await grant(['Dataset.ReadOther'], organizations.zuid);
    expect((await ask(users.zuidMember, query)).status).toBe(200);
    await api.db.query(`UPDATE authorisation_assignments SET expiration_date = $1 WHERE assignee_organization_id = $2`, [isoDay(-1), organizations.zuid.id]);
    expect((await ask(users.zuidMember, query)).status).toBe(403);
    await grant(['Dataset.ReadOther'], organizations.zuid, isoDay(1));
    expect((await ask(users.zuidMember, query)).status).toBe(200);
    const revoke = await api.request(`/api/datasets/${datasetId}/authorisations/Dataset.ReadOther/organizations/${organizations.zuid.slug}`, { method: 'DELETE', token: users.deltaOwner.token });
    expect(revoke.status).toBe(200);
    expect((await ask(users.zuidMember, query)).status).toBe(403);
    const xml = await api.request(`/api/datasets/${datasetId}/xml`, { token: users.zuidMember.token });
    expect(xml.status).toBe(403);
  });

  it('sends the answer as the bytes the worker encoded, with their length and the API headers; refusals keep their error shape', async () => {
    const literal = 'één °C ✓ 𝄞';
    const response = await ask(users.deltaOwner, `SELECT ?x WHERE { BIND("${literal}" AS ?x) }`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/sparql-results+json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-datahub-truncated')).toBeNull();
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString('utf8')).results.bindings[0].x.value).toBe(literal);
    const turtleAnswer = await ask(users.westMember, 'CONSTRUCT WHERE { ?s ?p ?o }', 'text/turtle');
    expect(turtleAnswer.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
    expect(Number(turtleAnswer.headers.get('content-length'))).toBe(Buffer.byteLength(await turtleAnswer.text()));
    for (const [user, query, status, body] of [
      // A syntax error also says where, in Dutch (issue 25): 'SELECT * WHERE { ?s ?p' ends at column 23.
      [users.deltaOwner, 'SELECT * WHERE { ?s ?p', 400, { detail: 'syntax_error', errors: { sparql_query: SPARQL_ERROR_TEXTS.syntax(1, 23, '') } }],
      [users.zuidMember, 'ASK { ?s ?p ?o }', 403, { detail: 'insufficient permissions' }],
    ] as const) {
      const refused = await ask(user, query);
      expect(refused.status).toBe(status);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({ statusCode: status, ...body });
    }
    const unknown = await api.request(`/api/datasets/00000000-0000-4000-8000-000000000000/data?sparql_query=${encodeURIComponent('ASK {}')}`, { token: users.deltaOwner.token });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ statusCode: 404, detail: 'not found' });
  });

  it('serves the W3C formats by Accept', async () => {
    await expectW3cFormats((query, accept) => ask(users.westMember, query, accept), turtle, ['Dataset.ReadWater', 'Dataset.ReadHeating']);
  });

  it('downloads the permitted graph as RDF/XML, attachment {slug}.xml', async () => {
    for (const [user, scopes] of [
      [users.westMember, ['Dataset.ReadWater', 'Dataset.ReadHeating']],
      [users.deltaOwner, ['Dataset.ReadAll']],
    ] as const) {
      const response = await api.request(`/api/datasets/${datasetId}/xml`, { token: user.token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="kas-delta.xml"');
      // Streamed: sent in chunks as the worker hands the document over, no length known up front.
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      expect(response.headers.get('content-length')).toBeNull();
      expect(response.headers.get('content-type')).toBe('application/rdf+xml; charset=utf-8');
      const store = new oxigraph.Store();
      store.load(await response.text(), { format: 'application/rdf+xml' });
      const actual = canonicalGraph(store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() }));
      expect(actual).toEqual(referenceAnswer(turtle, [...scopes], 'CONSTRUCT WHERE { ?s ?p ?o }', true));
    }
  });

  it('refuses updates, SERVICE and empty queries; caps rows with a visible marker', async () => {
    expect((await ask(users.westMember, 'INSERT DATA { <http://a> <http://b> <http://c> }')).status).toBe(400);
    expect((await ask(users.westMember, 'SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }')).status).toBe(400);
    expect((await ask(users.westMember, '')).status).toBe(400);
    const capped = await api.request(`/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent('SELECT * WHERE { ?a ?b ?c . ?d ?e ?f }')}`, { token: users.deltaOwner.token });
    expect(capped.status).toBe(200);
    expect(capped.headers.get('x-datahub-truncated')).toBe('true');
    expect((await capped.json()).results.bindings).toHaveLength(api.config.sparql.maxRows);
  });

  it('ends a runaway query by its deadline while a small query of another organisation still answers; limits one user\'s queries at once', async () => {
    const runaways = [
      'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }',
      'SELECT (COUNT(*) AS ?n) WHERE { ?a (<urn:x:p>|!<urn:x:p>)* ?b . ?c (<urn:x:p>|!<urn:x:p>)* ?d . ?e ?f ?g }',
      `SELECT (COUNT(*) AS ?n) WHERE { VALUES ?x { ${Array.from({ length: 3000 }, (_, i) => i).join(' ')} } ?a ?b ?c . ?d ?e ?f }`,
    ];
    for (const runaway of runaways) {
      const started = Date.now();
      let heavyEnded = false;
      const heavy = (runaway.length > 4000 ? askInBody : ask)(users.deltaOwner, runaway).then((response) => {
        heavyEnded = true;
        return { status: response.status, ms: Date.now() - started };
      });
      await new Promise((r) => setTimeout(r, 200));
      const small = await ask(users.westMember, 'SELECT * WHERE { ?s ?p ?o } LIMIT 3');
      expect(small.status).toBe(200);
      // Not a timing bar (the machine may be slow): the small query did not wait behind the heavy one.
      expect(heavyEnded, runaway).toBe(false);
      const outcome = await heavy;
      expect(outcome.status, runaway).toBe(504);
      expect(outcome.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 300);
      // Ended by the hub (a runaway never ends by itself), with a margin a loaded machine cannot exceed.
      expect(outcome.ms).toBeLessThan(DEADLINE_MS + 8000);
    }
    // One user may run two queries at once; a third is refused, other users are not.
    const three = [0, 1, 2].map(() => ask(users.deltaMember, runaways[0]));
    await new Promise((r) => setTimeout(r, 300));
    expect((await ask(users.deltaOwner, 'ASK { ?s ?p ?o }')).status).toBe(200);
    expect((await Promise.all(three)).map((response) => response.status).sort()).toEqual([429, 504, 504]);
  }, 60_000);

  it('fetches the copy again when discovery sees the dataset change; offline: 503', async () => {
    const count = 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }';
    const before = (await (await ask(users.deltaOwner, count)).json()).results.bindings[0].n.value;
    await writeFile(join(hub.dataDir, 'kas.ttl'), turtle + '\n<http://example.org/nieuw> <http://example.org/p> "nieuw" .\n');
    await writeFile(join(hub.dataDir, 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Kas Delta\n    about: Versie 2\n');
    await until(async () => {
      await api.app.get(DiscoveryService).discoverDatasource((await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [datasetId]))[0].datasource_id);
      const [row] = await api.db.query('SELECT about FROM datasets WHERE id = $1', [datasetId]);
      return row.about === 'Versie 2' ? true : undefined;
    }, 'discovery to see the new description');
    const after = (await (await ask(users.deltaOwner, count)).json()).results.bindings[0].n.value;
    expect(Number(after)).toBe(Number(before) + 1);
    const exited = new Promise((r) => hub.agent.once('exit', r));
    hub.agent.kill('SIGTERM');
    await exited;
    await api.app.get(DiscoveryService).discoverDatasource((await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [datasetId]))[0].datasource_id);
    const offline = await ask(users.deltaOwner, count);
    expect(offline.status).toBe(503);
    expect((await offline.json()).detail).toBe('dataset offline');
  }, 60_000);
});
