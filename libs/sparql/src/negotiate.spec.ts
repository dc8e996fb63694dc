import { describe, expect, it } from 'vitest';
import { Parser } from 'n3';
import { convertGraph, negotiateFormats } from './negotiate';

const TURTLE = `@prefix ex: <http://example.org/> .
ex:kas ex:naam "Kas één"@nl ; ex:oppervlak 12 .`;

describe('convertGraph (oxigraph loaded on first use)', () => {
  it('re-serialises Turtle as N-Triples, JSON-LD and RDF/XML with the same triples', () => {
    const triples = new Parser().parse(TURTLE).length;
    expect(convertGraph(TURTLE, 'turtle')).toBe(TURTLE);
    const ntriples = convertGraph(TURTLE, 'ntriples');
    expect(new Parser({ format: 'N-Triples' }).parse(ntriples)).toHaveLength(triples);
    expect(ntriples).toContain('"Kas één"@nl');
    expect(JSON.stringify(JSON.parse(convertGraph(TURTLE, 'jsonld')))).toContain('Kas één');
    expect(convertGraph(TURTLE, 'rdfxml')).toContain('<rdf:RDF');
  });

  it('negotiates the W3C formats by Accept', () => {
    expect(negotiateFormats(undefined)).toEqual({ results: 'json', graph: 'turtle' });
    expect(negotiateFormats('text/csv;q=0.5, application/n-triples')).toEqual({ results: 'csv', graph: 'ntriples' });
  });
});
