import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { DATASET_LABELS } from '@datahub/domain';
import { DatasourceTable, DatasourceCreateLinks, DatasourceNoRights } from '~/components/datasources/datasource-list';
import { ErrorPanel } from '~/components/core/error-page';
import { loadOwnDatasources } from '~/lib/datasources/datasources.server';
import { pageTitle } from '~/lib/core/meta';

const L = DATASET_LABELS.datasources;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

export async function loader(args: LoaderFunctionArgs) {
  return { datasources: await loadOwnDatasources(args) };
}

export default function DatasourcesPage() {
  const { datasources } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      {datasources === null ? (
        <DatasourceNoRights />
      ) : (
        <>
          <p className="mt-2 text-stone-600">{L.intro}</p>
          <DatasourceCreateLinks />
          <DatasourceTable datasources={datasources} label={L.title} />
        </>
      )}
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
