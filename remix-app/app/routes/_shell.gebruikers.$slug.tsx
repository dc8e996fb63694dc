import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ORGANIZATION_LABELS, displayOrganizationName } from '@datahub/domain';
import { OrganizationErrorBoundary } from '~/components/organizations/organization-error';
import { UsersPage } from '~/components/organizations/users-page';
import { textField } from '~/lib/core/forms';
import { pageTitle } from '~/lib/core/meta';
import { readSignedInAction } from '~/lib/core/action.server';
import { loadUsersPage, removeUser } from '~/lib/organizations/organizations.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(ORGANIZATION_LABELS.users.title(data ? displayOrganizationName(data.organizationName) : '')) },
];

export async function loader(args: LoaderFunctionArgs) {
  return loadUsersPage(args, args.params.slug ?? '', { viewOnlyForNonAdmins: true });
}

export async function action(args: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  const backTo = `/gebruikers/${encodeURIComponent(args.params.slug ?? '')}`;
  if (textField(formData, 'intent') === 'remove') return removeUser(args, formData, backTo);
  return redirect(backTo);
}

export default function OrganizationUsersPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const title = ORGANIZATION_LABELS.users.title(displayOrganizationName(page.organizationName));
  return <UsersPage title={title} page={{ ...page, canInvite: false }} reply={reply} />;
}

export { OrganizationErrorBoundary as ErrorBoundary };
