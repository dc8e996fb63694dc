import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { EntryContext } from '@remix-run/node';
import { etagOf, ifNoneMatchNames } from '@datahub/domain/server';
import { LRUCache } from 'lru-cache';

/** Keyed by a hash of all the render reads (URL, status, loader data, bot flag, build); a page keeps its CSP nonce, sent only with these exact bytes (ADR 0013). */

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

// Quality 2 on the event loop: an 85 KB page in 0.2 ms instead of 0.5 ms at quality 4, for 6 % more bytes.
const BROTLI_NOW_OPTIONS = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
};

/** Compressed on this thread: a fraction of a millisecond, where the thread pool waits a turn of a busy event loop (docs/benchmarks.md). */
export function encodeWholeNow(html: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(html, BROTLI_NOW_OPTIONS);
  if (encoding === 'gzip') return zlib.gzipSync(html, { level: 4 });
  return html;
}

/** A page's bytes in `encoding`, compressed in one step (one trip to the thread pool, not one per 16 KB). */
export async function encodeWhole(html: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotli(html, BROTLI_OPTIONS);
  if (encoding === 'gzip') return gzip(html);
  return html;
}

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

/** Null (render afresh) for anything but a plain 200 GET without Set-Cookie, action data, errors or non-JSON loader data. */
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

  async encoded(key: string, page: CachedPage, encoding: Encoding): Promise<Buffer> {
    const known = page.encoded.get(encoding);
    if (known) return known;
    const body = await encodeWhole(page.html, encoding);
    if (!page.encoded.has(encoding)) {
      page.encoded.set(encoding, body);
      page.bytes += body.length;
      // Stored again so the new bytes count: lru-cache sizes an entry only when it is stored anew.
      if (this.pages.peek(key) === page) {
        this.pages.delete(key);
        this.pages.set(key, page);
      }
    }
    return body;
  }
}

export async function keptPageReply(
  key: string,
  page: CachedPage,
  request: { ifNoneMatch: string | null; acceptEncoding: string | null },
): Promise<{ notModified: boolean; headers: [string, string][]; body: Buffer | null }> {
  const headers: [string, string][] = [
    ['Content-Type', 'text/html; charset=utf-8'],
    ['ETag', page.etag],
    ['Vary', 'Accept-Encoding'],
    ['Server-Timing', 'page-cache;desc="kept"'],
  ];
  if (ifNoneMatchNames(request.ifNoneMatch, page.etag)) return { notModified: true, headers, body: null };
  const encoding = acceptedEncoding(request.acceptEncoding);
  const body = await pageCache!.encoded(key, page, encoding);
  if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
  headers.push(['Content-Length', String(body.length)]);
  return { notModified: false, headers, body };
}

// server/env.js refused anything but a number ≥ 0 at boot.
const maxBytes = Number(process.env.PAGE_CACHE_MB ?? 32) * 1024 * 1024;

/** One per process; off with PAGE_CACHE_MB=0 and in development, where the build changes under it. */
export const pageCache = process.env.NODE_ENV === 'production' && maxBytes > 0 ? new PageCache(maxBytes) : null;
