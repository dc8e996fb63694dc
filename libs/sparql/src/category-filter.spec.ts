import { describe, expect, it } from 'vitest';
import { DATASET_SCOPES } from '@datahub/domain';
import { DataFactory, Parser, Store, type Quad } from 'n3';
import { filterTurtle, parseTurtle, permittedQuads, splitByCategory, toNTriples, toTurtle } from './category-filter';
import { SparqlError } from './errors';
import { CGO, EDGE_CASES_TTL, SCOPE_SETS, readFixtureTurtle } from './testing/fixtures';
import { isomorphic, nTriples } from './testing/isomorphism';

/**
 * The reference, written independently of category-filter.ts: an n3 Store, and per subject
 * "does it have a hasCategory literal among the granted ones".
 */
function reference(turtle: string, scopes: string[]): Quad[] {
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
  return kept;
}

/** Equal up to blank-node renaming (never by blurring labels, which merges distinct blank nodes). */
function expectIsomorphic(actual: Quad[], expected: Quad[]): void {
  if (!isomorphic(actual, expected)) expect(nTriples(actual)).toBe(nTriples(expected));
  expect(isomorphic(actual, expected)).toBe(true);
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
      const ours = permittedQuads(split, scopes);
      expectIsomorphic(ours, reference(fixture, scopes));
      // and without duplicates
      expect(new Set(nTriples(ours).split('\n').filter(Boolean)).size).toBe(ours.length);
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
      expectIsomorphic(filterTurtle(EDGE_CASES_TTL, scopes), reference(EDGE_CASES_TTL, scopes));
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

  it('keeps a categorised blank-node subject under its category, with all its triples and nothing of the others', () => {
    const heating = filterTurtle(EDGE_CASES_TTL, ['Dataset.ReadHeating']);
    const blankSubjects = heating.filter((quad) => quad.subject.termType === 'BlankNode');
    expect(new Set(blankSubjects.map((quad) => quad.subject.value)).size).toBe(1);
    expect(blankSubjects.map((quad) => `${quad.predicate.value} ${quad.object.value}`).sort()).toEqual([
      `${CGO}hasCategory Heating`,
      `${CGO}hasNumericalValue 3`,
      `http://www.w3.org/1999/02/22-rdf-syntax-ns#type ${CGO}Measurement`,
    ].sort());
    // The pump's capacity (a blank node under 'Water') stays out.
    expect(heating.some((quad) => quad.predicate.value === `${CGO}hasUnit`)).toBe(false);
  });

  it('keeps look-alike blank-node subjects apart', () => {
    const twins = `PREFIX cgo: <${CGO}>
      [] cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .
      [] cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .
      [] cgo:hasNumericalValue 3 ; cgo:hasCategory "Water" .`;
    const heating = filterTurtle(twins, ['Dataset.ReadHeating']);
    expect(heating).toHaveLength(4);
    expect(new Set(heating.map((quad) => quad.subject.value)).size).toBe(2);
    expectIsomorphic(heating, reference(twins, ['Dataset.ReadHeating']));
    // The comparison itself tells the two apart from one merged blank node.
    const merged = new Parser().parse(`PREFIX cgo: <${CGO}>\n_:x cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .`);
    expect(isomorphic(merged, heating)).toBe(false);
    expect(isomorphic(new Parser().parse(`PREFIX cgo: <${CGO}>\n_:x cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .\n_:y cgo:hasNumericalValue 3 ; cgo:hasCategory "Heating" .`), heating)).toBe(true);
  });
});

describe('scope validation', () => {
  const split = splitByCategory(parseTurtle(fixture));

  it('refuses unknown scopes', () => {
    for (const scopes of [['Dataset.ReadWater', 'Dataset.ReadEverything'], ['Dataset.Write']]) {
      const thrown = (() => {
        try {
          permittedQuads(split, scopes);
        } catch (error) {
          return error;
        }
        return 'nothing thrown';
      })();
      expect(thrown).toBeInstanceOf(SparqlError);
      expect((thrown as SparqlError).reason).toBe('unknown_scope');
    }
  });

  it('refuses an empty scope list', () => {
    expect(() => permittedQuads(split, [])).toThrowError(expect.objectContaining({ reason: 'no_scopes' }));
  });
});

describe('serialisation', () => {
  it('round-trips through N-Triples and Turtle', () => {
    const quads = filterTurtle(EDGE_CASES_TTL, ['Dataset.ReadAll']);
    expectIsomorphic(parseTurtle(toNTriples(quads)), quads);
    expectIsomorphic(parseTurtle(toTurtle(quads, { cgo: CGO })), quads);
  });
});
