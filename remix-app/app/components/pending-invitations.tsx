import { Form } from '@remix-run/react';
import { CONFIRM_LABELS, INVITATION_LABELS } from '@datahub/domain';
import type { PendingInvitationRow } from '~/lib/invitations';
import { ConfirmAction, confirmTriggerClass, type ConfirmActionProps } from './confirm-action';
import { CsrfInput } from './csrf-input';
import { FormError } from './form-controls';

const L = INVITATION_LABELS;
const C = CONFIRM_LABELS.revokeInvitation;

/** 'Intrekken' asks first: with JavaScript a dialog, without it a confirmation page. */
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

/** The open invitations of your organisation: a table on wide screens, stacked rows on narrow ones. */
export function PendingInvitations({ invitations, error }: { invitations: PendingInvitationRow[]; error?: string }) {
  return (
    <>
      <div className="mt-4 empty:hidden">
        <FormError message={error} />
      </div>
      {invitations.length === 0 ? (
        <p className="mt-4 text-stone-600">{L.pendingEmpty}</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="sr-only sm:not-sr-only">
            <tr className="border-b border-stone-200 text-stone-600">
              <th scope="col" className="py-2 pr-4 font-medium">{L.email}</th>
              <th scope="col" className="py-2 pr-4 font-medium">{L.sent}</th>
              <th scope="col" className="py-2 pr-4 font-medium">{L.expires}</th>
              <th scope="col" className="py-2 font-medium"><span className="sr-only">{L.actions}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {invitations.map((invitation) => (
              <tr key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 sm:table-row" data-testid="pending-invitation">
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
          </tbody>
        </table>
      )}
    </>
  );
}
