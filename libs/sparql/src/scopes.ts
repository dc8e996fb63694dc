import { CATEGORY_PREDICATE, DATASET_SCOPES, isDatasetScope, type DatasetScope } from '@datahub/domain';
import { SparqlError } from './errors';

export { CATEGORY_PREDICATE };

export const READ_ALL_SCOPE: DatasetScope = 'Dataset.ReadAll';

export interface CategorySelection {
  all: boolean;
  categories: string[];
}

export function selectionKey(selection: CategorySelection): string {
  return selection.all ? '*' : selection.categories.join('\n');
}

export function resolveScopes(scopes: readonly string[]): CategorySelection {
  if (!Array.isArray(scopes) || scopes.length === 0) {
    throw new SparqlError('no_scopes', 'no dataset scopes granted');
  }
  const categories = new Set<string>();
  let all = false;
  for (const scope of scopes) {
    if (typeof scope !== 'string' || !isDatasetScope(scope)) {
      throw new SparqlError('unknown_scope', `unknown scope: ${String(scope)}`);
    }
    const entry = DATASET_SCOPES.find((candidate) => candidate.scope === scope);
    if (entry?.category == null) all = true;
    else categories.add(entry.category);
  }
  return all ? { all: true, categories: [] } : { all: false, categories: [...categories].sort() };
}

export function categoryOfScope(scope: DatasetScope): string | null {
  return DATASET_SCOPES.find((entry) => entry.scope === scope)?.category ?? null;
}

export function isVisible(subjectCategories: Iterable<string>, selection: CategorySelection): boolean {
  if (selection.all) return true;
  for (const category of subjectCategories) {
    if (selection.categories.includes(category)) return true;
  }
  return false;
}
