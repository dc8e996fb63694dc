/**
 * Store mode's SPARQL-based check gives what shacl-engine gives on the same data: the same counts per
 * shape, path and constraint. Asked here of an in-memory oxigraph store, as the agent asks its triple store.
 */
import { describe, expect, it } from 'vitest';
import { Parser, Store, type Quad } from 'n3';
import * as oxigraph from 'oxigraph';
import { readFixtureTurtle } from '../testing/fixtures';
import { checkWithSparql, sparqlConstraints } from './sparql-check';
import { validateQuads } from './validate';
import { categoryGraph } from '../store/store-graphs';
import { CATEGORY_PREDICATE } from '@datahub/sparql';

const DEVIATING = `PREFIX : <https://data.kwekerij-delta.test/q/>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX om: <http://www.ontology-of-units-of-measure.org/resource/om-2/>
PREFIX sosa: <http://www.w3.org/ns/sosa/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
:net a cgo:AntiInsectNet ; cgo:prevents :trips, "bladluis" ; cgo:hasCategory "Construction" .
:trips a cgo:Pest ; cgo:hasCategory "Crop", "Gewas" .
:tank cgo:hasCategory "Watr" .
:blok a cgo:Block ; cgo:hasHeight :h1, :h2 ; cgo:hasLength :l ; cgo:hasWidth [ a om:Width ] ; cgo:hasCategory 'Construction' .
:h1 a om:Height ; cgo:hasCategory 'Construction' .
:h2 a om:Length ; cgo:hasCategory 'Construction' .
:m1 a sosa:Observation ; sosa:resultTime "2025-03-01T10:03:00"^^xsd:dateTime ; cgo:hasCategory 'Other' .
`;

function oxigraphSelect(turtle: string) {
  const store = new oxigraph.Store();
  store.load(turtle, { format: 'text/turtle' });
  return async (query: string) =>
    (store.query(query) as Map<string, { termType: string; value: string }>[]).map((row) =>
      Object.fromEntries([...row.entries()].map(([name, value]) => [name, value.termType === 'BlankNode' ? `_:${value.value}` : value.value])),
    );
}

/**
 * The store's layout (store-graphs.ts): each subject's triples in the one graph of its category set.
 * Queries see all graphs as the default graph and a piece as the one named graph, as the agent asks Virtuoso.
 */
function graphStoreSelect(turtle: string) {
  const quads = new Parser().parse(turtle);
  const categories = new Map<string, string[]>();
  for (const quad of quads) {
    if (quad.predicate.value === CATEGORY_PREDICATE && quad.object.termType === 'Literal') categories.set(quad.subject.value, [...(categories.get(quad.subject.value) ?? []), quad.object.value]);
  }
  const graphOf = (quad: Quad) => categoryGraph('voorbeeld', categories.get(quad.subject.value) ?? []);
  const store = new oxigraph.Store();
  for (const quad of quads) store.add(oxigraph.quad(quad.subject as never, quad.predicate as never, quad.object as never, oxigraph.namedNode(graphOf(quad))));
  const graphs = [...new Set(quads.map(graphOf))].sort();
  const asked: (string | undefined)[] = [];
  const select = async (query: string, piece?: string) => {
    asked.push(piece);
    const rows = store.query(query, { default_graph: graphs.map((graph) => oxigraph.namedNode(graph)), named_graphs: piece ? [oxigraph.namedNode(piece)] : [] }) as Map<string, { termType: string; value: string }>[];
    return rows.map((row) => Object.fromEntries([...row.entries()].map(([name, value]) => [name, value.termType === 'BlankNode' ? `_:${value.value}` : value.value])));
  };
  return { select, graphs, asked };
}

const counts = (summary: { findings: { shape: string; path: string | null; constraint: string; count: number }[] }) =>
  summary.findings.map((finding) => `${finding.shape} ${finding.path} ${finding.constraint} ${finding.count}`).sort();

describe('SPARQL-based quality check (store mode)', () => {
  it('derives a query for every constraint of the applied shapes', () => {
    expect(sparqlConstraints().length).toBeGreaterThan(100);
  });

  for (const [name, turtle] of [['the example greenhouse', readFixtureTurtle()], ['hand-made deviations', DEVIATING]] as const) {
    it(`finds what shacl-engine finds in ${name}`, async () => {
      const engine = await validateQuads(new Store(new Parser().parse(turtle)));
      const sparql = await checkWithSparql(oxigraphSelect(turtle), engine.triples);
      expect(engine.violations).toBeGreaterThan(0);
      expect(counts(sparql)).toEqual(counts(engine));
      expect(sparql.violations).toBe(engine.violations);
      expect(sparql.conforms).toBe(false);
    });
  }

  // Store mode asks graph by graph, so no query covers the whole dataset. A value's class may sit in
  // another graph (:net prevents :trips), and each node's group must be counted in its own graph only
  // (:blok's two heights are one result, not one per graph).
  for (const [name, turtle] of [['the example greenhouse', readFixtureTurtle()], ['hand-made deviations', DEVIATING]] as const) {
    it(`asks ${name} graph by graph and still finds what shacl-engine finds`, async () => {
      const engine = await validateQuads(new Store(new Parser().parse(turtle)));
      const { select, graphs, asked } = graphStoreSelect(turtle);
      expect(graphs.length).toBeGreaterThan(3);
      const sparql = await checkWithSparql(select, engine.triples, new Date(), { pieces: graphs });
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.filter((piece) => piece === undefined)).toEqual([]);
      expect(new Set(asked)).toEqual(new Set(graphs));
      expect(counts(sparql)).toEqual(counts(engine));
      expect(sparql.violations).toBe(engine.violations);
    });
  }
});
