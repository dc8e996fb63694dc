import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AUTHORISATION_LABELS, CONFIRM_LABELS } from '@datahub/domain';
import { revokeAuthorisationConfirmation } from '~/components/authorisation-cards';
import { ConfirmPage } from '~/components/confirm-action';
import { ErrorPanel } from '~/components/error-page';
import { apiRequest } from '~/lib/core/api.server';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? AUTHORISATION_LABELS.revokeConfirmTitle : CONFIRM_LABELS.pageTitle) }];

/** Revoking a machtiging without JavaScript: this page asks first; its form posts to /machtigingen. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCurrentUser(args);
  const given = await apiRequest(
    args.request,
    'get',
    '/api/organizations/{slug}/authorisations/given',
    { params: { path: { slug: user.organization_slug } } },
    { refusals: 'return' },
  );
  const item = given.ok ? given.data.find((row) => row.authorisation_assignment_id === args.params.id) : undefined;
  if (!item) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  const { authorisation_assignment_id, dataset_id, dataset_name, authorisation, authorisation_label, assignee_organization, assignee_organization_name } = item;
  return { authorisation_assignment_id, dataset_id, dataset_name, authorisation, authorisation_label, assignee_organization, assignee_organization_name };
}

export default function ConfirmRevokeAuthorisationPage() {
  const item = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = revokeAuthorisationConfirmation(item);
  return <ConfirmPage {...confirmation} cancelHref="/machtigingen" />;
}

export { ErrorPanel as ErrorBoundary };
