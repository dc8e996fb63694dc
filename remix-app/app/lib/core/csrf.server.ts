import { data } from '@remix-run/node';
import { ERROR_TEXTS } from '@datahub/domain';
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  createCsrfToken,
  csrfBinding,
  isSameOrigin,
  verifyCsrfToken,
} from '@datahub/domain/server';
import { parseCookies, serializeCookie } from './cookies';
import { csrfSecret } from './env.server';
import { keptValues, type FormReply } from './forms';
import { getAccessToken, isSecureRequest } from './session.server';

/** Readable by scripts, so the browser can echo it to /api. */
export function csrfCookie(request: Request, accessToken: string | null, token?: string): string {
  return serializeCookie(CSRF_COOKIE, token ?? createCsrfToken(csrfSecret(), csrfBinding(accessToken)), {
    sameSite: 'Lax',
    path: '/',
    secure: isSecureRequest(request),
  });
}

/** The cookie's token when it is valid for the current access token (or the anonymous visitor), else a fresh one to set. */
export function ensureCsrfToken(request: Request): { token: string; setCookie: string | null } {
  const accessToken = getAccessToken(request);
  const binding = csrfBinding(accessToken);
  const existing = parseCookies(request.headers.get('Cookie')).get(CSRF_COOKIE);
  if (existing && verifyCsrfToken(csrfSecret(), binding, existing)) return { token: existing, setCookie: null };
  const token = createCsrfToken(csrfSecret(), binding);
  return { token, setCookie: csrfCookie(request, accessToken, token) };
}

export function isValidCsrf(request: Request, formData: FormData): boolean {
  const field = formData.get(CSRF_FIELD);
  const cookie = parseCookies(request.headers.get('Cookie')).get(CSRF_COOKIE);
  if (typeof field !== 'string' || !field || field !== cookie) return false;
  if (!verifyCsrfToken(csrfSecret(), csrfBinding(getAccessToken(request)), field)) return false;
  const host = new URL(request.url).host;
  return isSameOrigin(request.headers.get('Origin') ?? undefined, request.headers.get('Referer') ?? undefined, host);
}

/** Every action's first check: null when token, session and origin fit; else the 403 reply, which keeps the user's input. */
export function requireValidCsrf(request: Request, formData: FormData) {
  if (isValidCsrf(request, formData)) return null;
  return data<FormReply>({ formError: ERROR_TEXTS.csrf, values: keptValues(formData) }, { status: 403 });
}

/** Resource routes have no page, so their refusal must be a real Response. */
export function csrfRefusalResponse(request: Request, formData: FormData): Response | null {
  if (isValidCsrf(request, formData)) return null;
  return Response.json({ formError: ERROR_TEXTS.csrf }, { status: 403 });
}
