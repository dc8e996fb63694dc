import { createHmac } from 'node:crypto';

/**
 * The value of the `sessie` cookie (SESSION_SEEN_COOKIE): a keyed hash of the signed-in user's id,
 * so a form kept after the session ended is given back only to that user (issue 32 item 8), while
 * the cookie names nobody and cannot be made for another user without the secret (CSRF_SECRET).
 */
export function sessionOwnerHint(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`sessie-eigenaar:${userId}`).digest('base64url');
}

/** Whether a cookie value has the shape of a hint; older sessions carry '1' (owner unknown). */
export function isSessionOwnerHint(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
