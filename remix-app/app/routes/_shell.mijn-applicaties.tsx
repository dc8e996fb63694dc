import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { ErrorPanel } from '~/components/core/error-page';
import { OrganizationApplications } from '~/components/applications/organization-applications';
import { applicationCards } from '~/lib/applications/applications.server';
import { pageGet } from '~/lib/core/page-read.server';
import { byName } from '~/lib/datasets/datasets';
import { searchQuery } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(APPLICATION_LABELS.mine.title) }];

export async function loader(args: LoaderFunctionArgs) {
  const { applications } = await pageGet(args, '/api/pages/my-applications');
  return { query: searchQuery(args.request), applications: applicationCards(applications.sort(byName)) };
}

export default function MyApplicationsPage() {
  const { query, applications } = useLoaderData<typeof loader>();
  return <OrganizationApplications title={APPLICATION_LABELS.mine.title} applications={applications} query={query} />;
}

export { ErrorPanel as ErrorBoundary };
