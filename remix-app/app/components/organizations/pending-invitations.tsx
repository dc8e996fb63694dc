import { Form } from '@remix-run/react';
import { CONFIRM_LABELS, INVITATION_LABELS } from '@datahub/domain';
import type { PendingInvitationRow } from '~/lib/organizations/invitations';
import { ConfirmAction, confirmTriggerClass, type ConfirmActionProps } from '~/components/core/confirm-action';
import { CsrfInput } from '~/components/core/csrf-input';
import { FormError } from '~/components/core/form-controls';
import { RowTable, rowClass } from '~/components/core/row-table';

const L = INVITATION_LABELS;
const C = CONFIRM_LABELS.revokeInvitation;

export function revokeInvitationConfirmation(invitation: Pick<PendingInvitationRow, 'id' | 'email'>): ConfirmActionProps {
  return {
    label: L.revoke,
    accessibleName: L.revokeLabel(invitation.email),
    title: C.title(invitation.email),
    description: <p>{C.description(invitation.email)}</p>,
    confirmLabel: C.confirm,
    action: '/mijn-gebruikers',
    fields: { intent: 'revoke', invitation_id: invitation.id, invitation_email: invitation.email },
    confirmHref: `/mijn-gebruikers/uitnodigingen/${encodeURIComponent(invitation.id)}/intrekken`,
    tone: 'danger',
  };
}

export function PendingInvitations({ invitations, error }: { invitations: PendingInvitationRow[]; error?: string }) {
  return (
    <>
      <div className="mt-4 empty:hidden">
        <FormError message={error} />
      </div>
      {invitations.length === 0 ? (
        <p className="mt-4 text-stone-600">{L.pendingEmpty}</p>
      ) : (
        <RowTable label={L.pendingTitle} columns={[{ label: L.email }, { label: L.sent }, { label: L.expires }, { label: L.actions, hidden: true }]}>
          {invitations.map((invitation) => (
            <tr key={invitation.id} className={rowClass} data-testid="pending-invitation">
              <td className="w-full font-medium text-stone-900 [overflow-wrap:anywhere] sm:w-auto sm:py-3 sm:pr-4">{invitation.email}</td>
              <td className="text-stone-600 sm:py-3 sm:pr-4">
                <span className="sm:sr-only">{L.sent}: </span>
                {invitation.sent}
              </td>
              <td className="text-stone-600 sm:py-3 sm:pr-4">
                <span className="sm:sr-only">{L.expires}: </span>
                {invitation.expires}
              </td>
              <td className="w-full sm:w-auto sm:py-3">
                <div className="flex flex-wrap gap-2 sm:justify-end">
                  <Form method="post" action="/mijn-gebruikers" noValidate>
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="invitation_id" value={invitation.id} />
                    <input type="hidden" name="invitation_email" value={invitation.email} />
                    <CsrfInput />
                    <button type="submit" aria-label={L.resendLabel(invitation.email)} className={confirmTriggerClass.neutral}>
                      {L.resend}
                    </button>
                  </Form>
                  <ConfirmAction {...revokeInvitationConfirmation(invitation)} />
                </div>
              </td>
            </tr>
          ))}
        </RowTable>
      )}
    </>
  );
}
