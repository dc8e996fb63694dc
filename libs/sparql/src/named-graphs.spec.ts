import { describe, expect, it } from 'vitest';
import { guardQuery, namedGraphs, replaceServices, serviceEndpoints } from './guard';

describe('FROM / FROM NAMED for the hub-wide endpoint (issue 38)', () => {
  const text = 'SELECT * FROM <http://h/dataset/a> FROM NAMED <http://h/dataset/b> WHERE { GRAPH ?g { ?s ?p ?o } }';

  it('refuses them by default and accepts them when asked, each verdict on its own', () => {
    expect(() => guardQuery(text)).toThrow(/FROM and FROM NAMED/);
    expect(guardQuery(text, { datasetClauses: true }).form).toBe('SELECT');
    // The accepted verdict is not reused for the dataset endpoint.
    expect(() => guardQuery(text)).toThrow(/FROM and FROM NAMED/);
  });

  it('keeps SERVICE refused with dataset clauses allowed', () => {
    expect(() => guardQuery('SELECT * WHERE { SERVICE <http://evil/> { ?s ?p ?o } }', { datasetClauses: true })).toThrow(/SERVICE/);
  });

  it('reads the graphs a query names, also inside OPTIONAL, UNION and EXISTS', () => {
    expect(namedGraphs(text)).toEqual({ from: ['http://h/dataset/a'], fromNamed: ['http://h/dataset/b'], graphIris: [], graphVariable: true });
    const nested = 'SELECT * WHERE { { GRAPH <http://h/dataset/c> { ?s ?p ?o } } UNION { ?s ?p ?o FILTER EXISTS { GRAPH <http://h/dataset/d> { ?s ?p ?o } } } }';
    expect(namedGraphs(nested)).toEqual({ from: [], fromNamed: [], graphIris: ['http://h/dataset/c', 'http://h/dataset/d'], graphVariable: false });
  });
});

describe('SERVICE rewritten to the named graph of a hub dataset (issue 38)', () => {
  const text = 'SELECT * WHERE { ?s ?p ?o SERVICE <http://h/api/datasets/1/sparql> { ?s ?q ?v } OPTIONAL { SERVICE SILENT <http://h/api/datasets/2/sparql> { ?s ?r ?w } } }';

  it('accepts SERVICE with an IRI only when asked, never with a variable', () => {
    expect(() => guardQuery(text, { datasetClauses: true })).toThrow(/SERVICE/);
    expect(guardQuery(text, { services: true }).form).toBe('SELECT');
    expect(() => guardQuery('SELECT * WHERE { SERVICE ?x { ?s ?p ?o } }', { services: true })).toThrow(/SERVICE/);
    expect(serviceEndpoints(text)).toEqual(['http://h/api/datasets/1/sparql', 'http://h/api/datasets/2/sparql']);
  });

  it('turns SERVICE into GRAPH, a failing SERVICE SILENT into an empty group, and keeps GRAPH visible under FROM', () => {
    const rewritten = replaceServices(text, (iri, silent) => (iri.endsWith('/1/sparql') ? 'http://h/dataset/een' : silent ? null : 'x'));
    expect(rewritten.graphs).toEqual(['http://h/dataset/een']);
    expect(serviceEndpoints(rewritten.text)).toEqual([]);
    expect(namedGraphs(rewritten.text).graphIris).toEqual(['http://h/dataset/een']);
    const withFrom = replaceServices('SELECT * FROM <http://h/dataset/twee> WHERE { SERVICE <http://h/api/datasets/1/sparql> { ?s ?p ?o } }', () => 'http://h/dataset/een');
    expect(namedGraphs(withFrom.text)).toMatchObject({ from: ['http://h/dataset/twee'], fromNamed: ['http://h/dataset/een'] });
  });

  it('gives a dataset endpoint\'s query its dataset as the default graph and the SERVICE graphs as named ones', () => {
    const onDataset = replaceServices('SELECT * WHERE { ?s ?p ?o SERVICE <http://h/api/datasets/2/sparql> { ?s ?q ?v } }', () => 'http://h/dataset/twee', { defaultGraph: 'http://h/dataset/een' });
    expect(namedGraphs(onDataset.text)).toMatchObject({ from: ['http://h/dataset/een'], fromNamed: ['http://h/dataset/twee'], graphIris: ['http://h/dataset/twee'] });
  });
});
