import type { Change } from './kept-cache';

/** What the catalogue shows: datasets, their data sources and owners ('catalogue' covers the first two). */
export function catalogueChange({ kind }: Change): boolean {
  return kind === 'catalogue' || kind === 'organization';
}
