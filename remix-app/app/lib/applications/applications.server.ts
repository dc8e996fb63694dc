import { apiGet, apiRequest } from '../core/api.server';
import { throwIfMoved } from '../organizations/organizations.server';
import { toApplicationCard, type ApplicationView } from './applications';
import { byName } from '../datasets/datasets';

export async function loadApplications(request: Request): Promise<ApplicationView[]> {
  return (await apiGet(request, '/api/applications')).sort(byName);
}

export async function loadOrganizationApplications(request: Request, organizationSlug: string): Promise<ApplicationView[]> {
  const result = await apiRequest(request, 'get', '/api/organizations/{slug}/applications', { params: { path: { slug: organizationSlug } } });
  if (result.ok) return result.data.sort(byName);
  // A personal organisation's former tmp- slug: on to the list at its lasting address.
  throwIfMoved(result, (slug) => `/applicaties/${encodeURIComponent(slug)}`);
  throw new Response(null, { status: result.status });
}

export function applicationCards(applications: ApplicationView[]) {
  return applications.map(toApplicationCard);
}
