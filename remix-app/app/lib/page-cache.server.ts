import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { EntryContext } from '@remix-run/node';
import { etagOf, ifNoneMatchNames } from '@datahub/domain/server';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import type { PageView } from './page-views.server';
import { LRUCache } from 'lru-cache';

/**
 * Rendered pages kept in memory, keyed by a hash of everything the render reads: the URL, the
 * status, every matched route's loader data, the bot flag (streaming mode) and the build (one per
 * process). The loaders still run on every request (the session is checked, the data is fresh);
 * only React's render and the compression are skipped when their output is already known, so a
 * hit is byte-identical to a fresh render. A page keeps the CSP nonce it was rendered with: that
 * nonce is only ever sent with these exact bytes, which carry no markup an attacker could add
 * without changing the key (ADR 0013).
 */

export interface CachedPage {
  nonce: string;
  etag: string;
  html: Buffer;
  encoded: Map<Encoding, Buffer>;
  bytes: number;
}

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// The same settings as the compression middleware in server/portal.js (quality 4, a 256 KB window).
const BROTLI_OPTIONS = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};

class NotCacheable extends Error {}

/** JSON with every value that JSON would blur (Dates, Maps, class instances, promises) refused. */
function strictJson(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    const raw = this[key];
    if (raw === undefined) return '\u0000undefined';
    if (typeof raw === 'number' && !Number.isFinite(raw)) throw new NotCacheable();
    if (typeof raw === 'function' || typeof raw === 'symbol' || typeof raw === 'bigint') throw new NotCacheable();
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
      const prototype: unknown = Object.getPrototypeOf(raw);
      if (prototype !== Object.prototype && prototype !== null) throw new NotCacheable();
    }
    return replaced;
  });
}

/**
 * The cache key of a page render, or null when the page must be rendered afresh: anything but a
 * plain 200 GET, a response that sets a cookie (a flash message read, a new CSRF token), action
 * data, errors, or loader data that is not plain JSON.
 */
export function pageKey(request: Request, status: number, headers: Headers, context: EntryContext, waitForAll: boolean): string | null {
  if (request.method !== 'GET' || status !== 200 || headers.has('Set-Cookie')) return null;
  const state = context.staticHandlerContext;
  if (state.errors || state.actionData) return null;
  let data: string;
  try {
    data = strictJson(state.matches.map((match) => [match.route.id, state.loaderData[match.route.id]]));
  } catch (error) {
    if (error instanceof NotCacheable) return null;
    throw error;
  }
  return createHash('sha256')
    .update(JSON.stringify([request.url, status, waitForAll, context.isSpaMode]))
    .update('\n')
    .update(data)
    .digest('base64url');
}

/** The browser's preferred encoding among those we send (brotli, then gzip), as `compression` chooses. */
export function acceptedEncoding(header: string | null): Encoding {
  const offered = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => offered.get(name) ?? offered.get('*') ?? 0;
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

/** Least recently used pages go first once the cache holds more than `maxBytes` (their compressed variants counted). */
export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;

  constructor(maxBytes: number) {
    this.pages = new LRUCache({ maxSize: maxBytes, sizeCalculation: (page) => page.bytes });
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }

  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  set(key: string, nonce: string, html: Buffer): CachedPage {
    const etag = etagOf(html);
    const page: CachedPage = { nonce, etag, html, encoded: new Map([['identity', html]]), bytes: html.length };
    // A page larger than the whole cache is answered but not kept (lru-cache refuses it).
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** The page's bytes in `encoding`, compressed once and kept with it. */
  async encoded(key: string, page: CachedPage, encoding: Encoding): Promise<Buffer> {
    const known = page.encoded.get(encoding);
    if (known) return known;
    const body = encoding === 'br' ? await brotli(page.html, BROTLI_OPTIONS) : await gzip(page.html);
    if (!page.encoded.has(encoding)) {
      page.encoded.set(encoding, body);
      page.bytes += body.length;
      // Stored again so the cache counts the new bytes (and trims), if the page is still the kept one:
      // lru-cache sizes an entry when it is stored, and setting the same object again keeps its old size.
      if (this.pages.peek(key) === page) {
        this.pages.delete(key);
        this.pages.set(key, page);
      }
    }
    return body;
  }
}

// server/env.js refused anything but a number ≥ 0 at boot.
const maxBytes = Number(process.env.PAGE_CACHE_MB ?? 32) * 1024 * 1024;

/** One per process; off with PAGE_CACHE_MB=0 and in development, where the build changes under it. */
export const pageCache = process.env.NODE_ENV === 'production' && maxBytes > 0 ? new PageCache(maxBytes) : null;

/** Do the matched routes all say their loaders read nothing but the request and nest-api's answers? */
export function routesArePure(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.every((match) => {
    const handle: unknown = context.routeModules[match.route.id]?.handle;
    return typeof handle === 'object' && handle !== null && (handle as { pageCache?: unknown }).pageCache === true;
  });
}

/**
 * Pages served without running Remix at all. A page of routes whose loaders read nothing but the
 * request and nest-api's GET answers (they say so with `handle.pageCache`) is a function of the
 * request's URL, cookies and the few headers the app reads, and of those answers. Its answers are
 * recorded (URL, headers sent, a hash of the body); a later request with the same URL, cookies and
 * headers asks nest-api for each of them again (the session is checked every time) and, when every
 * body is the same, gets the same page without loaders, router or render. Any difference, refusal
 * or error: Remix answers as usual.
 */

/** One GET answer a loader used. */
interface PageRead {
  url: string;
  headers: [string, string][];
  hash: string;
  /** nest-api's ETag of the answer, when it gives one: asking again with it costs a 304. */
  etag: string | null;
}

interface RequestReads {
  reads: PageRead[];
  /** A write, a refusal or an error was among the calls: the page is not a function of GET answers. */
  impure: boolean;
  requestKey: string;
}

interface ServedPage {
  reads: PageRead[];
  pageKey: string;
  /** The page view to report (the request's cookies and headers allowed it), if any. */
  view: PageView | null;
}

const MAX_SERVED = 10_000;
const requestReads = new AsyncLocalStorage<RequestReads>();
const served = new Map<string, ServedPage>();

function bodyHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}

