import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ORGANIZATION_LABELS } from '@datahub/domain';
import { OrganizationErrorBoundary } from '~/components/organizations/organization-error';
import { UsersPage } from '~/components/organizations/users-page';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { textField } from '~/lib/core/forms';
import { inviteUser, loadPendingInvitations, manageInvitation } from '~/lib/organizations/invitations.server';
import { pageTitle } from '~/lib/core/meta';
import { readSignedInAction } from '~/lib/core/action.server';
import { loadUsersPage, removeUser } from '~/lib/organizations/organizations.server';

export const meta: MetaFunction = () => [{ title: pageTitle(ORGANIZATION_LABELS.users.myTitle) }];

/** Its loader reads only the request and nest-api's answers: the page cache may replay it (issue 26). */
export const handle = { pageCache: true };

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCurrentUser(args);
  const page = await loadUsersPage(args, user.organization_slug, { viewOnlyForNonAdmins: false });
  return { ...page, invitations: page.canInvite ? await loadPendingInvitations(args) : [] };
}

export async function action(args: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  const intent = textField(formData, 'intent');
  if (intent === 'invite') return inviteUser(args, formData, '/mijn-gebruikers');
  if (intent === 'remove') return removeUser(args, formData, '/mijn-gebruikers');
  if (intent === 'revoke' || intent === 'resend') return manageInvitation(args, formData, intent, '/mijn-gebruikers');
  return redirect('/mijn-gebruikers');
}

export default function MyUsersPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <UsersPage title={ORGANIZATION_LABELS.users.myTitle} page={page} reply={reply} />;
}

export { OrganizationErrorBoundary as ErrorBoundary };
