import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ACCESS_REQUEST_LABELS as L, DATASET_LABELS } from '@datahub/domain';
import { AccessRequestSection } from '~/components/authorisations/access-request-form';
import { ErrorPanel } from '~/components/core/error-page';
import { accessRequestAction, type AccessRequestReply } from '~/lib/authorisations/access-requests.server';
import { apiGet } from '~/lib/core/api.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction = () => [{ title: pageTitle(L.title) }];

/** The request form on its own page: where a refused request (without JavaScript) comes back with its errors. */
export async function loader(args: LoaderFunctionArgs) {
  const dataset = await apiGet(args.request, '/api/datasets/{slug}', { params: { path: { slug: args.params.slug ?? '' } } });
  return { dataset: { id: dataset.dataset_id, slug: dataset.slug, name: dataset.name || DATASET_LABELS.datasets.unnamed, ownerName: dataset.owner_organization_name } };
}

export function action(args: ActionFunctionArgs) {
  return accessRequestAction(args);
}

export default function AccessRequestPage() {
  const { dataset } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as AccessRequestReply | undefined;
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{dataset.name}</h1>
      <AccessRequestSection dataset={dataset} reply={reply} />
      <p className="mt-6">
        <Link to={`/dataset/${encodeURIComponent(dataset.slug)}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {DATASET_LABELS.dataset.backToList}
        </Link>
      </p>
    </div>
  );
}

export { ErrorPanel as ErrorBoundary };
