import { createCookieSessionStorage, type SessionStorage } from '@remix-run/node';
import { ACCESS_TOKEN_COOKIE } from '@datahub/domain/server';
import { parseCookies, secondsUntil, serializeCookie } from './cookies';
import { csrfSecret } from './env.server';

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

export function getAccessToken(request: Request): string | null {
  return parseCookies(request.headers.get('Cookie')).get(ACCESS_TOKEN_COOKIE) || null;
}

/** Not verified: for a token nest-api has just issued, or to narrow who gets something back. */
export function subjectOfToken(token: string | null | undefined): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' && 'sub' in payload && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** Not verified: callers only use it to narrow who gets something back. */
export function tokenSubject(request: Request): string | null {
  return subjectOfToken(getAccessToken(request));
}

export function accessTokenCookie(request: Request, token: string, expiresAt: string): string {
  return serializeCookie(ACCESS_TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecureRequest(request),
    maxAge: secondsUntil(expiresAt),
  });
}

export function clearAccessTokenCookie(request: Request): string {
  return serializeCookie(ACCESS_TOKEN_COOKIE, '', {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isSecureRequest(request),
    maxAge: 0,
  });
}

interface Flash {
  id: string;
  message: string;
}

const FLASH_KEY = 'flash';
const flashStorages = new Map<boolean, SessionStorage>();

function flashStorage(request: Request): SessionStorage {
  const secure = isSecureRequest(request);
  let storage = flashStorages.get(secure);
  if (!storage) {
    storage = createCookieSessionStorage({
      cookie: { name: '__flash', httpOnly: true, sameSite: 'lax', path: '/', secure, secrets: [csrfSecret()] },
    });
    flashStorages.set(secure, storage);
  }
  return storage;
}

export async function flashCookie(request: Request, message: string): Promise<string> {
  const storage = flashStorage(request);
  const session = await storage.getSession(request.headers.get('Cookie'));
  session.flash(FLASH_KEY, { id: crypto.randomUUID(), message } satisfies Flash);
  return storage.commitSession(session);
}

export async function consumeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  if (!parseCookies(request.headers.get('Cookie')).has('__flash')) return { flash: null, setCookie: null };
  const storage = flashStorage(request);
  const session = await storage.getSession(request.headers.get('Cookie'));
  const value = session.get(FLASH_KEY) as Flash | undefined;
  return { flash: value ?? null, setCookie: await storage.destroySession(session) };
}
