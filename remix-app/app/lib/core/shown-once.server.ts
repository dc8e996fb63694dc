import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { CreatedDatasourceView } from '@datahub/api-client';
import { parseCookies, serializeCookie } from './cookies';
import { requestedPath } from './redirects';
import { isSecureRequest, tokenSubject } from './session.server';

// A secret shown once (ADR 0034): only a random id travels, in an HttpOnly cookie, bound to user and page, gone after one view or 10 min.
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

/** The action's request already succeeded at nest-api with this token, so its subject is the user; the page checks again. */
export function keepShownOnce(request: Request, path: string, value: ShownOnce): string {
  const userId = tokenSubject(request);
  if (!userId) return cookie(request, '', 0);
  const id = randomUUID();
  kept.set(id, { userId, path, value });
  return cookie(request, id, KEEP_MS / 1000);
}

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
