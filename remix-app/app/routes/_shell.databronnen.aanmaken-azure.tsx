import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { DATASET_LABELS, hasPermission } from '@datahub/domain';
import { sectionClass } from '~/components/datasets/dataset-cards';
import { DatasourceCreatePage } from '~/components/datasources/datasource-create';
import { ErrorPanel } from '~/components/core/error-page';
import { requireCurrentUserWithPermissions } from '~/lib/account/auth.server';
import { createDatasourceAction } from '~/lib/datasources/datasources-create.server';
import { pageTitle } from '~/lib/core/meta';

const L = DATASET_LABELS.datasourceCreate;

export const meta: MetaFunction = () => [{ title: pageTitle(L.azureTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const { permissions } = await requireCurrentUserWithPermissions(args);
  return { canCreate: hasPermission(permissions, 'Datasource.Create') };
}

/** The cloud variant: no hostname; the virtual machine registers its own address later. */
export function action(args: ActionFunctionArgs) {
  return createDatasourceAction(args, false);
}

export default function DatasourceCreateAzureRoute() {
  const { canCreate } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <DatasourceCreatePage title={L.azureTitle} intro={L.azureIntro} canCreate={canCreate} reply={reply} withHostname={false}>
      <section aria-labelledby="stappenplan" className={sectionClass}>
        <h2 id="stappenplan" className="text-xl font-semibold text-stone-900">
          {L.guideTitle}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-stone-700">
          {L.guide.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </DatasourceCreatePage>
  );
}

export { ErrorPanel as ErrorBoundary };
