/** Portal-side shapes of the invitation answers (to be replaced by the generated API client). */
export interface InvitationSentView {
  email: string;
  /** The address already has an account in another organisation. */
  existing_account: boolean;
}

export interface PendingInvitationView {
  invitation_id: string;
  email: string;
  sent_at: string;
  expires_at: string;
}

/** A pending invitation as /mijn-gebruikers shows it. */
export interface PendingInvitationRow {
  id: string;
  email: string;
  sent: string;
  expires: string;
}
