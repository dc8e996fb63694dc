/**
 * Store mode end-to-end: the agent (real process) in front of a real Virtuoso started for this file.
 * Its answers equal the in-memory reference on the same data and scopes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { get, spawnAgent, token, type AgentProcess } from './testing/agent-process';
import { TEST_DATASOURCE_ID, TEST_SECRET, readFixtureTurtle } from './testing/fixtures';
import { EDGE_TTL, PREFIXES, QUERIES, SCOPE_SETS } from './testing/queries';
import { canonicalGraph, canonicalResults, referenceAnswer } from './testing/reference';
import { startVirtuoso, type TestVirtuoso } from './store/virtuoso-process';
import oxigraph from 'oxigraph';

const CATALOG = `datasets:
  - file: voorbeeld.ttl
    dataset_id: voorbeeld-2026
    name: Voorbeeldkas
    about: x
    contact: x
    additional_info: x
  - file: randgevallen.ttl
    dataset_id: rand-1
    name: Randgevallen
    about: x
    contact: x
    additional_info: x
`;

/**
 * Virtuoso keeps numbers by value (4.0 comes back as the same xsd:decimal written 4): compare
 * numeric literals by their value on both sides, everything else exactly.
 */
const NUMERIC = /^http:\/\/www\.w3\.org\/2001\/XMLSchema#(decimal|integer|double|float)$/;
function sameNumbers(value: unknown): unknown {
  const canonicalNumber = (lexical: string) => String(Number(lexical));
  if (Array.isArray(value)) return value.map((line: string) => line.replace(/"([^"]*)"\^\^<(http:\/\/www\.w3\.org\/2001\/XMLSchema#(?:decimal|integer|double|float))>/g, (_m, lexical: string, type: string) => `"${canonicalNumber(lexical)}"^^<${type}>`)).sort();
  if (value && typeof value === 'object' && 'rows' in value) {
    const { vars, rows } = value as { vars: string[]; rows: string[] };
    return {
      vars,
      rows: rows
        .map((row) => JSON.stringify((JSON.parse(row) as [string, { datatype?: string; value: string }][]).map(([name, term]) => [name, term.datatype && NUMERIC.test(term.datatype) ? { ...term, value: canonicalNumber(term.value) } : term])))
        .sort(),
    };
  }
  return value;
}

async function storeCount(virtuoso: TestVirtuoso, query: string): Promise<Record<string, string>[]> {
  const response = await fetch(`${virtuoso.sparqlEndpoint}?query=${encodeURIComponent(query)}`, { headers: { accept: 'application/sparql-results+json' } });
  const json = (await response.json()) as { results: { bindings: Record<string, { value: string }>[] } };
  return json.results.bindings.map((binding) => Object.fromEntries(Object.entries(binding).map(([name, term]) => [name, term.value])));
}

const GRAPHS_OF = (id: string) =>
  `SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } FILTER(STRSTARTS(STR(?g), "urn:datahub:dataset:${id}:")) } GROUP BY ?g ORDER BY ?g`;

