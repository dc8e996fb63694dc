import type { CreatedDatasourceView, DatasetView } from '@datahub/api-client';

/** The catalogue's search and the data-source credentials file. */
const ONLINE = 'online';

export function isOnline(dataset: Pick<DatasetView, 'status'>): boolean {
  return dataset.status === ONLINE;
}

/** Case-insensitive name substring; an empty query matches everything. */
export function matchesName(name: string, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('nl');
  if (!needle) return true;
  return name.toLocaleLowerCase('nl').includes(needle);
}

export function byName<T extends { name: string; slug?: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name, 'nl') || (a.slug ?? '').localeCompare(b.slug ?? '');
}

export function credentialsFileName(datasourceId: string): string {
  return `datasource-credentials-${datasourceId}.json`;
}

/** The whole creation answer as a `data:` URL, so the download works without JavaScript. */
export function credentialsDataUrl(created: CreatedDatasourceView): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(created, null, 2))}`;
}
