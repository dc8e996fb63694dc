import { CONSENT_COOKIE, USAGE_CONSENT_HEADER, type ConsentChoice } from '@datahub/domain';
import { parseCookies, serializeCookie } from '../core/cookies';
import { isSecureRequest } from '../core/session.server';

const ONE_YEAR = 365 * 24 * 60 * 60;

/** Null until they choose (the banner shows). */
export function consentChoice(request: Request): ConsentChoice | null {
  const value = parseCookies(request.headers.get('Cookie')).get(CONSENT_COOKIE);
  return value === 'alle' || value === 'noodzakelijk' ? value : null;
}

/** Honoured whatever the stored choice. */
export function privacySignal(request: Request): boolean {
  return request.headers.get('DNT') === '1' || request.headers.get('Sec-GPC') === '1';
}

export function usageAllowed(request: Request): boolean {
  return consentChoice(request) === 'alle' && !privacySignal(request);
}

/** nest-api checks DNT and Sec-GPC itself too. */
export function addUsageConsentHeader(request: Request, headers: Headers): void {
  if (usageAllowed(request)) headers.set(USAGE_CONSENT_HEADER, '1');
}

export function consentCookie(request: Request, choice: ConsentChoice): string {
  return serializeCookie(CONSENT_COOKIE, choice, { maxAge: ONE_YEAR, httpOnly: true, secure: isSecureRequest(request), sameSite: 'Lax' });
}
