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
});
