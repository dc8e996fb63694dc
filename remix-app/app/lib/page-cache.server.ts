import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { EntryContext } from '@remix-run/node';

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

/** Least recently used pages go first once the cache holds more than `maxBytes`. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.size;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, nonce: string, html: Buffer): CachedPage {
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    const page: CachedPage = { nonce, etag, html, encoded: new Map([['identity', html]]), bytes: html.length };
    this.remove(key);
    if (page.bytes <= this.maxBytes) {
      this.pages.set(key, page);
      this.size += page.bytes;
      this.trim();
    }
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
      if (this.pages.get(key) === page) {
        this.size += body.length;
        this.trim();
      }
    }
    return body;
  }

  private remove(key: string): void {
    const old = this.pages.get(key);
    if (!old) return;
    this.pages.delete(key);
    this.size -= old.bytes;
  }

  private trim(): void {
    for (const key of this.pages.keys()) {
      if (this.size <= this.maxBytes) return;
      this.remove(key);
    }
  }
}

function maxBytesFromEnv(): number {
  const megabytes = Number(process.env.PAGE_CACHE_MB ?? 32);
  return Number.isFinite(megabytes) && megabytes >= 0 ? megabytes * 1024 * 1024 : 32 * 1024 * 1024;
}

/** One per process; off in development, where the build changes under it. */
export const pageCache = process.env.NODE_ENV === 'production' ? new PageCache(maxBytesFromEnv()) : null;

/** Does If-None-Match name this page? */
export function isNotModified(request: Request, etag: string): boolean {
  const header = request.headers.get('If-None-Match');
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
