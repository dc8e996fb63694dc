import { apiGet, apiRequest } from '../core/api.server';
import { throwIfMoved } from '../organizations/organizations.server';
import { toApplicationCard, type ApplicationView } from './applications';
import { byName } from '../datasets/datasets';

export async function loadApplications(request: Request): Promise<ApplicationView[]> {
  return (await apiGet(request, '/api/applications')).sort(byName);
}

/** /applicaties/{slug} in one read: the organisation's applications and the user. */
export async function loadOrganizationApplicationsPage(request: Request, organizationSlug: string) {
  const result = await apiRequest(request, 'get', '/api/pages/organization/{slug}/applications', { params: { path: { slug: organizationSlug } } });
  if (result.ok) return { user: result.data.user, applications: result.data.applications.sort(byName) };
  throwIfMoved(result, (slug) => `/applicaties/${encodeURIComponent(slug)}`);
  throw new Response(null, { status: result.status });
}

export function applicationCards(applications: ApplicationView[]) {
  return applications.map(toApplicationCard);
}
