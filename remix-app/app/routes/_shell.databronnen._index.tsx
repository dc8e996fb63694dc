import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { DATASET_LABELS } from '@datahub/domain';
import { DatasourceCardList, DatasourceCreateLinks, DatasourceNoRights } from '~/components/datasource-cards';
import { DatasourceCreated } from '~/components/datasource-create';
import { ErrorPanel } from '~/components/error-page';
import { FormError } from '~/components/form-controls';
import { requireCurrentUserWithPermissions } from '~/lib/auth.server';
import { manageDatasourceAction, type DatasourceManageReply } from '~/lib/datasources-manage.server';
import { hasPermission } from '~/lib/datasources-permissions';
import { loadOwnDatasources } from '~/lib/datasources.server';
import { pageTitle } from '~/lib/meta';

const L = DATASET_LABELS.datasources;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

export async function loader(args: LoaderFunctionArgs) {
  const { permissions } = await requireCurrentUserWithPermissions(args);
  return {
    datasources: await loadOwnDatasources(args),
    canUpdate: hasPermission(permissions, 'Datasource.Update'),
    canDelete: hasPermission(permissions, 'Datasource.Delete'),
  };
}

export function action(args: ActionFunctionArgs) {
  return manageDatasourceAction(args);
}

export default function DatasourcesPage() {
  const { datasources, canUpdate, canDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as DatasourceManageReply | undefined;
  const rotated = reply?.rotated;
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{L.title}</h1>
      {datasources === null ? (
        <DatasourceNoRights />
      ) : (
        <>
          <p className="mt-2 text-stone-600">{L.intro}</p>
          {rotated ? (
            <DatasourceCreated created={rotated} showCloudInit={false} heading={L.newKeyDone(rotated.name)} note={L.newKeyInstall} />
          ) : null}
          <DatasourceCreateLinks />
          <div className="mt-6 empty:hidden">
            <FormError message={reply?.formError} />
          </div>
          <DatasourceCardList datasources={datasources} label={L.title} manage={{ canUpdate, canDelete }} />
        </>
      )}
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
