import { createHmac } from 'node:crypto';

/** A keyed hash of the user id: a form kept after the session ended goes back only to that user, and the cookie names nobody (CSRF_SECRET). */
export function sessionOwnerHint(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`sessie-eigenaar:${userId}`).digest('base64url');
}

/** Older sessions carry '1' (owner unknown). */
export function isSessionOwnerHint(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
