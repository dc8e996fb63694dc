import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS, type Permission } from '@datahub/domain';
import { ApplicationCatalogue } from '~/components/applications/application-catalogue';
import { ErrorPanel } from '~/components/core/error-page';
import { applicationCards } from '~/lib/applications/applications.server';
import { byName } from '~/lib/datasets/datasets';
import { pageGet } from '~/lib/core/page-read.server';
import { WelcomePanel } from '~/components/account/welcome-panel';
import { welcomeKind } from '~/lib/account/welcome.server';
import { searchQuery } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(APPLICATION_LABELS.catalogue.title) }];

export async function loader(args: LoaderFunctionArgs) {
  const { user, applications, welcome } = await pageGet(args, '/api/pages/home');
  return {
    query: searchQuery(args.request),
    applications: applicationCards(applications.sort(byName)),
    welcome: welcome ? welcomeKind(user, user.permissions as Permission[]) : null,
  };
}

export default function HomePage() {
  const { query, applications, welcome } = useLoaderData<typeof loader>();
  return <ApplicationCatalogue applications={applications} query={query} intro={welcome ? <WelcomePanel kind={welcome} /> : null} />;
}

export { ErrorPanel as ErrorBoundary };
