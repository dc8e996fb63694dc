import { Form, useNavigation } from '@remix-run/react';
import { CONFIRM_LABELS, INVITATION_LABELS, ORGANIZATION_LABELS } from '@datahub/domain';
import type { PendingInvitationRow } from '~/lib/organizations/invitations';
import { ConfirmAction } from '~/components/core/confirm-action';
import { PendingInvitations } from '~/components/organizations/pending-invitations';
import { UsersTable } from '~/components/organizations/users-table';
import type { FormReply } from '~/lib/core/forms';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError, SubmitButton, TextField, useIsPending } from '~/components/core/form-controls';
import { sectionClass } from '~/components/organizations/organization-page';

const L = ORGANIZATION_LABELS.users;
const C = CONFIRM_LABELS;

interface UsersPageData {
  users: { id: string; name: string; email: string; isSelf: boolean }[];
  usersPath: string;
  canRemove: boolean;
  canInvite: boolean;
  invitations?: PendingInvitationRow[];
}

type UsersReply = FormReply & { intent?: string };

function RemoveButton({ user, usersPath }: { user: UsersPageData['users'][number]; usersPath: string }) {
  const common = {
    action: usersPath,
    fields: { intent: 'remove', user_id: user.id, user_name: user.name },
    confirmHref: `/gebruiker/${encodeURIComponent(user.id)}/verwijderen`,
  };
  if (user.isSelf) {
    return (
      <ConfirmAction
        {...common}
        label={L.removeSelf}
        accessibleName={L.removeSelfLabel}
        title={C.deleteAccount.title}
        description={<p>{C.deleteAccount.description}</p>}
        confirmLabel={C.deleteAccount.confirm}
        typeToConfirm={{ name: 'confirm_email', label: C.deleteAccount.emailLabel, expected: user.email }}
      />
    );
  }
  return (
    <ConfirmAction
      {...common}
      label={L.remove}
      accessibleName={L.removeUser(user.name)}
      title={C.removeUser.title(user.name)}
      description={<p>{C.removeUser.description(user.name)}</p>}
      confirmLabel={C.removeUser.confirm}
    />
  );
}

export function UsersPage({ title, page, reply }: { title: string; page: UsersPageData; reply?: UsersReply }) {
  const invitePending = useIsPending();
  const navigation = useNavigation();
  const inviting = invitePending && navigation.formData?.get('intent') === 'invite';
  const replyIntent = reply?.intent ?? reply?.values?.intent;
  const inviteReply = replyIntent === 'invite' ? reply : undefined;
  const removeReply = replyIntent === 'remove' ? reply : undefined;
  const invitationReply = replyIntent === 'revoke' || replyIntent === 'resend' ? reply : undefined;

  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight text-stone-900">{title}</h1>

      {page.canInvite ? (
        <section aria-labelledby="gebruiker-uitnodigen" className={sectionClass}>
          <h2 id="gebruiker-uitnodigen" className="text-xl font-semibold text-stone-900">
            {L.inviteTitle}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{L.inviteIntro}</p>
          <Form method="post" noValidate className="mt-4 space-y-4">
            <FormError message={inviteReply?.formError} />
            <TextField
              name="email"
              type="email"
              label={L.inviteEmail}
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={inviteReply?.values?.email ?? ''}
              error={inviteReply?.fieldErrors?.email}
            />
            <input type="hidden" name="intent" value="invite" />
            <CsrfInput />
            <SubmitButton pending={inviting} pendingLabel={L.inviting}>
              {L.invite}
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      {page.canInvite ? (
        <section aria-labelledby="openstaande-uitnodigingen" className={sectionClass}>
          <h2 id="openstaande-uitnodigingen" className="text-xl font-semibold text-stone-900">
            {INVITATION_LABELS.pendingTitle}
          </h2>
          <PendingInvitations invitations={page.invitations ?? []} error={invitationReply?.formError} />
        </section>
      ) : null}

      <section aria-labelledby="gebruikers-lijst" className={sectionClass}>
        <h2 id="gebruikers-lijst" className="text-xl font-semibold text-stone-900">
          {L.listTitle}
        </h2>
        <div className="mt-4">
          <FormError message={removeReply?.formError} />
        </div>
        {page.users.length === 0 ? (
          <p className="mt-4 text-stone-600">{L.empty}</p>
        ) : (
          <UsersTable
            users={page.users}
            label={L.listTitle}
            actions={page.canRemove ? (user) => <RemoveButton user={user} usersPath={page.usersPath} /> : undefined}
          />
        )}
      </section>
    </div>
  );
}
