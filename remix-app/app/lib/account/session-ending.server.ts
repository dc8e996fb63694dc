import { isSessionOwnerHint, SESSION_SEEN_COOKIE, SESSION_SEEN_EXTRA_SECONDS, sessionOwnerHint } from '@datahub/domain/server';
import { parseCookies, secondsUntil, serializeCookie } from '../core/cookies';
import { csrfSecret } from '../core/env.server';
import { clearAccessTokenCookie, getAccessToken, isSecureRequest } from '../core/session.server';

/**
 * Set for a few minutes when a session turned out to have ended; /inloggen says so until the next
 * sign-in. Not cleared by showing it: a background request of the old page (a fetcher) that is
 * redirected to /inloggen too would otherwise take the note before the visitor sees it. It carries
 * the ended session's owner hint on, so a form posted after that background request is still kept.
 */
const ENDED_NOTE_COOKIE = 'sessie_verlopen';
const ENDED_NOTE_SECONDS = 5 * 60;

function cookie(request: Request, name: string, value: string, maxAge: number): string {
  return serializeCookie(name, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecureRequest(request), maxAge });
}

/** The `sessie` value for `userId`: a keyed hash that says whose session this browser had (issue 32 item 8). */
export function ownerHintFor(userId: string): string {
  return sessionOwnerHint(csrfSecret(), userId);
}

/** Signing in: this browser has a session of `userId` (the cookie outlives the token, so an ended session is told from a first visit); the note is done with. */
export function signedInCookies(request: Request, expiresAt: string, userId: string | null): string[] {
  const seen = userId ? ownerHintFor(userId) : '1';
  return [cookie(request, SESSION_SEEN_COOKIE, seen, secondsUntil(expiresAt) + SESSION_SEEN_EXTRA_SECONDS), cookie(request, ENDED_NOTE_COOKIE, '', 0)];
}

/** Whether this request comes from a browser whose session has ended (a refused token, or one whose cookie has gone). */
export function hadSession(request: Request): boolean {
  return Boolean(getAccessToken(request)) || parseCookies(request.headers.get('Cookie')).has(SESSION_SEEN_COOKIE);
}

/**
 * Whose session this browser had, as the hint the portal or nest-api set at sign-in; null when
 * unknown (never signed in here, or a session from before hints). Never read from the token,
 * whose subject the portal cannot verify.
 */
export function endedSessionOwner(request: Request): string | null {
  const cookies = parseCookies(request.headers.get('Cookie'));
  const seen = cookies.get(SESSION_SEEN_COOKIE);
  if (isSessionOwnerHint(seen)) return seen;
  const note = cookies.get(ENDED_NOTE_COOKIE);
  return isSessionOwnerHint(note) ? note : null;
}

/** On the way to /inloggen: forget the refused token, and when there was a session, leave the note that it ended (with whose it was). */
export function endedSessionCookies(request: Request): string[] {
  const cookies = getAccessToken(request) ? [clearAccessTokenCookie(request)] : [];
  if (!hadSession(request)) return cookies;
  const note = endedSessionOwner(request) ?? '1';
  return [...cookies, cookie(request, SESSION_SEEN_COOKIE, '', 0), cookie(request, ENDED_NOTE_COOKIE, note, ENDED_NOTE_SECONDS)];
}

/** For /inloggen: whether to say 'Uw sessie is verlopen. Log opnieuw in.'. */
export function sessionEnded(request: Request): boolean {
  return parseCookies(request.headers.get('Cookie')).has(ENDED_NOTE_COOKIE);
}
