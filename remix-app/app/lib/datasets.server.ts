import { apiGet } from './api.server';
import type { DatasetView } from '@datahub/api-client';
import { byName, isOnline } from './datasets';

/** The online catalogue (GET /api/datasets answers online datasets only; filtered again to be sure). */
export async function loadOnlineDatasets(request: Request): Promise<DatasetView[]> {
  const datasets = await apiGet(request, '/api/datasets');
  return datasets.filter(isOnline).sort(byName);
}

export async function loadOwnDatasets(request: Request): Promise<DatasetView[]> {
  return (await apiGet(request, '/api/my-datasets')).sort(byName);
}

export function searchQuery(request: Request): string {
  return new URL(request.url).searchParams.get('q') ?? '';
}

/** Only what a card shows. */
export function toCard(dataset: DatasetView) {
  return {
    slug: dataset.slug,
    name: dataset.name,
    status: dataset.status,
    owner_organization_name: dataset.owner_organization_name,
    owner_organization_logo_url: dataset.owner_organization_logo_url,
  };
}
