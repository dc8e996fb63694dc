import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ORGANISATION_LABELS } from '@datahub/domain';
import { OrganizationErrorBoundary } from '~/components/organization-error';
import { UsersPage } from '~/components/users-page';
import { requireCurrentUser } from '~/lib/auth.server';
import { textField } from '~/lib/forms';
import { pageTitle } from '~/lib/meta';
import { readSignedInAction } from '~/lib/action.server';
import { inviteUser, loadUsersPage, removeUser } from '~/lib/organizations.server';

export const meta: MetaFunction = () => [{ title: pageTitle(ORGANISATION_LABELS.users.myTitle) }];

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireCurrentUser(args);
  return loadUsersPage(args, user.organization_slug, { viewOnlyForNonAdmins: false });
}

export async function action(args: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  const intent = textField(formData, 'intent');
  if (intent === 'invite') return inviteUser(args, formData, '/mijn-gebruikers');
  if (intent === 'remove') return removeUser(args, formData, '/mijn-gebruikers');
  return redirect('/mijn-gebruikers');
}

export default function MyUsersPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <UsersPage title={ORGANISATION_LABELS.users.myTitle} page={page} reply={reply} />;
}

export { OrganizationErrorBoundary as ErrorBoundary };
