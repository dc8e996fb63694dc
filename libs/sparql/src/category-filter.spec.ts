import { describe, expect, it } from 'vitest';
import { DATASET_SCOPES } from '@datahub/domain';
import { DataFactory, Parser, Store, Writer, type Quad } from 'n3';
import { filterTurtle, parseTurtle, permittedQuads, splitByCategory, toNTriples, toTurtle } from './category-filter';
import { SparqlError } from './errors';
import { CGO, EDGE_CASES_TTL, SCOPE_SETS, readFixtureTurtle } from './testing/fixtures';

/**
 * The reference, written independently of category-filter.ts: an n3 Store, and per subject
 * "does it have a hasCategory literal among the granted ones".
 */
function reference(turtle: string, scopes: string[]): Set<string> {
  const store = new Store(new Parser().parse(turtle));
  const granted: (string | null)[] = scopes.map((scope) => DATASET_SCOPES.find((entry) => entry.scope === scope)!.category);
  const all = granted.includes(null);
  const hasCategory = DataFactory.namedNode(`${CGO}hasCategory`);
  const kept: Quad[] = [];
  for (const subject of store.getSubjects(null, null, null)) {
    const categories = store
      .getObjects(subject, hasCategory, null)
      .filter((object) => object.termType === 'Literal')
      .map((object) => object.value);
    if (all || categories.some((category) => granted.includes(category))) kept.push(...store.getQuads(subject, null, null, null));
  }
  return canonical(kept);
}

/** N-Triples lines with blank-node labels replaced by their subject/object role, as a set. */
function canonical(quads: Quad[]): Set<string> {
  const writer = new Writer({ format: 'N-Triples' });
  return new Set(
    quads.map((quad) =>
      writer
        .quadToString(quad.subject, quad.predicate, quad.object)
        .trim()
        .replace(/_:[A-Za-z0-9_.-]+/g, '_:b'),
    ),
  );
}

const fixture = readFixtureTurtle();

describe('splitByCategory / permittedQuads on the fixture voorbeeldkas.ttl', () => {
  const split = splitByCategory(parseTurtle(fixture));

  it('finds the categories the fixture uses, every subject categorised', () => {
    expect([...split.byCategory.keys()].sort()).toEqual(['Construction', 'Crop', 'Glass', 'Heating', 'Other', 'Roof', 'VenloGreenhouse', 'Water']);
    expect(split.uncategorised).toHaveLength(0);
    expect(split.quads).toHaveLength(130);
  });

  it('puts a subject with two categories in both subgraphs', () => {
    const subjects = (category: string) => new Set(split.byCategory.get(category)!.map((quad) => quad.subject.value));
    const vent = 'https://data.kwekerij-delta.test/voorbeeldkas/luchtraam1';
    expect(subjects('Roof').has(vent)).toBe(true);
    expect(subjects('Construction').has(vent)).toBe(true);
    expect(subjects('Water').has(vent)).toBe(false);
  });

  for (const scopes of SCOPE_SETS) {
    it(`equals the n3 reference for ${scopes.join(' + ')}`, () => {
      const ours = canonical(permittedQuads(split, scopes));
      expect(ours).toEqual(reference(fixture, scopes));
      expect(permittedQuads(split, scopes).length).toBe(ours.size);
    });
  }

  it('grants everything under ReadAll and exactly the subjects of one category under its scope', () => {
    expect(permittedQuads(split, ['Dataset.ReadAll'])).toHaveLength(130);
    // dak1 (5 triples) and luchtraam1 (Roof and Construction: 5 triples).
    expect(permittedQuads(split, ['Dataset.ReadRoof'])).toHaveLength(10);
    expect(() => permittedQuads(split, [])).toThrow('no dataset scopes granted');
  });
});

describe('category filtering on edge cases', () => {
  for (const scopes of SCOPE_SETS) {
    it(`equals the n3 reference for ${scopes.join(' + ')}`, () => {
      expect(canonical(filterTurtle(EDGE_CASES_TTL, scopes))).toEqual(reference(EDGE_CASES_TTL, scopes));
    });
  }

  it('shows subjects without a category, and with an ungranted one, only under ReadAll', () => {
    const everyScopeButAll = DATASET_SCOPES.filter((entry) => entry.category !== null).map((entry) => entry.scope);
    const visible = new Set(filterTurtle(EDGE_CASES_TTL, everyScopeButAll).map((quad) => quad.subject.value));
    expect(visible.has('http://example.org/kas/zonderCategorie')).toBe(false);
    expect(visible.has('http://example.org/kas/onbekend')).toBe(false);
    const all = new Set(filterTurtle(EDGE_CASES_TTL, ['Dataset.ReadAll']).map((quad) => quad.subject.value));
    expect(all.has('http://example.org/kas/zonderCategorie')).toBe(true);
    expect(all.has('http://example.org/kas/onbekend')).toBe(true);
  });

  it('keeps a categorised blank-node subject under its category', () => {
    const heating = filterTurtle(EDGE_CASES_TTL, ['Dataset.ReadHeating']);
    expect(heating.some((quad) => quad.subject.termType === 'BlankNode')).toBe(true);
  });
});

describe('scope validation', () => {
  const split = splitByCategory(parseTurtle(fixture));

  it('refuses unknown scopes', () => {
    expect(() => permittedQuads(split, ['Dataset.ReadWater', 'Dataset.ReadEverything'])).toThrow(SparqlError);
    try {
      permittedQuads(split, ['Dataset.Write']);
    } catch (error) {
      expect((error as SparqlError).reason).toBe('unknown_scope');
    }
  });

  it('refuses an empty scope list', () => {
    expect(() => permittedQuads(split, [])).toThrowError(expect.objectContaining({ reason: 'no_scopes' }));
  });
});

describe('serialisation', () => {
  it('round-trips through N-Triples and Turtle', () => {
    const quads = filterTurtle(EDGE_CASES_TTL, ['Dataset.ReadAll']);
    expect(canonical(parseTurtle(toNTriples(quads)))).toEqual(canonical(quads));
    expect(canonical(parseTurtle(toTurtle(quads, { cgo: CGO })))).toEqual(canonical(quads));
  });
});
