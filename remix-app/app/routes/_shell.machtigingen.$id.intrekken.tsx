import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AUTHORISATION_LABELS, CONFIRM_LABELS } from '@datahub/domain';
import { revokeAuthorisationConfirmation } from '~/components/authorisation-cards';
import { ConfirmPage } from '~/components/confirm-action';
import { ErrorPanel } from '~/components/error-page';
import { apiRequest } from '~/lib/core/api.server';
import { groupOf } from '~/lib/authorisations/authorisation-groups';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? AUTHORISATION_LABELS.revokeConfirmTitle : CONFIRM_LABELS.pageTitle) }];

/** Revoking a machtiging card (all its grants) without JavaScript: this page asks first; its form posts to /machtigingen. */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCurrentUser(args);
  const given = await apiRequest(
    args.request,
    'get',
    '/api/organizations/{slug}/authorisations/given',
    { params: { path: { slug: user.organization_slug } } },
    { refusals: 'return' },
  );
  const group = given.ok ? groupOf(given.data, args.params.id) : undefined;
  if (!group) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  return { id: group.id, first: group.first, grants: group.grants };
}

export default function ConfirmRevokeAuthorisationPage() {
  const group = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = revokeAuthorisationConfirmation(group);
  return <ConfirmPage {...confirmation} cancelHref="/machtigingen" />;
}

export { ErrorPanel as ErrorBoundary };
