import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS, displayOrganizationName } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';
import { OrganizationApplications } from '~/components/applications/organization-applications';
import { applicationCards, loadOrganizationApplicationsPage } from '~/lib/applications/applications.server';
import { searchQuery } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';

const L = APPLICATION_LABELS.mine;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: pageTitle(page?.title ?? L.organizationTitle('')) }];

/** One organisation's applications (an unknown organisation: 404). */
export async function loader(args: LoaderFunctionArgs) {
  const slug = args.params.slug ?? '';
  const { user, applications } = await loadOrganizationApplicationsPage(args, slug);
  const name = applications[0]?.owner_organization_name ?? (slug === user.organization_slug ? displayOrganizationName(user.organization_name) : '');
  return { title: L.organizationTitle(name), query: searchQuery(args.request), applications: applicationCards(applications) };
}

export default function OrganizationApplicationsPage() {
  const { title, query, applications } = useLoaderData<typeof loader>();
  return <OrganizationApplications title={title} applications={applications} query={query} />;
}

export { ErrorPanel as ErrorBoundary };
