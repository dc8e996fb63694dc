export interface PendingInvitationRow {
  id: string;
  email: string;
  sent: string;
  expires: string;
}
