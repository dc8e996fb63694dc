import { DATASET_SCOPES } from './authorisations';

export const KNOWN_CATEGORIES: readonly string[] = DATASET_SCOPES.flatMap((entry) => (entry.category ? [entry.category] : []));

/** Deduplicated, in DATASET_SCOPES order; unknown literals are dropped. */
export function presentCategories(literals: Iterable<string>): string[] {
  const seen = new Set(literals);
  return KNOWN_CATEGORIES.filter((category) => seen.has(category));
}

/** Anything but an array of known categories (missing, unknown entry, too many) is unknown: null. */
export function reportedCategories(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > KNOWN_CATEGORIES.length) return null;
  if (!value.every((entry) => typeof entry === 'string' && KNOWN_CATEGORIES.includes(entry))) return null;
  return presentCategories(value as string[]);
}

export function categoryLabel(category: string): string {
  return DATASET_SCOPES.find((entry) => entry.category === category)?.label ?? category;
}
