import { hasPermission } from '@datahub/domain';
import type { AppLoadContext } from '@remix-run/node';
import { apiGet } from '../core/api.server';
import { requireCurrentUserWithPermissions } from '../account/auth.server';
import type { DatasourceView } from '@datahub/api-client';

/**
 * The organisation's data sources (`/api/my-datasources`; `/api/datasources` gives organisation
 * admins all of them), or null when the user lacks Datasource.Read.
 */
export async function loadOwnDatasources(
  args: { request: Request; context: AppLoadContext },
  path: '/api/my-datasources' | '/api/datasources' = '/api/my-datasources',
): Promise<DatasourceView[] | null> {
  const { permissions } = await requireCurrentUserWithPermissions(args);
  if (!hasPermission(permissions, 'Datasource.Read')) return null;
  const datasources = await apiGet(args.request, path);
  return [...datasources].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}
