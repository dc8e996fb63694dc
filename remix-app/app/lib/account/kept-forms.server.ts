import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { CSRF_FIELD } from '@datahub/domain/server';
import { formBody, isFormBody } from '../core/form-body.server';
import { parseCookies, serializeCookie } from '../core/cookies';
import { requestedPath } from '../core/redirects';
import { isSecureRequest } from '../core/session.server';
import { csrfSecret } from '../core/env.server';
import { endedSessionOwner, ownerHintFor } from './session-ending.server';

// Kept a few minutes (ADR 0028), sealed in an HttpOnly cookie, never a URL; shown only to the same user (`sessie` hint).
const KEPT_FORM_COOKIE = 'formulier';
const KEEP_MS = 10 * 60 * 1000;
const MAX_BYTES = 64 * 1024;
/** With its name and attributes it stays under the 4 KB browsers keep. */
const MAX_SEALED_CHARS = 3500;
const NEVER_KEPT = /password|wachtwoord|^code$|^token$/i;

interface KeptForm {
  path: string;
  values: Record<string, string[]>;
  /** Their hint (ownerHintFor), never the unverifiable token subject. */
  owner: string;
  /** A form shown to someone else or sent again is not shown again by this process. */
  id: string;
  /** Inside the seal, so every portal keeps the ten minutes. */
  until: number;
}

/** Sealed (AES-256-GCM) so any portal process sharing CSRF_SECRET opens it and no sticky sessions are needed. */
function sealKey(): Buffer {
  return Buffer.from(hkdfSync('sha256', csrfSecret(), 'datahub-kept-form', 'kept form seal v1', 32));
}

function seal(form: KeptForm): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(form), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function unseal(value: string | undefined): KeptForm | null {
  if (!value || value.length > MAX_SEALED_CHARS) return null;
  try {
    const raw = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const form = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as KeptForm;
    return form.until > Date.now() && !spent.has(form.id) ? form : null;
  } catch {
    return null;
  }
}

/** Per process on purpose: the cookie is cleared where a response allows it; this only saves a second showing here. */
const spent = new LRUCache<string, true>({ max: 5000, ttl: KEEP_MS });

function idCookie(request: Request, value: string, maxAge: number): string {
  return serializeCookie(KEPT_FORM_COOKIE, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isSecureRequest(request), maxAge });
}

export function keepPostedForm(request: Request, formData: FormData): string | null {
  const owner = endedSessionOwner(request);
  // Nobody known to give it back to: the next person at this computer must not see it.
  if (!owner) return null;
  const values: Record<string, string[]> = {};
  let bytes = 0;
  for (const [name, value] of formData) {
    if (typeof value !== 'string' || name === CSRF_FIELD || NEVER_KEPT.test(name)) continue;
    bytes += name.length + value.length;
    if (bytes > MAX_BYTES) return null;
    (values[name] ??= []).push(value);
  }
  if (Object.keys(values).length === 0) return null;
  const form: KeptForm = { path: new URL(requestedPath(request.url), 'http://x').pathname, values: {}, owner, id: randomUUID(), until: Date.now() + KEEP_MS };
  // Field by field while the sealed cookie stays small enough for every browser; what does not fit is dropped.
  let sealed: string | null = null;
  for (const [name, list] of Object.entries(values)) {
    const next = seal({ ...form, values: { ...form.values, [name]: list } });
    if (next.length > MAX_SEALED_CHARS) continue;
    form.values[name] = list;
    sealed = next;
  }
  return sealed ? idCookie(request, sealed, KEEP_MS / 1000) : null;
}

export function keptFormFor(request: Request, userId: string): Record<string, string[]> | null {
  const form = unseal(parseCookies(request.headers.get('Cookie')).get(KEPT_FORM_COOKIE));
  if (!form || form.path !== new URL(requestedPath(request.url), 'http://x').pathname) return null;
  if (form.owner !== ownerHintFor(userId)) {
    spent.set(form.id, true);
    return null;
  }
  return form.values;
}

export function forgetKeptForm(request: Request): void {
  const form = unseal(parseCookies(request.headers.get('Cookie')).get(KEPT_FORM_COOKIE));
  if (form && form.path === new URL(requestedPath(request.url), 'http://x').pathname) spent.set(form.id, true);
}

export function dropKeptFormOfOthers(request: Request, userId: string | null): string | null {
  const value = parseCookies(request.headers.get('Cookie')).get(KEPT_FORM_COOKIE);
  if (!value) return null;
  const form = unseal(value);
  if (form && userId && form.owner === ownerHintFor(userId)) return null;
  if (form) spent.set(form.id, true);
  return idCookie(request, '', 0);
}

/** Called where the signed-in user is established (requireCurrentUser), so every action keeps its form. Rethrows. */
export async function keepFormOnSignIn(request: Request, thrown: unknown): Promise<never> {
  const toLogin = thrown instanceof Response && thrown.status === 302 && thrown.headers.get('Location')?.startsWith('/inloggen');
  if (toLogin && request.method !== 'GET' && isFormBody(request)) {
    // A body read some other way (an upload's own parser) cannot be read again: that form is not kept.
    const formData = await formBody(request).catch(() => null);
    const cookie = formData && keepPostedForm(request, formData);
    if (cookie) thrown.headers.append('Set-Cookie', cookie);
  }
  throw thrown;
}
