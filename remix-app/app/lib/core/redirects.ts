import { safeRedirectPath } from '@datahub/domain';

/** Search parameters the Remix runtime adds to data requests; they are not part of the page URL. */
const INTERNAL_PARAMS = ['index', '_data', '_routes'];

/** The path + search the visitor asked for, as a Remix loader or action sees it. */
export function requestedPath(url: string | URL): string {
  const parsed = new URL(url);
  let pathname = parsed.pathname;
  if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length) || '/';
  if (pathname === '/_root') pathname = '/';
  for (const name of INTERNAL_PARAMS) parsed.searchParams.delete(name);
  const search = parsed.searchParams.toString();
  return safeRedirectPath(`${pathname}${search ? `?${search}` : ''}`);
}

/** The sign-in page, remembering where to go afterwards. */
export function loginPath(target: string): string {
  const safe = safeRedirectPath(target);
  return safe === '/' ? '/inloggen' : `/inloggen?redirect_uri=${encodeURIComponent(safe)}`;
}

/** `path` with its redirect_uri query parameter set to `target` (provider links, sign-up link). */
export function withRedirectUri(path: string, target: string): string {
  const url = new URL(path, 'http://same-origin.invalid');
  url.searchParams.set('redirect_uri', target);
  return `${url.pathname}${url.search}`;
}
