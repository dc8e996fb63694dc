import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { ApplicationCatalogue } from '~/components/applications/application-catalogue';
import { ErrorPanel } from '~/components/core/error-page';
import { applicationCards, loadApplications } from '~/lib/applications/applications.server';
import { searchQuery } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(APPLICATION_LABELS.catalogue.title) }];

export async function loader(args: LoaderFunctionArgs) {
  return { query: searchQuery(args.request), applications: applicationCards(await loadApplications(args.request)) };
}

export default function ApplicationsPage() {
  const { query, applications } = useLoaderData<typeof loader>();
  return <ApplicationCatalogue applications={applications} query={query} />;
}

export { ErrorPanel as ErrorBoundary };
