import { SESSION_SEEN_COOKIE, SESSION_SEEN_EXTRA_SECONDS } from '@datahub/domain/server';
import { parseCookies, secondsUntil, serializeCookie } from '../core/cookies';
import { clearAccessTokenCookie, getAccessToken, isSecureRequest } from '../core/session.server';

/** Set for a few minutes when a session turned out to have ended; /inloggen says so once. */
const ENDED_NOTE_COOKIE = 'sessie_verlopen';
const ENDED_NOTE_SECONDS = 10 * 60;

function cookie(request: Request, name: string, value: string, maxAge: number): string {
  return serializeCookie(name, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecureRequest(request), maxAge });
}

/** Signing in: this browser has had a session (outlives the token, so an ended session is told from a first visit). */
export function sessionSeenCookie(request: Request, expiresAt: string): string {
  return cookie(request, SESSION_SEEN_COOKIE, '1', secondsUntil(expiresAt) + SESSION_SEEN_EXTRA_SECONDS);
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

/** For /inloggen: whether to say the session ended, and the Set-Cookie that says it only once. */
export function consumeEndedNote(request: Request): { ended: boolean; setCookie: string | null } {
  if (!parseCookies(request.headers.get('Cookie')).has(ENDED_NOTE_COOKIE)) return { ended: false, setCookie: null };
  return { ended: true, setCookie: cookie(request, ENDED_NOTE_COOKIE, '', 0) };
}
