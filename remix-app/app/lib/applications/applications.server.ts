import { apiGet } from '../core/api.server';
import { toApplicationCard, type ApplicationView } from './applications';
import { byName } from '../datasets/datasets';

export async function loadApplications(request: Request): Promise<ApplicationView[]> {
  return (await apiGet(request, '/api/applications')).sort(byName);
}

export async function loadOrganizationApplications(request: Request, organizationSlug: string): Promise<ApplicationView[]> {
  return (await apiGet(request, '/api/organizations/{slug}/applications', { params: { path: { slug: organizationSlug } } })).sort(byName);
}

export function applicationCards(applications: ApplicationView[]) {
  return applications.map(toApplicationCard);
}
