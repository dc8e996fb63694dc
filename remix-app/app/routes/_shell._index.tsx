import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { ApplicationCatalogue } from '~/components/applications/application-catalogue';
import { ErrorPanel } from '~/components/core/error-page';
import { applicationCards, loadApplications } from '~/lib/applications/applications.server';
import { WelcomePanel } from '~/components/account/welcome-panel';
import { requireCurrentUserWithPermissions } from '~/lib/account/auth.server';
import { loadWelcome, welcomeKind } from '~/lib/account/welcome.server';
import { searchQuery } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(APPLICATION_LABELS.catalogue.title) }];

/**
 * The front door is the application catalogue; every application is sent, the page filters (no
 * JavaScript: on ?q=). Above it, for someone who has not yet used the hub, a welcome.
 */
export async function loader(args: LoaderFunctionArgs) {
  const [{ user, permissions }, applications, welcome] = await Promise.all([
    requireCurrentUserWithPermissions(args),
    loadApplications(args.request),
    loadWelcome(args.request),
  ]);
  return { query: searchQuery(args.request), applications: applicationCards(applications), welcome: welcome ? welcomeKind(user, permissions) : null };
}

export default function HomePage() {
  const { query, applications, welcome } = useLoaderData<typeof loader>();
  return <ApplicationCatalogue applications={applications} query={query} intro={welcome ? <WelcomePanel kind={welcome} /> : null} />;
}

export { ErrorPanel as ErrorBoundary };
