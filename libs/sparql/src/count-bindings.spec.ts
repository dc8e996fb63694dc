import { describe, expect, it } from 'vitest';
import * as oxigraph from 'oxigraph';
import { countBindings } from './count-bindings';

describe('countBindings', () => {
  it('counts the rows of oxigraph answers, whatever their literals hold', () => {
    const store = new oxigraph.Store();
    const tricky = ['a},{"b', '}]', '\\', '\\"}', '{', 'gewoon', '"', '\n},{\n'];
    const turtle = tricky.map((text, i) => `<https://voorbeeld.nl/s${i}> <https://voorbeeld.nl/p> ${JSON.stringify(text)} .`).join('\n');
    store.load(turtle, { format: 'text/turtle' });
    for (const query of [
      'SELECT ?s ?o WHERE { ?s ?p ?o }',
      'SELECT ?o WHERE { ?s ?p ?o FILTER(?o = "niets") }',
      'SELECT ?x WHERE { ?s ?p ?o OPTIONAL { ?s <https://voorbeeld.nl/q> ?x } }',
      'SELECT * WHERE { } ',
    ]) {
      const body = store.query(query, { results_format: 'application/sparql-results+json' }) as string;
      const expected = (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length;
      expect(countBindings(body), query).toBe(expected);
    }
    expect(countBindings('{"head":{"vars":["bindings"]},"results":{"bindings":[]}}')).toBe(0);
  });

  it('counts rows by their starts when no row is empty, also when literals end in what a row start begins with', () => {
    const store = new oxigraph.Store();
    const endings = ['x},{', '},{', '},{"a', 'a},{"b"}', '}},{', ']},{', 'é},{'];
    const turtle = endings
      .flatMap((text, i) => [
        `<https://voorbeeld.nl/s${i}> <https://voorbeeld.nl/p> ${JSON.stringify(text)} .`,
        `<https://voorbeeld.nl/s${i}> <https://voorbeeld.nl/taal> ${JSON.stringify(text)}@nl .`,
        `<https://voorbeeld.nl/s${i}> <https://voorbeeld.nl/soort> ${JSON.stringify(text)}^^<https://voorbeeld.nl/t> .`,
        `_:b${i} <https://voorbeeld.nl/p> <https://voorbeeld.nl/o${i}> .`,
      ])
      .join('\n');
    store.load(turtle, { format: 'text/turtle' });
    for (const query of [
      'SELECT ?s ?p ?o WHERE { ?s ?p ?o }',
      'SELECT ?o ?s WHERE { ?s ?p ?o }',
      'SELECT ?o WHERE { ?s ?p ?o FILTER(isLiteral(?o)) }',
      'SELECT ?s ?t WHERE { ?s ?p ?o OPTIONAL { ?s <https://voorbeeld.nl/taal> ?t } }',
    ]) {
      const body = store.query(query, { results_format: 'application/sparql-results+json' }) as string;
      expect(body.includes('{}'), query).toBe(false);
      const expected = (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length;
      expect(expected).toBeGreaterThan(20);
      expect(countBindings(body), query).toBe(expected);
    }
  });
});
