import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DATASET_LABELS } from '@datahub/domain';
import { DatasetSearchList } from '~/components/datasets/dataset-search-list';
import { DatasetUseCounts } from '~/components/datasets/dataset-use-counts';
import { ErrorPanel } from '~/components/core/error-page';
import { pageGet } from '~/lib/core/page-read.server';
import { searchQuery, toCard } from '~/lib/datasets/datasets.server';
import { byName } from '~/lib/datasets/datasets';
import { pageTitle } from '~/lib/core/meta';

const L = DATASET_LABELS.myDatasets;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** The datasets of the user's own organisation, whatever their status. */
export async function loader(args: LoaderFunctionArgs) {
  const { datasets, use } = await pageGet(args, '/api/pages/my-datasets');
  return { query: searchQuery(args.request), datasets: datasets.sort(byName).map(toCard), use: use.datasets };
}

export default function MyDatasetsPage() {
  const { query, datasets, use } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <DatasetSearchList datasets={datasets} initialQuery={query} empty={L.empty} label={L.title} showStatus />
      <DatasetUseCounts datasets={use} />
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
