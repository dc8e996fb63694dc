import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { INVITATION_LABELS, formatDateLong, inviteErrorText, inviteSentText } from '@datahub/domain';
import { apiGet, apiRequest } from '../core/api.server';
import { textField, type FormReply } from '../core/forms';
import type { PendingInvitationView } from '@datahub/api-client';
import type { PendingInvitationRow } from './invitations';
import { flashCookie } from '../core/session.server';

type Args = Pick<LoaderFunctionArgs, 'request' | 'context'>;
type InvitationReply = FormReply & { intent: string };

export async function loadPendingInvitations(args: Args): Promise<PendingInvitationRow[]> {
  return invitationRows(await apiGet(args.request, '/api/invitations'));
}

export function invitationRows(rows: PendingInvitationView[]): PendingInvitationRow[] {
  return rows.map((row) => ({
    id: row.invitation_id,
    email: row.email,
    sent: formatDateLong(row.sent_at),
    expires: formatDateLong(row.expires_at),
  }));
}

/** A refusal keeps the typed address. */
export async function inviteUser(args: Args, formData: FormData, backTo: string) {
  const { request } = args;
  const email = textField(formData, 'email').trim();
  const result = await apiRequest(request, 'post', '/api/invitations', { body: { email } }, { refusals: 'return' });
  if (!result.ok) {
    return data<InvitationReply>({ intent: 'invite', formError: inviteErrorText(result.error), values: { email } }, { status: result.status });
  }
  const sentTo = result.data?.email || email;
  // The same text whether or not the address has an account: the invitation mail tells its owner.
  return redirect(backTo, { headers: { 'Set-Cookie': await flashCookie(request, inviteSentText(sentTo)) } });
}

/** nest-api checks permission and organisation of the invitation. */
export async function manageInvitation(args: Args, formData: FormData, intent: 'revoke' | 'resend', backTo: string) {
  const { request } = args;
  const id = textField(formData, 'invitation_id');
  const email = textField(formData, 'invitation_email');
  const L = INVITATION_LABELS;
  const params = { path: { id } };
  const result =
    intent === 'revoke'
      ? await apiRequest(request, 'delete', '/api/invitations/{id}', { params }, { refusals: 'return' })
      : await apiRequest(request, 'post', '/api/invitations/{id}/resend', { params }, { refusals: 'return' });
  if (!result.ok) {
    return data<InvitationReply>(
      { intent, formError: intent === 'revoke' ? L.revokeFailed : L.resendFailed },
      { status: result.status },
    );
  }
  const message = intent === 'revoke' ? L.revoked(email) : L.resent(email);
  return redirect(backTo, { headers: { 'Set-Cookie': await flashCookie(request, message) } });
}
