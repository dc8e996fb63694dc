/** A pending invitation as /mijn-gebruikers shows it. */
export interface PendingInvitationRow {
  id: string;
  email: string;
  sent: string;
  expires: string;
}
