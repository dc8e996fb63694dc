import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DATASET_LABELS } from '@datahub/domain';
import { DatasetSearchList } from '~/components/dataset-search-list';
import { ErrorPanel } from '~/components/error-page';
import { requireCurrentUser } from '~/lib/auth.server';
import { loadOwnDatasets, searchQuery, toCard } from '~/lib/datasets.server';
import { pageTitle } from '~/lib/meta';

const L = DATASET_LABELS.myDatasets;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** The datasets of the user's own organisation, whatever their status. */
export async function loader(args: LoaderFunctionArgs) {
  const [, datasets] = await Promise.all([requireCurrentUser(args), loadOwnDatasets(args.request)]);
  return { query: searchQuery(args.request), datasets: datasets.map(toCard) };
}

export default function MyDatasetsPage() {
  const { query, datasets } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <DatasetSearchList datasets={datasets} initialQuery={query} empty={L.empty} label={L.title} showStatus />
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
