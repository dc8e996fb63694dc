import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CONFIRM_LABELS } from '@datahub/domain';
import { ConfirmPage } from '~/components/core/confirm-action';
import { datasourceConfirmation, isDatasourceConfirmation } from '~/components/datasources/datasource-page';
import { ErrorPanel } from '~/components/core/error-page';
import { loadDatasource } from '~/lib/datasources/datasources-manage.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? datasourceConfirmation(data.kind, data.datasource).title : CONFIRM_LABELS.pageTitle) },
];

/** /databron/{id}/verwijderen and /databron/{id}/nieuwe-sleutel: the confirmation step without JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  const kind = args.params.bevestiging ?? '';
  const { datasource, canUpdate, canDelete } = await loadDatasource(args);
  const allowed = kind === 'verwijderen' ? canDelete : canUpdate;
  if (!isDatasourceConfirmation(kind) || !allowed) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  return { kind, datasource: { datasource_id: datasource.datasource_id, name: datasource.name } };
}

export default function ConfirmDatasourcePage() {
  const { kind, datasource } = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, ...confirmation } = datasourceConfirmation(kind, datasource);
  return <ConfirmPage {...confirmation} cancelHref={`/databron/${datasource.datasource_id}`} />;
}

export { ErrorPanel as ErrorBoundary };
