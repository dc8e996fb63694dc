import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { DATASET_LABELS, DATASOURCE_DETAIL_LABELS, DATASOURCE_PAGE_LABELS } from '@datahub/domain';
import { ConfirmAction } from '~/components/core/confirm-action';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { DatasourceHost } from '~/components/datasources/datasource-list';
import { DatasourceSecret, InstallSteps } from '~/components/datasources/datasource-secret';
import { DatasourceDatasets, DatasourceStateNotice, DatasourceStateRows } from '~/components/datasources/datasource-state';
import { useShownOnce } from '~/components/core/shown-once';
import { datasourceConfirmation } from '~/components/datasources/datasource-page';
import { ErrorPanel } from '~/components/core/error-page';
import { FormError } from '~/components/core/form-controls';
import { loadDatasource, manageDatasourceAction, type DatasourceManageReply } from '~/lib/datasources/datasources-manage.server';
import { pageTitle } from '~/lib/core/meta';

const L = DATASOURCE_PAGE_LABELS;
const D = DATASET_LABELS.datasources;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? data.datasource.name : L.title) }];

export async function loader(args: LoaderFunctionArgs) {
  // The server's clock decides how long a 'weer online' notice stays, the same in both renders.
  return { ...(await loadDatasource(args)), now: Date.now() };
}

export function action(args: ActionFunctionArgs) {
  return manageDatasourceAction(args);
}

export default function DatasourcePage() {
  const { datasource, own, listPath, canUpdate, canDelete, now } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as DatasourceManageReply | undefined;
  const shown = useShownOnce('datasource');
  const secret = shown?.datasource.datasource_id === datasource.datasource_id ? shown : null;
  return (
    <div>
      <p className="text-sm">
        <Link to={listPath} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {own ? L.backToList : L.backToAdmin}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere]">{datasource.name}</h1>
      {secret ? <DatasourceSecret created={secret.datasource} cloud={secret.cloud} rotated={secret.rotated} /> : null}
      {own ? <DatasourceStateNotice datasource={datasource} now={now} /> : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-medium text-stone-700">{L.hostname}</dt>
        <dd>
          <DatasourceHost datasource={datasource} />
        </dd>
        <dt className="font-medium text-stone-700">{L.owner}</dt>
        <dd className="text-stone-900 [overflow-wrap:anywhere]">{datasource.owner_organization_name}</dd>
        <DatasourceStateRows datasource={datasource} />
      </dl>
      {canUpdate && !secret ? <KeptInstallSteps datasource={datasource} /> : null}
      <DatasourceDatasets datasource={datasource} own={own} />
      <div className="mt-6 empty:hidden">
        <FormError message={reply?.formError} />
      </div>
      <section aria-labelledby="databron-beheren" className={sectionClass}>
        <h2 id="databron-beheren" className="text-xl font-semibold text-stone-900">
          {L.manageTitle}
        </h2>
        {!canUpdate && !canDelete ? <p className="mt-2 text-stone-600">{L.readOnly}</p> : null}
        {canUpdate ? (
          <div className="mt-4">
            <p className="text-sm text-stone-600">{D.newKeyExplain}</p>
            <div className="mt-2">
              <ConfirmAction {...datasourceConfirmation('nieuwe-sleutel', datasource)} />
            </div>
          </div>
        ) : null}
        {canDelete ? (
          <div className="mt-6">
            <p className="text-sm text-stone-600">{D.deleteExplain}</p>
            <div className="mt-2">
              <ConfirmAction {...datasourceConfirmation('verwijderen', datasource)} />
            </div>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** Steps stay until the first contact, then fold under 'Installatie-instructies' (a details element: no JavaScript needed). */
function KeptInstallSteps({ datasource }: { datasource: ReturnType<typeof useLoaderData<typeof loader>>['datasource'] }) {
  if (datasource.last_contact_at === null)
    return (
      <section className={sectionClass}>
        <InstallSteps created={datasource} />
      </section>
    );
  return (
    <details className={sectionClass} data-testid="install-again">
      <summary className="cursor-pointer font-semibold text-brand-800">{DATASOURCE_DETAIL_LABELS.installAgain}</summary>
      <InstallSteps created={datasource} heading={false} />
    </details>
  );
}

export { ErrorPanel as ErrorBoundary };
