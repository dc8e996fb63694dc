/** Shapes of the data-source and dataset answers of nest-api, and the catalogue's search. */
export interface DatasourceView {
  datasource_id: string;
  name: string;
  hostname: string | null;
  /** Where the hub calls the host (scheme and host path override applied); null without a hostname. */
  dashboard_url: string | null;
  owner_organization: string;
  owner_organization_name: string;
  owner_organization_logo_url: string | null;
}

export interface CreatedDatasourceView extends DatasourceView {
  credentials: { datasource_id: string; secret: string };
  cloud_init_config: string;
}

export interface DatasetView {
  dataset_id: string;
  slug: string;
  name: string;
  status: string;
  about: string;
  contact: string;
  additional_info: string;
  file_format: string;
  owner_organization_slug: string;
  owner_organization_name: string;
  owner_organization_logo_url: string | null;
}

export const ONLINE = 'online';

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
