import { describe, expect, it } from 'vitest';
import { prefersRdf } from './dataset-rdf.js';

describe("a dataset address's RDF answer", () => {
  it('goes to RDF clients only: a named RDF type above HTML, never a browser with */*', () => {
    expect(prefersRdf('text/turtle')).toBe(true);
    expect(prefersRdf('application/ld+json')).toBe(true);
    expect(prefersRdf('application/rdf+xml;q=0.9, text/html;q=0.5')).toBe(true);
    expect(prefersRdf('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(prefersRdf('text/html, text/turtle;q=0.5')).toBe(false);
    expect(prefersRdf(undefined)).toBe(false);
  });
});
