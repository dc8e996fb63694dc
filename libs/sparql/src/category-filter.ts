import { Parser, Writer, termToId, type Quad } from 'n3';
import { CATEGORY_PREDICATE, isVisible, resolveScopes, type CategorySelection } from './scopes';

export type { Quad };

export interface CategorySplit {
  quads: Quad[];
  subjectCategories: Map<string, Set<string>>;
  byCategory: Map<string, Quad[]>;
  /** Visible only under Dataset.ReadAll. */
  uncategorised: Quad[];
}

export interface ParseOptions {
  baseIri?: string;
}

export function parseTurtle(text: string, options: ParseOptions = {}): Quad[] {
  const parser = new Parser({ format: 'text/turtle', ...(options.baseIri ? { baseIRI: options.baseIri } : {}) });
  return parser.parse(text);
}

export function subjectCategories(quads: Iterable<Quad>): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const quad of quads) {
    if (quad.predicate.termType !== 'NamedNode' || quad.predicate.value !== CATEGORY_PREDICATE) continue;
    if (quad.object.termType !== 'Literal') continue;
    const key = termToId(quad.subject);
    let categories = result.get(key);
    if (!categories) result.set(key, (categories = new Set()));
    categories.add(quad.object.value);
  }
  return result;
}

export function splitByCategory(quads: Quad[]): CategorySplit {
  const categoriesBySubject = subjectCategories(quads);
  const byCategory = new Map<string, Quad[]>();
  const uncategorised: Quad[] = [];
  for (const quad of quads) {
    const categories = categoriesBySubject.get(termToId(quad.subject));
    if (!categories) {
      uncategorised.push(quad);
      continue;
    }
    for (const category of categories) {
      let list = byCategory.get(category);
      if (!list) byCategory.set(category, (list = []));
      list.push(quad);
    }
  }
  return { quads, subjectCategories: categoriesBySubject, byCategory, uncategorised };
}

function toSelection(scopesOrSelection: readonly string[] | CategorySelection): CategorySelection {
  return Array.isArray(scopesOrSelection)
    ? resolveScopes(scopesOrSelection as readonly string[])
    : (scopesOrSelection as CategorySelection);
}

export function permittedQuads(split: CategorySplit, scopes: readonly string[] | CategorySelection): Quad[] {
  const selection = toSelection(scopes);
  if (selection.all) return split.quads;
  return split.quads.filter((quad) => {
    const categories = split.subjectCategories.get(termToId(quad.subject));
    return categories !== undefined && isVisible(categories, selection);
  });
}

export function filterTurtle(text: string, scopes: readonly string[], options: ParseOptions = {}): Quad[] {
  return permittedQuads(splitByCategory(parseTurtle(text, options)), scopes);
}

export function toNTriples(quads: Quad[]): string {
  return new Writer({ format: 'N-Triples' }).quadsToString(quads);
}

export function toTurtle(quads: Quad[], prefixes: Record<string, string> = {}): string {
  let output = '';
  const writer = new Writer({ format: 'text/turtle', prefixes });
  writer.addQuads(quads);
  writer.end((error, result) => {
    if (error) throw error;
    output = result;
  });
  return output;
}
