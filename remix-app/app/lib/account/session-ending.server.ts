import { SESSION_SEEN_COOKIE, SESSION_SEEN_EXTRA_SECONDS } from '@datahub/domain/server';
import { parseCookies, secondsUntil, serializeCookie } from '../core/cookies';
import { clearAccessTokenCookie, getAccessToken, isSecureRequest } from '../core/session.server';

/**
 * Set for a few minutes when a session turned out to have ended; /inloggen says so until the next
 * sign-in. Not cleared by showing it: a background request of the old page (a fetcher) that is
 * redirected to /inloggen too would otherwise take the note before the visitor sees it.
 */
const ENDED_NOTE_COOKIE = 'sessie_verlopen';
const ENDED_NOTE_SECONDS = 5 * 60;

function cookie(request: Request, name: string, value: string, maxAge: number): string {
  return serializeCookie(name, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecureRequest(request), maxAge });
}

/** Signing in: this browser has a session (the cookie outlives the token, so an ended session is told from a first visit); the note is done with. */
export function signedInCookies(request: Request, expiresAt: string): string[] {
  return [cookie(request, SESSION_SEEN_COOKIE, '1', secondsUntil(expiresAt) + SESSION_SEEN_EXTRA_SECONDS), cookie(request, ENDED_NOTE_COOKIE, '', 0)];
}

/** Whether this request comes from a browser whose session has ended (a refused token, or one whose cookie has gone). */
export function hadSession(request: Request): boolean {
  return Boolean(getAccessToken(request)) || parseCookies(request.headers.get('Cookie')).has(SESSION_SEEN_COOKIE);
}

/** On the way to /inloggen: forget the refused token, and when there was a session, leave the note that it ended. */
export function endedSessionCookies(request: Request): string[] {
  const cookies = getAccessToken(request) ? [clearAccessTokenCookie(request)] : [];
  if (!hadSession(request)) return cookies;
  return [...cookies, cookie(request, SESSION_SEEN_COOKIE, '', 0), cookie(request, ENDED_NOTE_COOKIE, '1', ENDED_NOTE_SECONDS)];
}

/** For /inloggen: whether to say 'Uw sessie is verlopen. Log opnieuw in.'. */
export function sessionEnded(request: Request): boolean {
  return parseCookies(request.headers.get('Cookie')).has(ENDED_NOTE_COOKIE);
}
