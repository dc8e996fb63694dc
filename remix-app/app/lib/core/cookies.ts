import { parse, serialize } from 'cookie';

/** First one wins, as nest-api reads them (the `cookie` package). */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  return new Map(Object.entries(header ? parse(header) : {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

interface CookieOptions {
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict';
  path?: string;
}

/** Max-Age 0 also sets an Expires in the past, for browsers that ignore Max-Age. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const maxAge = options.maxAge === undefined ? undefined : Math.max(0, Math.floor(options.maxAge));
  return serialize(name, value, {
    path: options.path ?? '/',
    maxAge,
    expires: maxAge === 0 ? new Date(0) : undefined,
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: options.sameSite === 'Strict' ? 'strict' : 'lax',
  });
}

export function secondsUntil(expiresAt: string, now = Date.now()): number {
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.floor((end - now) / 1000));
}
