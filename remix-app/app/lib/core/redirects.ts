import { safeRedirectPath } from '@datahub/domain';

/** Search parameters the Remix runtime adds to data requests; they are not part of the page URL. */
const INTERNAL_PARAMS = ['index', '_data', '_routes'];

export function requestedPath(url: string | URL): string {
  const parsed = new URL(url);
  let pathname = parsed.pathname;
  if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length) || '/';
  if (pathname === '/_root') pathname = '/';
  for (const name of INTERNAL_PARAMS) parsed.searchParams.delete(name);
  const search = parsed.searchParams.toString();
  return safeRedirectPath(`${pathname}${search ? `?${search}` : ''}`);
}

export function loginPath(target: string): string {
  const safe = safeRedirectPath(target);
  return safe === '/' ? '/inloggen' : `/inloggen?redirect_uri=${encodeURIComponent(safe)}`;
}

export function withRedirectUri(path: string, target: string): string {
  const url = new URL(path, 'http://same-origin.invalid');
  url.searchParams.set('redirect_uri', target);
  return `${url.pathname}${url.search}`;
}
