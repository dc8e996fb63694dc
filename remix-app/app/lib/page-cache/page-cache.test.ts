import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { EntryContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, PageCache, pageKey } from './page-cache.server';

/** Just what pageKey reads of Remix's entry context. */
function context(loaderData: Record<string, unknown>, extra: { errors?: unknown; actionData?: unknown } = {}): EntryContext {
  return {
    isSpaMode: false,
    staticHandlerContext: {
      matches: Object.keys(loaderData).map((id) => ({ route: { id } })),
      loaderData,
      errors: extra.errors ?? null,
      actionData: extra.actionData ?? null,
    },
  } as unknown as EntryContext;
}

const get = (url = 'http://portal.test/datasets') => new Request(url);
const key = (data: Record<string, unknown>, request = get(), headers = new Headers()) => pageKey(request, 200, headers, context(data), false);

describe('the key of a rendered page', () => {
  it('changes with the URL and with any loader data, and only then', () => {
    const base = key({ root: { csrf: 'a' }, 'routes/_shell': { user: 'Ans' } });
    expect(base).toBe(key({ root: { csrf: 'a' }, 'routes/_shell': { user: 'Ans' } }));
    expect(key({ root: { csrf: 'a' }, 'routes/_shell': { user: 'Bob' } })).not.toBe(base);
    expect(key({ root: { csrf: 'b' }, 'routes/_shell': { user: 'Ans' } })).not.toBe(base);
    expect(key({ root: { csrf: 'a' }, 'routes/_shell': { user: 'Ans' } }, get('http://portal.test/datasets?q=x'))).not.toBe(base);
    // A missing field and an undefined one may render differently: they are not the same data.
    expect(key({ root: { csrf: 'a', flash: undefined } })).not.toBe(key({ root: { csrf: 'a' } }));
  });

  it('is refused for anything a render might not repeat byte for byte', () => {
    expect(pageKey(new Request('http://portal.test/x', { method: 'POST' }), 200, new Headers(), context({ root: {} }), false)).toBeNull();
    expect(pageKey(get(), 404, new Headers(), context({ root: {} }), false)).toBeNull();
    expect(key({ root: {} }, get(), new Headers({ 'Set-Cookie': '__flash=; Max-Age=0' }))).toBeNull();
    expect(pageKey(get(), 200, new Headers(), context({ root: {} }, { errors: { root: 'x' } }), false)).toBeNull();
    expect(pageKey(get(), 200, new Headers(), context({ root: {} }, { actionData: { ok: true } }), false)).toBeNull();
    // Values JSON would blur into something else.
    expect(key({ root: { at: new Date(0) } })).toBeNull();
    expect(key({ root: { list: new Map() } })).toBeNull();
    expect(key({ root: { later: Promise.resolve(1) } })).toBeNull();
    expect(key({ root: { n: Number.NaN } })).toBeNull();
  });
});

describe('the encoding sent', () => {
  it('is brotli, then gzip, as the browser allows', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('deflate')).toBe('identity');
    expect(acceptedEncoding(null)).toBe('identity');
  });
});

describe('the page cache', () => {
  it('keeps pages with their nonce and compresses each encoding once', async () => {
    const cache = new PageCache(1024 * 1024);
    const html = Buffer.from('<html>'.padEnd(5000, 'x'));
    const page = cache.set('k', 'nonce-1', html);
    expect(cache.get('k')).toBe(page);
    expect(page.nonce).toBe('nonce-1');
    const br = await cache.encoded('k', page, 'br');
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(await cache.encoded('k', page, 'br')).toBe(br);
    expect(gunzipSync(await cache.encoded('k', page, 'gzip')).equals(html)).toBe(true);
    expect(cache.bytes).toBe(page.bytes);
  });

  it('drops the least recently used pages beyond its bound', () => {
    const cache = new PageCache(2500);
    cache.set('a', 'n', Buffer.alloc(1000));
    cache.set('b', 'n', Buffer.alloc(1000));
    cache.get('a');
    cache.set('c', 'n', Buffer.alloc(1000));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(2000);
    // Larger than the whole bound: served, not kept.
    cache.set('huge', 'n', Buffer.alloc(3000));
    expect(cache.get('huge')).toBeUndefined();
  });
});
