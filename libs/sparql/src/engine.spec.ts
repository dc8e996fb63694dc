import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oxigraph from 'oxigraph';
import { Parser, Writer, type Quad } from 'n3';
import { SparqlEngine } from './engine';
import { filterTurtle, toNTriples } from './category-filter';
import type { SparqlError } from './errors';
import { EDGE_CASES_TTL, SCOPE_SETS, readFixtureTurtle } from './testing/fixtures';

const PREFIXES = `PREFIX : <https://data.kwekerij-delta.test/voorbeeldkas/>
PREFIX kas: <http://example.org/kas/>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
`;

/** Queries whose answers do not depend on evaluation order (or fix it with ORDER BY). */
const QUERIES = [
  'SELECT ?s ?type WHERE { ?s a ?type }',
  'SELECT ?s ?v WHERE { ?s cgo:hasNumericalValue ?v . ?s cgo:hasUnit ?u . ?s a ?t FILTER(?v >= 10) }',
  'SELECT ?cat (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s cgo:hasCategory ?cat } GROUP BY ?cat',
  'SELECT ?part ?whole ?loc WHERE { ?part cgo:partOf ?whole OPTIONAL { ?part cgo:hasLocation ?loc } }',
  'SELECT * WHERE { ?s ?p ?o FILTER(!isBlank(?s) && !isBlank(?o)) } ORDER BY ?s ?p ?o LIMIT 20 OFFSET 3',
  'SELECT ?s WHERE { ?s cgo:partOf+ ?g FILTER(?g IN (:kas1, kas:kas1)) }',
  'SELECT ?s ?n WHERE { { SELECT ?s (COUNT(?p) AS ?n) WHERE { ?s ?p ?o FILTER(!isBlank(?s)) } GROUP BY ?s } FILTER(?n > 4) }',
  'SELECT ?s WHERE { ?s a ?t FILTER NOT EXISTS { ?s cgo:partOf ?x } FILTER(!isBlank(?s)) }',
  'SELECT (COUNT(*) AS ?n) (SUM(?v) AS ?total) WHERE { ?s ?p ?o OPTIONAL { ?s cgo:hasNumericalValue ?v } }',
  'SELECT ?s ?o WHERE { ?s cgo:partOf ?o } VALUES ?o { :kas1 :tomaat kas:kas1 }',
  'SELECT ?label WHERE { ?s cgo:hasLabel ?label FILTER(LANG(?label) = "nl") }',
  'ASK { ?s a cgo:Crop }',
  'ASK { ?s cgo:hasCategory "Water" }',
  'CONSTRUCT { ?s cgo:isPartOf ?o } WHERE { ?s cgo:partOf ?o }',
  'CONSTRUCT WHERE { ?s ?p ?o }',
  'DESCRIBE :buisrail1 kas:pomp1',
  'SELECT ?g ?s WHERE { GRAPH ?g { ?s ?p ?o } }',
  'SELECT ?s WHERE { GRAPH <urn:datahub:categories:Water> { ?s ?p ?o } }',
].map((query) => PREFIXES + query);

const DATA = readFixtureTurtle() + '\n' + EDGE_CASES_TTL;

type Binding = Record<string, { type: string; value: string; datatype?: string; 'xml:lang'?: string }>;

/** A SPARQL JSON result as a sorted list of rows (blank-node labels blurred), or the boolean. */
function canonicalResults(json: string): unknown {
  const parsed = JSON.parse(json) as { head: { vars?: string[] }; boolean?: boolean; results?: { bindings: Binding[] } };
  if (parsed.boolean !== undefined) return parsed.boolean;
  const rows = parsed.results!.bindings.map((binding) =>
    JSON.stringify(
      Object.keys(binding)
        .sort()
        .map((name) => [name, binding[name].type === 'bnode' ? '_:b' : binding[name]]),
    ),
  );
  return { vars: [...(parsed.head.vars ?? [])].sort(), rows: rows.sort() };
}

function canonicalGraph(turtle: string): string[] {
  const writer = new Writer({ format: 'N-Triples' });
  return new Parser()
    .parse(turtle)
    .map((quad: Quad) => writer.quadToString(quad.subject, quad.predicate, quad.object).trim().replace(/_:[^\s]+/g, '_:b'))
    .sort();
}

/** The reference: the same query on a plain oxigraph store holding exactly the n3-filtered subgraph. */
function referenceAnswer(query: string, scopes: string[]): unknown {
  const store = new oxigraph.Store();
  store.load(toNTriples(filterTurtle(DATA, scopes)), { format: 'application/n-triples' });
  if (/^\s*(CONSTRUCT|DESCRIBE)/m.test(query.replace(PREFIXES, ''))) {
    return canonicalGraph(store.query(query, { results_format: 'application/n-triples' }) as string);
  }
  return canonicalResults(store.query(query, { results_format: 'application/sparql-results+json' }) as string);
}

