import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CONFIRM_LABELS } from '@datahub/domain';
import { ConfirmPage } from '~/components/core/confirm-action';
import { OrganizationErrorBoundary } from '~/components/organizations/organization-error';
import { apiGet } from '~/lib/core/api.server';
import { requireCurrentUser } from '~/lib/account/auth.server';
import { pageTitle } from '~/lib/core/meta';
import { readSignedInAction } from '~/lib/core/action.server';
import { removeUser, userName, userPage } from '~/lib/organizations/organizations.server';
import type { CurrentUserView, UserView } from '@datahub/api-client';

const C = CONFIRM_LABELS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title ?? C.pageTitle) }];

function targetOf(me: CurrentUserView, target: UserView) {
  const isSelf = target.user_id === me.user_id;
  const usersPath =
    target.organization === me.organization ? '/mijn-gebruikers' : `/gebruikers/${target.organization_slug}`;
  return { target, isSelf, usersPath };
}

async function loadTarget(args: ActionFunctionArgs) {
  const me = await requireCurrentUser(args);
  return targetOf(me, await apiGet(args.request, '/api/users/{id}', { params: { path: { id: args.params.userId ?? '' } } }));
}

export async function loader(args: LoaderFunctionArgs) {
  const page = await userPage(args, args.params.userId);
  const { target, isSelf, usersPath } = targetOf(page.user, page.target);
  const name = userName(target);
  return {
    id: target.user_id,
    name,
    email: target.email,
    isSelf,
    usersPath,
    title: isSelf ? C.deleteAccount.title : C.removeUser.title(name),
  };
}

export async function action(args: ActionFunctionArgs) {
  const { usersPath } = await loadTarget(args);
  const { formData, refused } = await readSignedInAction(args);
  if (refused) return refused;
  return removeUser(args, formData, usersPath);
}

export default function ConfirmRemoveUserPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <ConfirmPage
      title={page.title}
      description={<p>{page.isSelf ? C.deleteAccount.description : C.removeUser.description(page.name)}</p>}
      confirmLabel={page.isSelf ? C.deleteAccount.confirm : C.removeUser.confirm}
      fields={{ intent: 'remove', user_id: page.id, user_name: page.name }}
      typeToConfirm={page.isSelf ? { name: 'confirm_email', label: C.deleteAccount.emailLabel, expected: page.email } : undefined}
      cancelHref={page.usersPath}
      error={reply && 'formError' in reply ? reply.formError : undefined}
    />
  );
}

export { OrganizationErrorBoundary as ErrorBoundary };
