import { createCookieSessionStorage, type SessionStorage } from '@remix-run/node';
import { csrfSecret } from '../core/env.server';
import { isSecureRequest } from '../core/session.server';

const EMAIL_KEY = 'email';
const storages = new Map<boolean, SessionStorage>();

// The address waiting for its link travels in a signed cookie, not in the URL (no personal data in logs).
function storage(request: Request): SessionStorage {
  const secure = isSecureRequest(request);
  let found = storages.get(secure);
  if (!found) {
    found = createCookieSessionStorage({
      cookie: { name: '__signup', httpOnly: true, sameSite: 'lax', path: '/registreren', maxAge: 60 * 60, secure, secrets: [csrfSecret()] },
    });
    storages.set(secure, found);
  }
  return found;
}

export async function pendingSignupCookie(request: Request, email: string): Promise<string> {
  const store = storage(request);
  const session = await store.getSession();
  session.set(EMAIL_KEY, email);
  return store.commitSession(session);
}

export async function pendingSignupEmail(request: Request): Promise<string | null> {
  const session = await storage(request).getSession(request.headers.get('Cookie'));
  const email = session.get(EMAIL_KEY);
  return typeof email === 'string' ? email : null;
}
