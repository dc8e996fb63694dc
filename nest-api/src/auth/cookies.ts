import { TWO_FACTOR_CHALLENGE_MINUTES } from '@datahub/domain';
import { ACCESS_TOKEN_COOKIE, CSRF_COOKIE, SESSION_SEEN_COOKIE, SESSION_SEEN_EXTRA_SECONDS, TWO_FACTOR_CHALLENGE_COOKIE } from '@datahub/domain/server';

export function isSecure(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

export function accessTokenCookie(token: string, expiresAt: string, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000));
  return `${ACCESS_TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

/** The 'this browser was signed in' cookie (see SESSION_SEEN_COOKIE), set with the access token; `ownerHint` is sessionOwnerHint of the user. */
export function sessionSeenCookie(expiresAt: string, secure: boolean, ownerHint: string): string {
  const maxAge = Math.max(0, Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000)) + SESSION_SEEN_EXTRA_SECONDS;
  return `${SESSION_SEEN_COOKIE}=${ownerHint}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookies(secure: boolean): string[] {
  const suffix = `; Max-Age=0${secure ? '; Secure' : ''}`;
  return [
    `${ACCESS_TOKEN_COOKIE}=; Path=/; HttpOnly; SameSite=Lax${suffix}`,
    `${CSRF_COOKIE}=; Path=/; SameSite=Lax${suffix}`,
    `${SESSION_SEEN_COOKIE}=; Path=/; HttpOnly; SameSite=Lax${suffix}`,
  ];
}

/** The second step's token after a provider sign-in of an account with two-step sign-in (the portal's /inloggen reads it). */
export function twoFactorChallengeCookie(challenge: string, secure: boolean): string {
  return `${TWO_FACTOR_CHALLENGE_COOKIE}=${challenge}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${TWO_FACTOR_CHALLENGE_MINUTES * 60}${secure ? '; Secure' : ''}`;
}
