import { apiGet } from '../core/api.server';
import { pageRequest, type LoaderArgs } from '../core/page-read.server';
import { throwIfMoved } from '../organizations/organizations.server';
import { toApplicationCard, type ApplicationView } from './applications';
import { byName } from '../datasets/datasets';

export async function loadApplications(request: Request): Promise<ApplicationView[]> {
  return (await apiGet(request, '/api/applications')).sort(byName);
}

export async function loadOrganizationApplicationsPage(args: LoaderArgs, organizationSlug: string) {
  const result = await pageRequest(args, '/api/pages/organization/{slug}/applications', { params: { path: { slug: organizationSlug } } });
  if (result.ok) return { user: result.data.user, applications: result.data.applications.sort(byName) };
  throwIfMoved(result, (slug) => `/applicaties/${encodeURIComponent(slug)}`);
  throw new Response(null, { status: result.status });
}

export function applicationCards(applications: ApplicationView[]) {
  return applications.map(toApplicationCard);
}
