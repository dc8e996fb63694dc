import { describe, expect, it } from 'vitest';
import { guardQuery } from './guard';
import { SPARQL_LIMITS } from './limits';
import { nestingDepth } from './nesting';

const braces = (levels: number) => `SELECT * WHERE ${'{'.repeat(levels)} ?s ?p ?o ${'}'.repeat(levels)}`;
const parens = (levels: number) => `SELECT * WHERE { ?s ?p ?o FILTER(${'('.repeat(levels)}1${')'.repeat(levels)}) }`;

describe('nestingDepth', () => {
  it('counts braces, parentheses and brackets, not those in strings, IRIs or comments', () => {
    expect(nestingDepth('SELECT * WHERE { ?s ?p [ ?q ( 1 2 ) ] }')).toBe(3);
    expect(nestingDepth('SELECT * WHERE { ?s ?p "{{{((([[[" }')).toBe(1);
    expect(nestingDepth("SELECT * WHERE { ?s ?p '''{{\n{''' . ?s ?p 'a\\'{' }")).toBe(1);
    expect(nestingDepth('SELECT * WHERE { ?s <urn:x((([[> ?o } # {{{{{{\n')).toBe(1);
    // `<` as "less than" is not an IRI: the braces after it still count.
    expect(nestingDepth('SELECT * WHERE { ?s ?p ?o FILTER(?o < 3 && ?o > 1) { { } } }')).toBe(3);
  });

  it('stops counting above the limit it is given', () => {
    expect(nestingDepth(braces(100_000), 64)).toBe(65);
  });
});

describe('guardQuery refuses deep nesting before any parser sees it', () => {
  it('refuses 800 nested braces and 2,000 nested parentheses as query_too_deep, naming the limit', () => {
    for (const text of [braces(800), parens(2000)]) {
      expect(() => guardQuery(text)).toThrow(expect.objectContaining({ reason: 'query_too_deep', message: expect.stringContaining(String(SPARQL_LIMITS.maxNestingDepth)) }));
    }
  });

  it('accepts nesting up to the limit and refuses one level more', () => {
    const limit = SPARQL_LIMITS.maxNestingDepth;
    // FILTER( adds a level inside the group: parens(limit - 2) is exactly `limit` deep.
    expect(guardQuery(parens(limit - 2)).form).toBe('SELECT');
    expect(() => guardQuery(parens(limit - 1))).toThrow(expect.objectContaining({ reason: 'query_too_deep' }));
    expect(() => guardQuery(braces(10), { maxNestingDepth: 5 })).toThrow(expect.objectContaining({ reason: 'query_too_deep' }));
  });
});
