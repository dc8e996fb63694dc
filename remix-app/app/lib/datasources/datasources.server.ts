import { apiGet } from '../core/api.server';
import type { DatasourceView } from '@datahub/api-client';

export function byDatasourceName(datasources: DatasourceView[]): DatasourceView[] {
  return [...datasources].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

/** The organisation's data sources in one read, or null when the user lacks Datasource.Read. */
export async function loadOwnDatasources(request: Request): Promise<DatasourceView[] | null> {
  const { datasources } = await apiGet(request, '/api/pages/datasources');
  return datasources && byDatasourceName(datasources);
}
