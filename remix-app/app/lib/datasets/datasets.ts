import type { CreatedDatasourceView } from '@datahub/api-client';
import { searchFolded } from '@datahub/domain';

export { isOnline } from '@datahub/domain';

export function matchesName(name: string, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('nl');
  if (!needle) return true;
  return name.toLocaleLowerCase('nl').includes(needle);
}

/** Case and accents ignored, as nest-api's search. */
export function matchesDataset(dataset: { name: string; about?: string; owner_organization_name: string }, query: string): boolean {
  const needle = searchFolded(query.trim());
  if (!needle) return true;
  return [dataset.name, dataset.about ?? '', dataset.owner_organization_name].some((text) => searchFolded(text).includes(needle));
}

export function byName<T extends { name: string; slug?: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name, 'nl') || (a.slug ?? '').localeCompare(b.slug ?? '');
}

export function credentialsFileName(datasourceId: string): string {
  return `datasource-credentials-${datasourceId}.json`;
}

/** A `data:` URL, so the download works without JavaScript. */
export function credentialsDataUrl(created: CreatedDatasourceView): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(created, null, 2))}`;
}
