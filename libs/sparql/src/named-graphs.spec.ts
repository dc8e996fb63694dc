import { describe, expect, it } from 'vitest';
import { guardQuery, namedGraphs } from './guard';

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
