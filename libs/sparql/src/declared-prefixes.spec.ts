import { describe, expect, it } from 'vitest';
import { declaredPrefixes } from './declared-prefixes';

describe('declaredPrefixes', () => {
  it('gives both declaration forms in order, text or bytes, and nothing for N-Triples', () => {
    const turtle = '@prefix kas: <http://example.org/kas#> .\nPREFIX sosa: <http://www.w3.org/ns/sosa/>\n@prefix : <http://example.org/> .\n@prefix rel: <rel/> .\nkas:a sosa:b 1 .';
    const expected = [['kas', 'http://example.org/kas#'], ['sosa', 'http://www.w3.org/ns/sosa/'], ['', 'http://example.org/']];
    expect(declaredPrefixes(turtle)).toEqual(expected);
    expect(declaredPrefixes(new TextEncoder().encode(turtle))).toEqual(expected);
    expect(declaredPrefixes('<http://a> <http://b> <http://c> .', 'ntriples')).toEqual([]);
  });
});
