import * as oxigraph from 'oxigraph';
import { expect } from 'vitest';
import { canonicalGraph, referenceAnswer } from 'datasource-agent/src/testing/reference';

const PREFIXES = 'PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>\n';

/**
 * The answers of GET /api/datasets/{id}/data in every W3C format by Accept (SELECT: JSON, XML,
 * CSV, TSV; CONSTRUCT: Turtle, N-Triples, JSON-LD) agree with each other and with the reference
 * over `turtle` as `scopes` permit. `ask` queries as a user whose organisation holds `scopes`,
 * which must include Dataset.ReadWater (or ReadAll).
 */
export async function expectW3cFormats(ask: (query: string, accept?: string) => Promise<Response>, turtle: string, scopes: string[]): Promise<void> {
  const select = PREFIXES + 'SELECT ?s WHERE { ?s cgo:hasCategory "Water" FILTER(isIRI(?s)) } ORDER BY ?s';
  const json = await ask(select);
  expect(json.headers.get('content-type')).toBe('application/sparql-results+json; charset=utf-8');
  const rows = ((await json.json()) as { results: { bindings: { s: { value: string } }[] } }).results.bindings.map((binding) => binding.s.value);
  expect(rows.length).toBeGreaterThan(0);
  const xml = await ask(select, 'application/sparql-results+xml');
  expect(xml.headers.get('content-type')).toBe('application/sparql-results+xml; charset=utf-8');
  expect((await xml.text()).match(/<uri>[^<]+<\/uri>/g)?.map((uri) => uri.slice(5, -6))).toEqual(rows);
  const csv = await ask(select, 'text/csv');
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).trim().split(/\r?\n/)).toEqual(['s', ...rows]);
  const tsv = await ask(select, 'text/tab-separated-values');
  expect(tsv.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8');
  expect((await tsv.text()).trim().split(/\r?\n/)).toEqual(['?s', ...rows.map((row) => `<${row}>`)]);
  const construct = PREFIXES + 'CONSTRUCT WHERE { ?s cgo:hasCategory "Water" }';
  const expected = referenceAnswer(turtle, scopes, construct, true);
  expect((expected as string[]).length).toBeGreaterThan(0);
  const ttl = await ask(construct, 'text/turtle');
  expect(ttl.headers.get('content-type')).toBe('text/turtle; charset=utf-8');
  expect(canonicalGraph(await ttl.text())).toEqual(expected);
  const ntriples = await ask(construct, 'application/n-triples');
  expect(ntriples.headers.get('content-type')).toBe('application/n-triples');
  expect(canonicalGraph(await ntriples.text())).toEqual(expected);
  const jsonld = await ask(construct, 'application/ld+json');
  expect(jsonld.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
  const store = new oxigraph.Store();
  store.load(await jsonld.text(), { format: 'application/ld+json' });
  expect(canonicalGraph(store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() }))).toEqual(expected);
}
