import { describe, expect, it } from 'vitest';
import { Parser } from 'sparqljs';
import { guardQuery, withRowLimit } from './guard';
import { SparqlError, type SparqlErrorReason } from './errors';

const PREFIX = 'PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>\n';

function reasonOf(text: string): SparqlErrorReason | 'accepted' {
  try {
    guardQuery(text);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(SparqlError);
    return (error as SparqlError).reason;
  }
}

describe('guardQuery accepts read-only query forms', () => {
  it.each([
    ['SELECT', 'SELECT * WHERE { ?s ?p ?o } LIMIT 10'],
    ['SELECT', `${PREFIX}SELECT ?s (COUNT(*) AS ?n) WHERE { ?s cgo:hasCategory ?c } GROUP BY ?s`],
    ['SELECT', `${PREFIX}SELECT ?s WHERE { ?s a cgo:Crop OPTIONAL { ?s cgo:partOf ?g } FILTER(BOUND(?g)) }`],
    ['ASK', 'ASK { ?s ?p ?o }'],
    ['CONSTRUCT', 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }'],
    ['CONSTRUCT', 'CONSTRUCT WHERE { ?s ?p ?o }'],
    ['DESCRIBE', 'DESCRIBE <https://data.kwekerij-delta.test/voorbeeldkas/tomaat>'],
    ['SELECT', 'SELECT ?s WHERE { GRAPH ?g { ?s ?p ?o } }'],
  ])('%s: %s', (form, text) => {
    expect(guardQuery(text).form).toBe(form);
  });

  it('reports the outer LIMIT', () => {
    expect(guardQuery('SELECT * WHERE { ?s ?p ?o } LIMIT 7').limit).toBe(7);
    expect(guardQuery('SELECT * WHERE { ?s ?p ?o }').limit).toBeUndefined();
  });
});

describe('guardQuery refuses', () => {
  it.each<[SparqlErrorReason, string]>([
    ['update_not_allowed', 'INSERT DATA { <urn:a> <urn:b> <urn:c> }'],
    ['update_not_allowed', 'DELETE WHERE { ?s ?p ?o }'],
    ['update_not_allowed', 'LOAD <http://example.org/data.ttl>'],
    ['update_not_allowed', 'CLEAR ALL'],
    ['update_not_allowed', 'DROP GRAPH <urn:datahub:categories:Water>'],
    ['syntax_error', 'SELECT * WHERE { ?s ?p ?o } ; INSERT DATA { <urn:a> <urn:b> <urn:c> }'],
    ['service_not_allowed', 'SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }'],
    ['service_not_allowed', 'SELECT * WHERE { ?s ?p ?o OPTIONAL { SERVICE SILENT <http://x/> { ?s ?q ?r } } }'],
    ['service_not_allowed', 'SELECT * WHERE { { SELECT ?s WHERE { SERVICE <http://x/> { ?s ?p ?o } } } }'],
    ['service_not_allowed', 'SELECT * WHERE { ?s ?p ?o FILTER EXISTS { SERVICE <http://x/> { ?s ?p ?o } } }'],
    ['service_not_allowed', 'ASK { SERVICE ?endpoint { ?s ?p ?o } }'],
    ['dataset_clause_not_allowed', 'SELECT * FROM <http://example.org/other> WHERE { ?s ?p ?o }'],
    ['dataset_clause_not_allowed', 'SELECT * FROM NAMED <urn:datahub:categories:Water> WHERE { GRAPH ?g { ?s ?p ?o } }'],
    ['dataset_clause_not_allowed', 'CONSTRUCT { ?s ?p ?o } FROM <file:///etc/passwd> WHERE { ?s ?p ?o }'],
    ['syntax_error', 'SELECT WHERE {'],
    ['syntax_error', 'this is not sparql'],
    ['empty_query', '   '],
  ])('%s: %s', (reason, text) => {
    expect(reasonOf(text)).toBe(reason);
  });

  it('refuses query text over 64 KB and accepts it just under', () => {
    const base = 'SELECT * WHERE { ?s ?p ?o } # ';
    expect(reasonOf(base + 'x'.repeat(64 * 1024 - base.length))).toBe('accepted');
    expect(reasonOf(base + 'x'.repeat(64 * 1024 - base.length + 1))).toBe('query_too_large');
    // bytes, not characters
    expect(reasonOf(base + 'é'.repeat(33 * 1024))).toBe('query_too_large');
  });

  it('offers a status code per reason', () => {
    expect(new SparqlError('query_too_large', 'x').httpStatus).toBe(413);
    expect(new SparqlError('update_not_allowed', 'x').httpStatus).toBe(400);
    expect(new SparqlError('timeout', 'x').httpStatus).toBe(504);
  });
});

describe('withRowLimit', () => {
  const limitOf = (text: string) => (new Parser().parse(text) as { limit?: number }).limit;

  it('adds or lowers the outer LIMIT of a SELECT', () => {
    expect(limitOf(withRowLimit(guardQuery('SELECT * WHERE { ?s ?p ?o }'), 101))).toBe(101);
    expect(limitOf(withRowLimit(guardQuery('SELECT * WHERE { ?s ?p ?o } LIMIT 5000'), 101))).toBe(101);
  });

  it('leaves queries within the cap and other forms as written', () => {
    const small = 'SELECT * WHERE { ?s ?p ?o } LIMIT 5';
    expect(withRowLimit(guardQuery(small), 101)).toBe(small);
    const construct = 'CONSTRUCT WHERE { ?s ?p ?o }';
    expect(withRowLimit(guardQuery(construct), 101)).toBe(construct);
  });
});

describe('guardQuery keeps its verdicts on accepted texts', () => {
  it('answers a repeated text with the same frozen verdict and capped text, and refuses a refused text every time', () => {
    const text = 'SELECT * WHERE { ?s ?p ?o } # kept';
    const first = guardQuery(text);
    expect(guardQuery(text)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => ((first as { form: string }).form = 'ASK')).toThrow(TypeError);
    expect(withRowLimit(first, 11)).toBe(withRowLimit(first, 11));
    expect((new Parser().parse(withRowLimit(first, 11)) as { limit?: number }).limit).toBe(11);
    expect((new Parser().parse(withRowLimit(first, 12)) as { limit?: number }).limit).toBe(12);
    const update = 'INSERT DATA { <urn:a> <urn:b> <urn:c> }';
    expect(reasonOf(update)).toBe('update_not_allowed');
    expect(reasonOf(update)).toBe('update_not_allowed');
    // The size cap is checked before the kept verdict: a smaller cap refuses a text accepted before.
    expect(() => guardQuery(text, { maxQueryBytes: 10 })).toThrow(expect.objectContaining({ reason: 'query_too_large' }));
  });

  it('keeps a bounded number of verdicts (the oldest go first)', () => {
    const first = guardQuery('SELECT * WHERE { ?s ?p ?o } # 0');
    for (let index = 1; index <= 300; index += 1) guardQuery(`SELECT * WHERE { ?s ?p ?o } # ${index}`);
    const again = guardQuery('SELECT * WHERE { ?s ?p ?o } # 0');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