/**
 * nest-api's fetch for loaders: while a page request is recorded, a GET's body is hashed and kept
 * with its URL and headers (the request's own X-Forwarded-For aside); anything else spoils the record.
 */
export async function recordedFetch(input: Request): Promise<Response> {
  const response = await fetch(input);
  const store = requestReads.getStore();
  if (!store) return response;
  if (input.method !== 'GET' || response.status !== 200) {
    store.impure = true;
    return response;
  }
  const body = await response.text();
  const headers = [...input.headers].filter(([name]) => name !== 'x-forwarded-for');
  store.reads.push({ url: input.url, headers, hash: bodyHash(body), etag: response.headers.get('etag') });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** After a fresh render of a cacheable page: remember what it was made of, under the request's key. */
export function rememberServedPage(pageKey: string, view: ServedPage['view']): void {
  const store = requestReads.getStore();
  if (!store || store.impure || store.reads.length === 0) return;
  served.delete(store.requestKey);
  if (served.size >= MAX_SERVED) served.delete(served.keys().next().value as string);
  served.set(store.requestKey, { reads: store.reads, pageKey, view });
}

/** Everything of the request that the root, shell and opted-in loaders and the render may read. */
function requestKeyOf(req: ExpressRequest, isBot: boolean): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        req.protocol,
        req.get('host') ?? '',
        req.get('x-forwarded-host') ?? '',
        req.originalUrl,
        req.get('cookie') ?? '',
        req.get('dnt') ?? '',
        req.get('sec-gpc') ?? '',
        isBot,
      ]),
    )
    .digest('base64url');
}

// node:http rather than fetch: asking again is the whole cost of a page sent from memory, and
// fetch's streams and Request objects cost more than the answer's few hundred bytes.
const keepAlive = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** Asks nest-api for a recorded answer again: is it still the same (304 to its ETag, or the same body)? */
function unchanged(read: PageRead, forwardedFor: string): Promise<boolean> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = Object.fromEntries(read.headers);
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    if (read.etag) headers['if-none-match'] = read.etag;
    const url = new URL(read.url);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { headers, agent: keepAlive[url.protocol === 'https:' ? 'https' : 'http'], timeout: 15_000 }, (response) => {
      if (read.etag && response.statusCode === 304) {
        response.resume();
        return resolve(true);
      }
      if (response.statusCode !== 200) {
        response.resume();
        return resolve(false);
      }
      const hash = createHash('sha256');
      response.on('data', (chunk: Buffer) => hash.update(chunk));
      response.on('end', () => resolve(hash.digest('base64url') === read.hash));
      response.on('error', () => resolve(false));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

export interface ServeOptions {
  isBot: (userAgent: string) => boolean;
  setCspNonce: (res: ExpressResponse, nonce: string) => void;
  /** Reports the page view of a page served here (a render reports its own). */
  recordView: (req: ExpressRequest, view: PageView) => void;
}

/** Express middleware in front of Remix: a page whose answers are all unchanged is sent from memory. */
export function servePageFromCache(options: ServeOptions) {
  return (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void): void => {
    if (!pageCache || req.method !== 'GET' || req.path.endsWith('.data') || req.query._data !== undefined) return next();
    const requestKey = requestKeyOf(req, options.isBot(req.get('user-agent') ?? ''));
    const record = () => requestReads.run({ reads: [], impure: false, requestKey }, next);
    const entry = served.get(requestKey);
    const page = entry ? pageCache.get(entry.pageKey) : undefined;
    if (!entry || !page) return record();
    const forwardedFor = req.ip ?? '';
    Promise.all(entry.reads.map((read) => unchanged(read, forwardedFor)))
      .then(async (same) => {
        if (!same.every(Boolean)) {
          served.delete(requestKey);
          return record();
        }
        options.setCspNonce(res, page.nonce);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('ETag', page.etag);
        res.setHeader('Vary', 'Accept-Encoding');
        if (entry.view) options.recordView(req, entry.view);
        if (ifNoneMatchNames(req.get('if-none-match'), page.etag)) {
          res.statusCode = 304;
          res.end();
          return;
        }
        const encoding = acceptedEncoding(req.get('accept-encoding') ?? null);
        const body = await pageCache!.encoded(entry.pageKey, page, encoding);
        if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', String(body.length));
        res.statusCode = 200;
        res.end(body);
      })
      .catch(next);
  };
}
