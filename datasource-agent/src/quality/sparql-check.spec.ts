/**
 * Store mode's SPARQL-based check gives what shacl-engine gives on the same data: the same counts per
 * shape, path and constraint. Asked here of an in-memory oxigraph store, as the agent asks its triple store.
 */
import { describe, expect, it } from 'vitest';
import { Parser, Store } from 'n3';
import * as oxigraph from 'oxigraph';
import { readFixtureTurtle } from '../testing/fixtures';
import { checkWithSparql, sparqlConstraints } from './sparql-check';
import { validateQuads } from './validate';

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
});
