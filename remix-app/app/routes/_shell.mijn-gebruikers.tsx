import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ORGANIZATION_LABELS } from '@datahub/domain';
import { OrganizationErrorBoundary } from '~/components/organizations/organization-error';
import { UsersPage } from '~/components/organizations/users-page';
import { textField } from '~/lib/core/forms';
import { inviteUser, manageInvitation } from '~/lib/organizations/invitations.server';
import { pageTitle } from '~/lib/core/meta';
import { readSignedInAction } from '~/lib/core/action.server';
import { loadUsersPage, removeUser } from '~/lib/organizations/organizations.server';

export const meta: MetaFunction = () => [{ title: pageTitle(ORGANIZATION_LABELS.users.myTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  return loadUsersPage(args, null, { viewOnlyForNonAdmins: false });
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
