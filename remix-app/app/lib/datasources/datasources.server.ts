import { pageGet, type LoaderArgs } from '../core/page-read.server';
import type { DatasourceView } from '@datahub/api-client';

export function byDatasourceName(datasources: DatasourceView[]): DatasourceView[] {
  return [...datasources].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

/** The organisation's data sources in one read, or null when the user lacks Datasource.Read. */
export async function loadOwnDatasources(args: LoaderArgs): Promise<DatasourceView[] | null> {
  const { datasources } = await pageGet(args, '/api/pages/datasources');
  return datasources && byDatasourceName(datasources);
}
