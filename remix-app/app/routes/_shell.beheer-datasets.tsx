import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DATASET_LABELS } from '@datahub/domain';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { DatasetSearchList } from '~/components/datasets/dataset-search-list';
import { DatasourceTable, DatasourceNoRights } from '~/components/datasources/datasource-list';
import { ErrorPanel } from '~/components/core/error-page';
import { pageGet } from '~/lib/core/page-read.server';
import { byName } from '~/lib/datasets/datasets';
import { searchQuery, toCard } from '~/lib/datasets/datasets.server';
import { byDatasourceName } from '~/lib/datasources/datasources.server';
import { pageTitle } from '~/lib/core/meta';

const L = DATASET_LABELS.manageDatasets;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** Data sources (with Datasource.Read) and every dataset the user may see: online ones plus their own. */
export async function loader(args: LoaderFunctionArgs) {
  const { datasources, datasets } = await pageGet(args, '/api/pages/manage-datasets');
  return {
    query: searchQuery(args.request),
    datasources: datasources && byDatasourceName(datasources),
    datasets: datasets.sort(byName).map(toCard),
  };
}

export default function ManageDatasetsPage() {
  const { query, datasources, datasets } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      <section aria-labelledby="beheer-databronnen" className={sectionClass}>
        <h2 id="beheer-databronnen" className="text-xl font-semibold text-stone-900">
          {L.datasourcesTitle}
        </h2>
        {datasources === null ? <DatasourceNoRights /> : <DatasourceTable datasources={datasources} label={L.datasourcesTitle} />}
      </section>
      <section aria-labelledby="beheer-alle-datasets" className={sectionClass}>
        <h2 id="beheer-alle-datasets" className="text-xl font-semibold text-stone-900">
          {L.datasetsTitle}
        </h2>
        <DatasetSearchList datasets={datasets} initialQuery={query} empty={L.empty} label={L.datasetsTitle} showStatus />
      </section>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
