import { isSessionOwnerHint, SESSION_SEEN_COOKIE, SESSION_SEEN_EXTRA_SECONDS, sessionOwnerHint } from '@datahub/domain/server';
import { parseCookies, secondsUntil, serializeCookie } from '../core/cookies';
import { csrfSecret } from '../core/env.server';
import { clearAccessTokenCookie, getAccessToken, isSecureRequest } from '../core/session.server';

// Shown on /inloggen until the next sign-in, not cleared by showing it: a redirected background fetch would otherwise take it first.
// Carries the ended session's owner hint, so a form posted after that fetch is still kept.
const ENDED_NOTE_COOKIE = 'sessie_verlopen';
const ENDED_NOTE_SECONDS = 5 * 60;

function cookie(request: Request, name: string, value: string, maxAge: number): string {
  return serializeCookie(name, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecureRequest(request), maxAge });
}

/** A keyed hash that says whose session this browser had. */
export function ownerHintFor(userId: string): string {
  return sessionOwnerHint(csrfSecret(), userId);
}

/** The cookie outlives the token, so an ended session is told from a first visit. */
export function signedInCookies(request: Request, expiresAt: string, userId: string | null): string[] {
  const seen = userId ? ownerHintFor(userId) : '1';
  return [cookie(request, SESSION_SEEN_COOKIE, seen, secondsUntil(expiresAt) + SESSION_SEEN_EXTRA_SECONDS), cookie(request, ENDED_NOTE_COOKIE, '', 0)];
}

/** A refused token, or one whose cookie has gone. */
export function hadSession(request: Request): boolean {
  return Boolean(getAccessToken(request)) || parseCookies(request.headers.get('Cookie')).has(SESSION_SEEN_COOKIE);
}

/** Never read from the token, whose subject the portal cannot verify; null when unknown. */
export function endedSessionOwner(request: Request): string | null {
  const cookies = parseCookies(request.headers.get('Cookie'));
  const seen = cookies.get(SESSION_SEEN_COOKIE);
  if (isSessionOwnerHint(seen)) return seen;
  const note = cookies.get(ENDED_NOTE_COOKIE);
  return isSessionOwnerHint(note) ? note : null;
}

export function endedSessionCookies(request: Request): string[] {
  const cookies = getAccessToken(request) ? [clearAccessTokenCookie(request)] : [];
  if (!hadSession(request)) return cookies;
  const note = endedSessionOwner(request) ?? '1';
  return [...cookies, cookie(request, SESSION_SEEN_COOKIE, '', 0), cookie(request, ENDED_NOTE_COOKIE, note, ENDED_NOTE_SECONDS)];
}

export function sessionEnded(request: Request): boolean {
  return parseCookies(request.headers.get('Cookie')).has(ENDED_NOTE_COOKIE);
}
