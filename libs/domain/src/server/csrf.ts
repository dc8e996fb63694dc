import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const CSRF_FIELD = 'csrf';

/** Bound to a hash of the access token, so a token minted for one session (or the anonymous visitor) is worthless in another. */
export function csrfBinding(accessToken: string | null | undefined): string {
  return accessToken ? createHash('sha256').update(accessToken).digest('base64url') : 'anonymous';
}

function signature(secret: string, nonce: string, binding: string): string {
  return createHmac('sha256', secret).update(`${nonce}|${binding}`).digest('base64url');
}

export function createCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${signature(secret, nonce, binding)}`;
}

export function verifyCsrfToken(secret: string, binding: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length > 200) return false;
  const [nonce, mac, ...rest] = token.split('.');
  if (!nonce || !mac || rest.length > 0) return false;
  const expected = Buffer.from(signature(secret, nonce, binding));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Requests without Origin or Referer come from non-browser clients and pass here; they still need a valid token. */
export function isSameOrigin(originHeader: string | undefined, refererHeader: string | undefined, host: string | undefined): boolean {
  const source = originHeader ?? refererHeader;
  if (!source) return true;
  if (source === 'null' || !host) return false;
  try {
    return new URL(source).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
