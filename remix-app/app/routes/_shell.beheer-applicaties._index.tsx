import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { APPLICATION_LABELS } from '@datahub/domain';
import { ApplicationSearchList } from '~/components/applications/application-cards';
import { ErrorPanel } from '~/components/core/error-page';
import { applicationCards } from '~/lib/applications/applications.server';
import { pageGet } from '~/lib/core/page-read.server';
import { byName } from '~/lib/datasets/datasets';
import { searchQuery } from '~/lib/datasets/datasets.server';
import { pageTitle } from '~/lib/core/meta';
import { primaryButton } from '~/components/core/button';

const L = APPLICATION_LABELS.manage;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

export async function loader(args: LoaderFunctionArgs) {
  // nest-api refuses anyone but an organisation admin (403).
  const { applications } = await pageGet(args, '/api/pages/manage-applications');
  return { query: searchQuery(args.request), applications: applicationCards(applications.sort(byName)) };
}

export default function ManageApplicationsPage() {
  const { query, applications } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
        <Link
          to="/beheer-applicaties/aanmaken"
          className={primaryButton()}
        >
          {L.create}
        </Link>
      </div>
      <ApplicationSearchList
        applications={applications}
        initialQuery={query}
        empty={L.empty}
        label={L.title}
        linkTo={(slug) => `/beheer-applicatie/${encodeURIComponent(slug)}`}
      />
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
