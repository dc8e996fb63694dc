import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { DATASET_LABELS, hasPermission } from '@datahub/domain';
import { DatasourceCreatePage } from '~/components/datasources/datasource-create';
import { ErrorPanel } from '~/components/core/error-page';
import { requireCurrentUserWithPermissions } from '~/lib/account/auth.server';
import { createDatasourceAction } from '~/lib/datasources/datasources-create.server';
import { pageTitle } from '~/lib/core/meta';

const L = DATASET_LABELS.datasourceCreate;

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

export async function loader(args: LoaderFunctionArgs) {
  const { permissions } = await requireCurrentUserWithPermissions(args);
  return { canCreate: hasPermission(permissions, 'Datasource.Create') };
}

export function action(args: ActionFunctionArgs) {
  return createDatasourceAction(args, true);
}

export default function DatasourceCreateRoute() {
  const { canCreate } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <DatasourceCreatePage title={L.title} intro={L.intro} canCreate={canCreate} reply={reply} withHostname />;
}

export { ErrorPanel as ErrorBoundary };
