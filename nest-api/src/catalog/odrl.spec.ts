import { describe, expect, it } from 'vitest';
import { endOfAmsterdamDay, wantsJsonLd } from './odrl';
import { rdfFormat } from './negotiate';

describe('the ODRL expiry of a machtiging', () => {
  it('is the last second of its day in Amsterdam, in winter and summer time and on both switch days', () => {
    expect(endOfAmsterdamDay('2026-01-15')).toBe('2026-01-15T23:59:59+01:00');
    expect(endOfAmsterdamDay('2026-07-01')).toBe('2026-07-01T23:59:59+02:00');
    // Summer time starts on 29 March 2026 and ends on 25 October 2026: the evening counts.
    expect(endOfAmsterdamDay('2026-03-29')).toBe('2026-03-29T23:59:59+02:00');
    expect(endOfAmsterdamDay('2026-10-25')).toBe('2026-10-25T23:59:59+01:00');
  });
});

describe('content negotiation of the open catalogue', () => {
  it('gives Turtle by default and to browsers, JSON-LD or RDF/XML when asked, nothing for JSON alone', () => {
    expect(rdfFormat(undefined)).toBe('turtle');
    expect(rdfFormat('text/html,application/xhtml+xml,*/*;q=0.8')).toBe('turtle');
    expect(rdfFormat('application/ld+json')).toBe('jsonld');
    expect(rdfFormat('application/rdf+xml, text/turtle;q=0.5')).toBe('rdfxml');
    expect(rdfFormat('application/json')).toBeNull();
  });

  it('answers a machtiging as ODRL only when JSON-LD is preferred over plain JSON', () => {
    expect(wantsJsonLd(undefined)).toBe(false);
    expect(wantsJsonLd('application/json')).toBe(false);
    expect(wantsJsonLd('application/ld+json')).toBe(true);
    expect(wantsJsonLd('application/json, application/ld+json;q=0.5')).toBe(false);
  });
});
