import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CONFIRM_LABELS } from '@datahub/domain';
import { ConfirmPage } from '~/components/core/confirm-action';
import { revokeInvitationConfirmation } from '~/components/organizations/pending-invitations';
import { ErrorPanel } from '~/components/core/error-page';
import { loadPendingInvitations } from '~/lib/organizations/invitations.server';
import { pageTitle } from '~/lib/core/meta';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? CONFIRM_LABELS.revokeInvitation.title(data.email) : CONFIRM_LABELS.pageTitle) },
];

export async function loader(args: LoaderFunctionArgs) {
  const invitation = (await loadPendingInvitations(args)).find((row) => row.id === args.params.id);
  if (!invitation) throw data(CONFIRM_LABELS.notFound, { status: 404 });
  return { id: invitation.id, email: invitation.email };
}

export default function ConfirmRevokeInvitationPage() {
  const invitation = useLoaderData<typeof loader>();
  const { label: _label, confirmHref: _href, accessibleName: _name, ...confirmation } = revokeInvitationConfirmation(invitation);
  return <ConfirmPage {...confirmation} cancelHref="/mijn-gebruikers" />;
}

export { ErrorPanel as ErrorBoundary };