describe('datasource-agent in store mode (Virtuoso)', () => {
  let virtuoso: TestVirtuoso;
  let dir: string;
  let agent: AgentProcess;
  let args: string[];
  const fixture = readFixtureTurtle();
  const query = (datasetId: string, sparql: string, scopes: string[], accept?: string) =>
    fetch(`${agent.url}/datasets/${datasetId}?sparql_query=${encodeURIComponent(sparql)}`, {
      headers: { authorization: `Bearer ${token(datasetId, scopes)}`, ...(accept ? { accept } : {}) },
    });

  const categories = async (datasetId: string) => {
    const answer = await fetch(`${agent.url}/datasets/${datasetId}/metadata`, { headers: { authorization: `Bearer ${token(datasetId, ['Dataset.ReadAll'])}` } });
    return ((await answer.json()) as { categories: string[] }).categories;
  };

  beforeAll(async () => {
    virtuoso = await startVirtuoso();
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-store-'));
    writeFileSync(path.join(dir, 'voorbeeld.ttl'), fixture);
    writeFileSync(path.join(dir, 'randgevallen.ttl'), EDGE_TTL);
    writeFileSync(path.join(dir, 'datasets.yaml'), CATALOG);
    const credentialsFile = path.join(dir, '.credentials.json');
    writeFileSync(credentialsFile, JSON.stringify({ datasource_id: TEST_DATASOURCE_ID, credentials: { datasource_id: TEST_DATASOURCE_ID, secret: TEST_SECRET } }));
    // Small batches: even the fixture goes in several writes per graph.
    args = ['--credentials', credentialsFile, '--data', dir, '--port', '0', '--rescan-interval', '0', '--store-batch', '7', ...virtuoso.cliArgs];
    agent = await spawnAgent(args);
  });

  afterAll(async () => {
    await agent?.stop();
    await virtuoso?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers like the in-memory mode: every scope set, every query (n3 reference)', async () => {
    for (const [datasetId, turtle] of [['voorbeeld-2026', fixture], ['rand-1', EDGE_TTL]] as const) {
      for (const scopes of SCOPE_SETS) {
        for (const { query: sparql, graph } of QUERIES) {
          const answer = await query(datasetId, sparql, scopes);
          const body = await answer.text();
          const label = `${datasetId} ${scopes.join('+')} ${sparql}`;
          expect(answer.status, `${label}\n${body}`).toBe(200);
          expect(answer.headers.get('content-type'), label).toMatch(graph ? /^text\/turtle/ : /^application\/sparql-results\+json/);
          const ours = graph ? canonicalGraph(body) : canonicalResults(body);
          expect(sameNumbers(ours), label).toEqual(sameNumbers(referenceAnswer(turtle, scopes, sparql, graph)));
        }
      }
    }
  });

  it('keeps one graph per category set, a subject with two categories in their joint graph, blank nodes joined', async () => {
    const graphs = await storeCount(virtuoso, GRAPHS_OF('rand-1'));
    expect(graphs.map((row) => row.g)).toEqual([
      'urn:datahub:dataset:rand-1:Construction+Roof',
      'urn:datahub:dataset:rand-1:Heating',
      'urn:datahub:dataset:rand-1:VenloGreenhouse',
      'urn:datahub:dataset:rand-1:Water',
      'urn:datahub:dataset:rand-1:_uncategorised',
    ]);
    // The graphs tell the metadata which categories are present, in the fixed DATASET_SCOPES order.
    expect(await categories('rand-1')).toEqual(['Construction', 'Water', 'Heating', 'Roof', 'VenloGreenhouse']);
    const count = async (scopes: string[]) => {
      const answer = await query('rand-1', `${PREFIXES}SELECT (COUNT(*) AS ?n) WHERE { ?s cgo:hasSpanWidth ?w }`, scopes);
      return (JSON.parse(await answer.text()) as { results: { bindings: { n: { value: string } }[] } }).results.bindings[0].n.value;
    };
    // Once, not once per granted category.
    expect(await count(['Dataset.ReadRoof', 'Dataset.ReadConstruction'])).toBe('1');
    expect(await count(['Dataset.ReadWater'])).toBe('0');
    // The pump's capacity is a blank node in another graph (uncategorised): ReadAll joins them.
    const capacity = await query('rand-1', `${PREFIXES}SELECT ?v WHERE { ?p cgo:hasCapacity ?c . ?c cgo:hasNumericalValue ?v }`, ['Dataset.ReadAll']);
    expect(sameNumbers(canonicalResults(await capacity.text()))).toEqual({ vars: ['v'], rows: [JSON.stringify([['v', { type: 'literal', value: '12.5', datatype: 'http://www.w3.org/2001/XMLSchema#decimal' }]])] });
  });

  it('never reaches other graphs: no permitted graph answers nothing, GRAPH finds nothing, FROM is refused', async () => {
    const all = `SELECT ?s ?p ?o WHERE { ?s ?p ?o }`;
    const glass = await query('rand-1', all, ['Dataset.ReadGlass']); // no Glass subjects in this dataset
    expect(JSON.parse(await glass.text()).results.bindings).toEqual([]);
    const named = await query('rand-1', 'SELECT ?g ?s WHERE { GRAPH ?g { ?s ?p ?o } }', ['Dataset.ReadAll']);
    expect(JSON.parse(await named.text()).results.bindings).toEqual([]);
    const explicit = await query('rand-1', 'SELECT ?s WHERE { GRAPH <urn:datahub:dataset:voorbeeld-2026:Water> { ?s ?p ?o } }', ['Dataset.ReadWater']);
    expect(JSON.parse(await explicit.text()).results.bindings).toEqual([]);
    const from = await query('rand-1', 'SELECT ?s FROM <urn:datahub:dataset:voorbeeld-2026:Water> WHERE { ?s ?p ?o }', ['Dataset.ReadWater']);
    expect(from.status).toBe(400);
    expect(await from.json()).toMatchObject({ reason: 'dataset_clause_not_allowed' });
    const update = await query('rand-1', 'DROP ALL', ['Dataset.ReadAll']);
    expect(update.status).toBe(400);
  });

  it('answers in the W3C format asked for, and dumps exactly the permitted graphs, as N-Triples or streamed RDF/XML', async () => {
    const csv = await query('rand-1', `${PREFIXES}SELECT ?s WHERE { ?s a cgo:Pump }`, ['Dataset.ReadWater'], 'text/csv');
    expect(await csv.text()).toBe('s\r\nhttp://example.org/kas/pomp1\r\n');
    const xml = await query('rand-1', `${PREFIXES}ASK { ?s a cgo:Pump }`, ['Dataset.ReadWater'], 'application/sparql-results+xml');
    expect(await xml.text()).toContain('<boolean>true</boolean>');
    const dump = await get(`${agent.url}/datasets/voorbeeld-2026/dump`, token('voorbeeld-2026', ['Dataset.ReadAll']));
    expect(dump.status).toBe(200);
    expect(sameNumbers(canonicalGraph(dump.body))).toEqual(sameNumbers(canonicalGraph(fixture)));
    // A one-category token: that category's graphs only, equal to the in-memory CONSTRUCT for the same scopes.
    const everything = 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }';
    const water = referenceAnswer(fixture, ['Dataset.ReadWater'], everything, true) as string[];
    expect(water.length).toBeGreaterThan(0);
    expect(water.length).toBeLessThan(canonicalGraph(fixture).length);
    const scoped = await get(`${agent.url}/datasets/voorbeeld-2026/dump`, token('voorbeeld-2026', ['Dataset.ReadWater']));
    expect([scoped.status, scoped.type]).toEqual([200, 'text/turtle; charset=utf-8']);
    expect(sameNumbers(canonicalGraph(scoped.body))).toEqual(sameNumbers(water));
    const xmlDump = await fetch(`${agent.url}/datasets/voorbeeld-2026/dump`, { headers: { authorization: `Bearer ${token('voorbeeld-2026', ['Dataset.ReadWater'])}`, accept: 'application/rdf+xml' } });
    expect(xmlDump.headers.get('content-type')).toBe('application/rdf+xml; charset=utf-8');
    // Streamed: no length known in advance.
    expect(xmlDump.headers.get('transfer-encoding')).toBe('chunked');
    const readBack = new oxigraph.Store();
    readBack.load(await xmlDump.text(), { format: 'application/rdf+xml', base_iri: 'http://base.test/' });
    expect(sameNumbers(canonicalGraph(readBack.query(everything, { results_format: 'application/n-triples' }) as string))).toEqual(sameNumbers(water));
  });

  it('loads nothing again after a restart, and replaces the graphs of a changed file', async () => {
    const before = await storeCount(virtuoso, GRAPHS_OF('voorbeeld-2026'));
    expect(await agent.stop()).toBe(0);
    agent = await spawnAgent(args);
    expect(agent.output()).toContain('dataset already in the store file=voorbeeld.ttl');
    expect(agent.output()).not.toContain('loaded into the store');
    expect(await storeCount(virtuoso, GRAPHS_OF('voorbeeld-2026'))).toEqual(before);
    // Reused from the store's record: the categories present are still known.
    expect(await categories('voorbeeld-2026')).toEqual(['Construction', 'Water', 'Heating', 'Crop', 'Glass', 'Other', 'Roof', 'VenloGreenhouse']);

    expect(await agent.stop()).toBe(0);
    writeFileSync(path.join(dir, 'randgevallen.ttl'), '<urn:nieuw> <urn:p> "x" ; <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory> "Glass" .\n');
    agent = await spawnAgent(args);
    expect(agent.output()).toMatch(/loaded into the store file=randgevallen\.ttl triples=2 /);
    expect(await storeCount(virtuoso, GRAPHS_OF('rand-1'))).toEqual([{ g: 'urn:datahub:dataset:rand-1:Glass', n: '2' }]);
    expect(await categories('rand-1')).toEqual(['Glass']);
    expect(await storeCount(virtuoso, GRAPHS_OF('voorbeeld-2026'))).toEqual(before);
  });
});
