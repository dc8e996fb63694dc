import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { EntryContext } from '@remix-run/node';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { amsterdamToday } from '@datahub/domain';
import { LRUCache } from 'lru-cache';
import { keptPageReply, pageCache } from './page-cache.server';
import type { PageView } from '../insight/page-views.server';

/** Do the matched routes all say their loaders read nothing but the request and nest-api's answers? */
export function routesArePure(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.every((match) => {
    const handle: unknown = context.routeModules[match.route.id]?.handle;
    return typeof handle === 'object' && handle !== null && (handle as { pageCache?: unknown }).pageCache === true;
  });
}

/**
 * Pages served without running Remix at all. A page of routes whose loaders read nothing but the
 * request, nest-api's GET answers and today's date in Amsterdam (they say so with `handle.pageCache`)
 * is a function of the request's URL, cookies and the few headers the app reads, of the date, and
 * of those answers. Its answers are recorded (URL, headers sent, status, a hash of the body); a later
 * request with the same URL, cookies, headers and date asks nest-api for each of them again (the
 * session is checked every time) and, when every status and body is the same, gets the same page
 * without loaders, router or render. A refusal the page shows as such (403, 404: a part left out for
 * want of rights) is an answer like any other; a write, any other status or an error: Remix answers as usual.
 */

/** The statuses of GET answers a recorded page may have read: anything else is transient or ends the session. */
const RECORDED_STATUSES = new Set([200, 403, 404]);

/** One GET answer a loader used. */
interface PageRead {
  url: string;
  headers: [string, string][];
  status: number;
  hash: string;
  /** nest-api's ETag of the answer, when it gives one: asking again with it costs a 304. */
  etag: string | null;
}

interface RequestReads {
  reads: PageRead[];
  /** A write, another status or an error was among the calls: the page is not a function of GET answers. */
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
const served = new LRUCache<string, ServedPage>({ max: MAX_SERVED });

function bodyHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}

/**
 * nest-api's fetch for loaders: while a page request is recorded, a GET's status and body hash are
 * kept with its URL and headers (the request's own X-Forwarded-For and X-Request-Id aside); anything else spoils the record.
 */
export async function recordedFetch(input: Request): Promise<Response> {
  const response = await fetch(input);
  const store = requestReads.getStore();
  if (!store) return response;
  if (input.method !== 'GET' || !RECORDED_STATUSES.has(response.status)) {
    store.impure = true;
    return response;
  }
  const body = await response.text();
  const headers = [...input.headers].filter(([name]) => name !== 'x-forwarded-for' && name !== 'x-request-id');
  const etag = response.status === 200 ? response.headers.get('etag') : null;
  store.reads.push({ url: input.url, headers, status: response.status, hash: bodyHash(body), etag });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** After a fresh render of a cacheable page: remember what it was made of, under the request's key. */
export function rememberServedPage(pageKey: string, view: ServedPage['view']): void {
  const store = requestReads.getStore();
  if (!store || store.impure || store.reads.length === 0) return;
  served.set(store.requestKey, { reads: store.reads, pageKey, view });
}

/** Everything of the request that the root, shell and opted-in loaders and the render may read, and the date they may show. */
export function requestKeyOf(req: ExpressRequest, isBot: boolean): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        amsterdamToday(),
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

/** Asks nest-api for a recorded answer again: is it still the same (304 to its ETag, or the same status and body)? */
function unchanged(read: PageRead, forwardedFor: string, requestId: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = Object.fromEntries(read.headers);
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    if (requestId) headers['x-request-id'] = requestId;
    if (read.etag) headers['if-none-match'] = read.etag;
    const url = new URL(read.url);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { headers, agent: keepAlive[url.protocol === 'https:' ? 'https' : 'http'], timeout: 15_000 }, (response) => {
      if (read.etag && response.statusCode === 304) {
        response.resume();
        return resolve(true);
      }
      if (response.statusCode !== read.status) {
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

interface ServeOptions {
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
    const requestId = req.get('x-request-id');
    Promise.all(entry.reads.map((read) => unchanged(read, forwardedFor, requestId)))
      .then(async (same) => {
        if (!same.every(Boolean)) {
          served.delete(requestKey);
          return record();
        }
        options.setCspNonce(res, page.nonce);
        if (entry.view) options.recordView(req, entry.view);
        const reply = await keptPageReply(entry.pageKey, page, { ifNoneMatch: req.get('if-none-match') ?? null, acceptEncoding: req.get('accept-encoding') ?? null }, 'replayed');
        for (const [name, value] of reply.headers) res.setHeader(name, value);
        res.statusCode = reply.notModified ? 304 : 200;
        res.end(reply.body ?? undefined);
      })
      .catch(next);
  };
}
