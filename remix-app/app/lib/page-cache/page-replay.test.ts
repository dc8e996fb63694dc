import type { Request as ExpressRequest } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestKeyOf } from './page-replay.server';

/** Just what the replay key reads of an Express request. */
function request(url = '/machtigingen', cookie = 'access_token=a'): ExpressRequest {
  const headers: Record<string, string> = { host: 'portal.test', cookie };
  return { protocol: 'http', originalUrl: url, get: (name: string) => headers[name.toLowerCase()] } as unknown as ExpressRequest;
}

describe('the key of a replayed page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('changes when the date changes in Amsterdam, and not before (a page may show expiry notes)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T22:30:00Z')); // 23:30 in Amsterdam (CET)
    const evening = requestKeyOf(request(), false);
    vi.setSystemTime(new Date('2026-11-25T22:59:59Z'));
    expect(requestKeyOf(request(), false)).toBe(evening);
    vi.setSystemTime(new Date('2026-11-25T23:00:01Z')); // already 26 November in Amsterdam, still the 25th in UTC
    expect(requestKeyOf(request(), false)).not.toBe(evening);
  });

  it('differs per URL, per cookie and for bots', () => {
    const base = requestKeyOf(request(), false);
    expect(requestKeyOf(request(), false)).toBe(base);
    expect(requestKeyOf(request('/profiel'), false)).not.toBe(base);
    expect(requestKeyOf(request('/machtigingen', 'access_token=b'), false)).not.toBe(base);
    expect(requestKeyOf(request(), true)).not.toBe(base);
  });
});
