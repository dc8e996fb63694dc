import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { parseCookies, serializeCookie } from './cookies';
import { requestedPath } from './redirects';
import { isSecureRequest, tokenSubject } from './session.server';

/**
 * A secret the hub answers once (a data source's credentials, an API token, a webhook's signing
 * secret) is kept here for a single view (ADR 0034): the creating action keeps it and redirects
 * (post/redirect/get), the page it redirects to takes it, and a reload finds it gone. A random id
 * in an HttpOnly cookie points at it; it never goes into a URL or a cookie itself. It is bound to
 * the user who created it and to the page it is shown on, and forgotten after ten minutes.
 */
export type ShownOnce =
  | { kind: 'datasource'; datasource: CreatedDatasourceView; cloud: boolean; rotated: boolean }
  | { kind: 'api-token'; name: string; token: string }
  | { kind: 'webhook'; url: string; secret: string };

const COOKIE = 'eenmalig';
const KEEP_MS = 10 * 60 * 1000;

interface Entry {
  userId: string;
  path: string;
  value: ShownOnce;
}

const kept = new LRUCache<string, Entry>({ max: 2000, ttl: KEEP_MS });

function cookie(request: Request, value: string, maxAge: number): string {
  return serializeCookie(COOKIE, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecureRequest(request), maxAge });
}

/**
 * Keeps `value` for one view at `path` by the signed-in user of this request; the Set-Cookie for
 * the redirect. The action's request already succeeded at nest-api with this token, so its
 * subject is the user; the page that takes it checks the user again against its own session.
 */
export function keepShownOnce(request: Request, path: string, value: ShownOnce): string {
  const userId = tokenSubject(request);
  if (!userId) return cookie(request, '', 0);
  const id = randomUUID();
  kept.set(id, { userId, path, value });
  return cookie(request, id, KEEP_MS / 1000);
}

/** The secret kept for this page and user, removed as it is taken, and the Set-Cookie that drops the id; nulls when there is none. */
export function takeShownOnce(request: Request, userId: string): { value: ShownOnce | null; setCookie: string | null } {
  const id = parseCookies(request.headers.get('Cookie')).get(COOKIE);
  if (!id) return { value: null, setCookie: null };
  const entry = kept.get(id);
  const path = new URL(requestedPath(request.url), 'http://x').pathname;
  // Another page (a background request) leaves it for the page it was meant for.
  if (entry && entry.path !== path) return { value: null, setCookie: null };
  kept.delete(id);
  return { value: entry && entry.userId === userId ? entry.value : null, setCookie: cookie(request, '', 0) };
}
