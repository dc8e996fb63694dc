import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter (fixed windows)', () => {
  const WINDOW = 15 * 60_000;
  const start = 1_700_000_000_000;

  it('allows exactly `limit` hits in a window, then refuses', () => {
    const limiter = new RateLimiter(WINDOW);
    const seen: boolean[] = [];
    for (let hit = 0; hit < 4; hit += 1) {
      seen.push(limiter.isAllowed('login:ip:192.0.2.1', 3, start + hit));
      limiter.hit('login:ip:192.0.2.1', start + hit);
    }
    expect(seen).toEqual([true, true, true, false]);
  });

  it('starts a fresh window when the old one ends, not before', () => {
    const limiter = new RateLimiter(WINDOW);
    for (let hit = 0; hit < 3; hit += 1) limiter.hit('k', start);
    expect(limiter.isAllowed('k', 3, start + WINDOW - 1)).toBe(false);
    expect(limiter.isAllowed('k', 3, start + WINDOW)).toBe(true);
    // A hit after the end counts as the first of a new window.
    limiter.hit('k', start + WINDOW);
    expect(limiter.isAllowed('k', 2, start + WINDOW)).toBe(true);
    limiter.hit('k', start + WINDOW + 1);
    expect(limiter.isAllowed('k', 2, start + WINDOW + 1)).toBe(false);
    // The new window runs from its first hit, not from the old window's end.
    expect(limiter.isAllowed('k', 2, start + 2 * WINDOW - 1)).toBe(false);
    expect(limiter.isAllowed('k', 2, start + 2 * WINDOW)).toBe(true);
  });

  it('counts keys apart, and reset clears one key only', () => {
    const limiter = new RateLimiter(WINDOW);
    for (let hit = 0; hit < 2; hit += 1) {
      limiter.hit('a', start);
      limiter.hit('b', start);
    }
    expect(limiter.isAllowed('a', 2, start)).toBe(false);
    expect(limiter.isAllowed('c', 2, start)).toBe(true);
    limiter.reset('a');
    expect(limiter.isAllowed('a', 2, start)).toBe(true);
    expect(limiter.isAllowed('b', 2, start)).toBe(false);
  });

  it('forgets ended windows when it grows large, keeping the open ones', () => {
    const limiter = new RateLimiter(WINDOW);
    limiter.hit('open', start + WINDOW);
    limiter.hit('open', start + WINDOW);
    for (let key = 0; key < 50_001; key += 1) limiter.hit(`old-${key}`, start);
    limiter.hit('trigger', start + WINDOW + 1);
    expect(limiter.isAllowed('open', 2, start + WINDOW + 2)).toBe(false);
    expect(limiter.isAllowed('old-1', 1, start + WINDOW + 2)).toBe(true);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThan(10);
  });
});
