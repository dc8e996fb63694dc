import { serialize } from 'cookie';
import { TWO_FACTOR_CHALLENGE_MINUTES } from '@datahub/domain';
import { ACCESS_TOKEN_COOKIE, CSRF_COOKIE, SESSION_SEEN_COOKIE, SESSION_SEEN_EXTRA_SECONDS, TWO_FACTOR_CHALLENGE_COOKIE } from '@datahub/domain/server';
import { FLOW_COOKIE } from './external/flow-cookie';

/** What every cookie the API sets has; only the CSRF cookie is readable by scripts. */
const SITE = { path: '/', sameSite: 'lax' } as const;
const HIDDEN = { ...SITE, httpOnly: true } as const;

export function isSecure(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

function secondsUntil(expiresAt: string): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000));
}

export function accessTokenCookie(token: string, expiresAt: string, secure: boolean): string {
  return serialize(ACCESS_TOKEN_COOKIE, token, { ...HIDDEN, maxAge: secondsUntil(expiresAt), secure });
}

export function sessionSeenCookie(expiresAt: string, secure: boolean, ownerHint: string): string {
  return serialize(SESSION_SEEN_COOKIE, ownerHint, { ...HIDDEN, maxAge: secondsUntil(expiresAt) + SESSION_SEEN_EXTRA_SECONDS, secure });
}

export function clearedSessionCookies(secure: boolean): string[] {
  return [
    serialize(ACCESS_TOKEN_COOKIE, '', { ...HIDDEN, maxAge: 0, secure }),
    serialize(CSRF_COOKIE, '', { ...SITE, maxAge: 0, secure }),
    serialize(SESSION_SEEN_COOKIE, '', { ...HIDDEN, maxAge: 0, secure }),
  ];
}

/** The second step's token after a provider sign-in of an account with two-step sign-in (the portal's /inloggen reads it). */
export function twoFactorChallengeCookie(challenge: string, secure: boolean): string {
  return serialize(TWO_FACTOR_CHALLENGE_COOKIE, challenge, { ...HIDDEN, maxAge: TWO_FACTOR_CHALLENGE_MINUTES * 60, secure });
}

/** The sealed sign-in flow, sent back only to the provider callback. */
export function flowCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return serialize(FLOW_COOKIE, value, { ...HIDDEN, path: '/api/auth', maxAge: maxAgeSeconds, secure });
}
