/**
 * The categories present in a dataset (issue 25): the `cgo:hasCategory` literals that occur in it,
 * as its data source reports them in the dataset metadata. Only the known categories of
 * DATASET_SCOPES count, always in that fixed order; anything else is ignored.
 */
import { DATASET_SCOPES } from './authorisations';

/** The known category literals, in DATASET_SCOPES order. */
export const KNOWN_CATEGORIES: readonly string[] = DATASET_SCOPES.flatMap((entry) => (entry.category ? [entry.category] : []));

/** The known categories among `literals`, deduplicated, in DATASET_SCOPES order (unknown literals are dropped). */
export function presentCategories(literals: Iterable<string>): string[] {
  const seen = new Set(literals);
  return KNOWN_CATEGORIES.filter((category) => seen.has(category));
}

/**
 * The categories a dataset's metadata gives, as the hub keeps them: an array of known category
 * literals, deduplicated, in DATASET_SCOPES order; anything else (missing, not an array, an
 * unknown entry, more than there are categories) is unknown: null.
 */
export function reportedCategories(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > KNOWN_CATEGORIES.length) return null;
  if (!value.every((entry) => typeof entry === 'string' && KNOWN_CATEGORIES.includes(entry))) return null;
  return presentCategories(value as string[]);
}

/** The Dutch label of a category literal ('Heating' → 'Verwarming'); the literal itself when unknown. */
export function categoryLabel(category: string): string {
  return DATASET_SCOPES.find((entry) => entry.category === category)?.label ?? category;
}