describe('SparqlEngine answers equal the query over exactly the permitted subgraph', () => {
  let engine: SparqlEngine;

  beforeAll(async () => {
    engine = new SparqlEngine({ workers: 1 });
    await engine.load('demo', DATA);
  });
  afterAll(() => engine.close());

  it('reports triple counts per category', () => {
    const info = engine.info('demo')!;
    expect(info.triples).toBe(filterTurtle(DATA, ['Dataset.ReadAll']).length);
    expect(info.categories.Water).toBe(filterTurtle(DATA, ['Dataset.ReadWater']).length);
    expect(info.uncategorisedTriples).toBeGreaterThan(0);
  });

  for (const scopes of SCOPE_SETS) {
    it(`for ${scopes.join(' + ')}`, async () => {
      let nonEmpty = 0;
      for (const query of QUERIES) {
        const result = await engine.query('demo', query, scopes);
        const ours =
          result.form === 'CONSTRUCT' || result.form === 'DESCRIBE'
            ? canonicalGraph(result.body)
            : canonicalResults(result.body);
        expect(ours, query).toEqual(referenceAnswer(query, scopes));
        expect(result.truncated).toBe(false);
        if (ours === true || (Array.isArray(ours) && ours.length > 0) || ((ours as { rows?: unknown[] }).rows?.length ?? 0) > 0) {
          nonEmpty += 1;
        }
      }
      // The comparison is not vacuous: most queries find something under every scope set.
      expect(nonEmpty).toBeGreaterThanOrEqual(8);
    });
  }

  it('hides the category graphs from GRAPH patterns', async () => {
    const result = await engine.query('demo', 'SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }', ['Dataset.ReadAll']);
    expect(JSON.parse(result.body).results.bindings).toHaveLength(0);
  });

  it('answers CONSTRUCT as Turtle and SELECT as SPARQL JSON', async () => {
    const construct = await engine.query('demo', 'CONSTRUCT WHERE { ?s ?p ?o }', ['Dataset.ReadWater']);
    expect(construct.contentType).toBe('text/turtle');
    expect(construct.count).toBe(filterTurtle(DATA, ['Dataset.ReadWater']).length);
    const select = await engine.query('demo', 'SELECT * WHERE { ?s ?p ?o }', ['Dataset.ReadWater']);
    expect(select.contentType).toBe('application/sparql-results+json');
    expect(select.count).toBe(construct.count);
  });

  it('hands the answer over as the UTF-8 bytes of its text, for every form and format', async () => {
    const literal = 'één °C ✓ 𝄞 "quote" {brace}';
    const cases = [
      { query: `SELECT ?x WHERE { BIND(${JSON.stringify(literal)} AS ?x) }`, options: {} },
      { query: `SELECT ?x WHERE { BIND(${JSON.stringify(literal)} AS ?x) }`, options: { resultsFormat: 'csv' as const } },
      { query: `CONSTRUCT { <urn:x> <urn:label> ${JSON.stringify(literal)} } WHERE {}`, options: { graphFormat: 'ntriples' as const } },
      { query: 'ASK { ?s ?p ?o }', options: { resultsFormat: 'xml' as const } },
    ];
    for (const { query, options } of cases) {
      const result = await engine.query('demo', query, ['Dataset.ReadAll'], options);
      expect(Buffer.isBuffer(result.bytes)).toBe(true);
      expect(result.bytes.equals(Buffer.from(result.body, 'utf8')), query).toBe(true);
      if (!query.startsWith('ASK')) expect(result.bytes.toString('utf8')).toContain('één °C ✓ 𝄞');
    }
    const json = await engine.query('demo', cases[0].query, ['Dataset.ReadAll']);
    expect(JSON.parse(json.bytes.toString('utf8')).results.bindings[0].x.value).toBe(literal);
  });

  it('caps SELECT rows and CONSTRUCT triples, marking the answer truncated', async () => {
    const select = await engine.query('demo', 'SELECT * WHERE { ?s ?p ?o }', ['Dataset.ReadAll'], { maxRows: 5 });
    expect(select.truncated).toBe(true);
    expect(JSON.parse(select.body).results.bindings).toHaveLength(5);
    const exact = await engine.query('demo', 'SELECT * WHERE { ?s ?p ?o } LIMIT 5', ['Dataset.ReadAll'], { maxRows: 5 });
    expect(exact.truncated).toBe(false);
    const construct = await engine.query('demo', 'CONSTRUCT WHERE { ?s ?p ?o }', ['Dataset.ReadAll'], { maxTriples: 7 });
    expect(construct.truncated).toBe(true);
    expect(canonicalGraph(construct.body)).toHaveLength(7);
  });

  it('exports the permitted graph as RDF/XML', async () => {
    for (const scopes of [['Dataset.ReadAll'], ['Dataset.ReadHeating', 'Dataset.ReadWater']]) {
      const xml = await engine.exportGraph('demo', scopes, 'rdfxml');
      expect(xml).toContain('<rdf:RDF');
      const store = new oxigraph.Store();
      store.load(xml, { format: 'application/rdf+xml' });
      const ntriples = store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() });
      // oxigraph keeps numbers by value (25.0 is written 25): pass the n3 reference through it too.
      const reference = new oxigraph.Store();
      reference.load(toNTriples(filterTurtle(DATA, scopes)), { format: 'application/n-triples' });
      const expected = reference.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() });
      expect(canonicalGraph(ntriples)).toEqual(canonicalGraph(expected));
    }
  });

  it('refuses guarded queries, unknown scopes and unknown datasets with a reason', async () => {
    const reason = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: SparqlError) => error.reason);
    expect(await reason(engine.query('demo', 'DELETE WHERE { ?s ?p ?o }', ['Dataset.ReadAll']))).toBe('update_not_allowed');
    expect(await reason(engine.query('demo', 'SELECT * FROM <urn:x> WHERE { ?s ?p ?o }', ['Dataset.ReadAll']))).toBe(
      'dataset_clause_not_allowed',
    );
    expect(await reason(engine.query('demo', 'SELECT * WHERE { ?s ?p ?o }', ['Dataset.Delete']))).toBe('unknown_scope');
    expect(await reason(engine.query('demo', 'SELECT * WHERE { ?s ?p ?o }', []))).toBe('no_scopes');
    expect(await reason(engine.query('other', 'SELECT * WHERE { ?s ?p ?o }', ['Dataset.ReadAll']))).toBe('unknown_dataset');
    expect(await reason(engine.query('demo', 'SELECT (xsd:foo(1) AS ?x) WHERE {}', ['Dataset.ReadAll']))).toBe('syntax_error');
  });

  it('replaces a dataset, keeps the old version when the new Turtle is invalid, and unloads', async () => {
    await engine.load('swap', '<urn:a> <urn:b> "1" ; <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory> "Water" .');
    const count = async () =>
      JSON.parse((await engine.query('swap', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', ['Dataset.ReadAll'])).body).results
        .bindings[0].n.value;
    expect(await count()).toBe('2');
    await expect(engine.load('swap', '<urn:a> <urn:b> "unterminated .')).rejects.toMatchObject({ reason: 'invalid_data' });
    expect(await count()).toBe('2');
    await engine.load('swap', '<urn:a> <urn:b> "1", "2", "3" .');
    expect(await count()).toBe('3');
    engine.unload('swap');
    expect(engine.has('swap')).toBe(false);
    await expect(engine.query('swap', 'ASK {}', ['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'unknown_dataset' });
  });
});

describe('SparqlEngine formats', () => {
  it('serialises SELECT as XML, CSV and TSV with the row cap, and graphs as JSON-LD', async () => {
    const engine = new SparqlEngine({ workers: 1, maxRows: 2 });
    try {
      await engine.load('k', DATA);
      const query = PREFIXES + 'SELECT ?s WHERE { ?s a ?t FILTER(isIRI(?s)) } ORDER BY ?s';
      const json = await engine.query('k', query, ['Dataset.ReadAll']);
      const rows = (JSON.parse(json.body) as { results: { bindings: { s: { value: string } }[] } }).results.bindings.map((b) => b.s.value);
      expect(rows).toHaveLength(2);
      const csv = await engine.query('k', query, ['Dataset.ReadAll'], { resultsFormat: 'csv' });
      expect([csv.contentType, csv.truncated, csv.count]).toEqual(['text/csv', true, 2]);
      expect(csv.body.trim().split(/\r?\n/)).toEqual(['s', ...rows]);
      const tsv = await engine.query('k', query, ['Dataset.ReadAll'], { resultsFormat: 'tsv' });
      expect(tsv.body.trim().split(/\r?\n/)).toEqual(['?s', ...rows.map((row) => `<${row}>`)]);
      const xml = await engine.query('k', query, ['Dataset.ReadAll'], { resultsFormat: 'xml' });
      expect(xml.contentType).toBe('application/sparql-results+xml');
      expect(xml.body.match(/<result>/g)).toHaveLength(2);
      const ask = await engine.query('k', 'ASK { ?s ?p ?o }', ['Dataset.ReadWater'], { resultsFormat: 'xml' });
      expect(ask.body).toContain('<boolean>true</boolean>');
      const graph = await engine.query('k', PREFIXES + 'CONSTRUCT WHERE { ?s cgo:hasCategory "Water" }', ['Dataset.ReadWater'], { graphFormat: 'jsonld' });
      expect(graph.contentType).toBe('application/ld+json');
      expect(Array.isArray(JSON.parse(graph.body))).toBe(true);
    } finally {
      await engine.close();
    }
  });
});

describe('SparqlEngine with single-copy datasets (above replicateMaxBytes)', () => {
  it('answers every query and scope set like the n3 reference from one worker, loaded from N-Triples bytes', async () => {
    const store = new oxigraph.Store();
    store.load(DATA, { format: 'text/turtle' });
    const ntriples = store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() });
    const engine = new SparqlEngine({ workers: 2, replicateMaxBytes: 0 });
    try {
      const info = await engine.load('n', Buffer.from(ntriples), { format: 'ntriples', countCategories: false });
      expect(info.triples).toBe(filterTurtle(DATA, ['Dataset.ReadAll']).length);
      for (const scopes of SCOPE_SETS) {
        for (const query of QUERIES) {
          const graph = /^\s*(CONSTRUCT|DESCRIBE)/m.test(query.replace(PREFIXES, ''));
          const result = await engine.query('n', query, scopes);
          const actual = graph ? canonicalGraph(result.body) : canonicalResults(result.body);
          expect(actual, `${scopes.join('+')}: ${query}`).toEqual(referenceAnswer(query, scopes));
        }
      }
      // One copy: the other worker never loaded it, and it is forgotten when its worker is stopped at a deadline.
      const endless = 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }';
      await expect(engine.query('n', endless, ['Dataset.ReadAll'], { deadlineMs: 300 })).rejects.toMatchObject({ reason: 'timeout' });
      expect(engine.has('n')).toBe(false);
      await engine.load('n', ntriples, { format: 'ntriples' });
      expect(JSON.parse((await engine.query('n', 'ASK { ?s ?p ?o }', ['Dataset.ReadWater'])).body).boolean).toBe(true);
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('streams an export in pieces that together are the whole permitted graph', async () => {
    const engine = new SparqlEngine({ workers: 1 });
    try {
      await engine.load('x', DATA);
      const stream = await engine.exportStream('x', ['Dataset.ReadWater'], 'ntriples');
      let text = '';
      for await (const piece of stream) text += String(piece);
      expect(canonicalGraph(text)).toEqual(referenceAnswer('CONSTRUCT WHERE { ?s ?p ?o }', ['Dataset.ReadWater']));
      await expect(engine.exportStream('nope', ['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'unknown_dataset' });
    } finally {
      await engine.close();
    }
  });
});

describe('SparqlEngine with kept answers (resultCacheMb)', () => {
  const kept = new SparqlEngine({ workers: 1, resultCacheMb: 1 });
  afterAll(() => kept.close());
  const CATEGORY = '<https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory>';
  const count = async (scopes: string[], text = 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }') =>
    JSON.parse((await kept.query('kept', text, scopes)).body).results.bindings[0].n.value as string;

  it('answers the same query again without a worker, and never an answer of another version, category set or format', async () => {
    await kept.load('kept', `<urn:a> <urn:b> "1" ; ${CATEGORY} "Water" . <urn:c> <urn:b> "2" ; ${CATEGORY} "Heating" .`);
    expect(await count(['Dataset.ReadAll'])).toBe('4');
    expect(kept.stats().resultHits).toBe(0);
    expect(await count(['Dataset.ReadAll'])).toBe('4');
    expect(kept.stats().resultHits).toBe(1);
    // Other categories, another format, another text: asked anew.
    expect(await count(['Dataset.ReadWater'])).toBe('2');
    const xml = await kept.query('kept', 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', ['Dataset.ReadAll'], { resultsFormat: 'xml' });
    expect(xml.body).toContain('<literal datatype="http://www.w3.org/2001/XMLSchema#integer">4</literal>');
    expect(await count(['Dataset.ReadAll'], 'SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o . }')).toBe('4');
    expect(kept.stats().resultHits).toBe(1);
    // A new version of the dataset: its own answers.
    await kept.load('kept', `<urn:a> <urn:b> "1", "2", "3" ; ${CATEGORY} "Water" .`);
    expect(await count(['Dataset.ReadAll'])).toBe('4');
    expect(await count(['Dataset.ReadWater'])).toBe('4');
    await kept.load('kept', `<urn:a> <urn:b> "1" .`);
    expect(await count(['Dataset.ReadAll'])).toBe('1');
    expect(kept.stats().resultHits).toBe(1);
    // Unloaded: refused, not answered from memory.
    kept.unload('kept');
    await expect(count(['Dataset.ReadAll'])).rejects.toMatchObject({ reason: 'unknown_dataset' });
  });
});
