import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { accessTokenCookie, clearedSessionCookies, flowCookie, sessionSeenCookie, twoFactorChallengeCookie } from './cookies';
import { readCookie } from './credentials';

/** The cookie's name=value and its attributes, in any order (what a browser keeps). */
function attributes(line: string): string[] {
  const [pair, ...rest] = line.split('; ');
  return [pair, ...rest.sort()];
}

const NOW = Date.parse('2026-11-27T12:00:00Z');
const IN_AN_HOUR = '2026-11-27T13:00:00.000Z';

describe('Set-Cookie headers of the API', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Written by the hand-built serialiser before the move to the `cookie` package; the attributes must stay these.
  it('keeps the attributes of every session cookie', () => {
    expect(attributes(accessTokenCookie('eyJ.a-b_c', IN_AN_HOUR, true))).toEqual(attributes('access_token=eyJ.a-b_c; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600; Secure'));
    expect(attributes(accessTokenCookie('eyJ.a-b_c', IN_AN_HOUR, false))).toEqual(attributes('access_token=eyJ.a-b_c; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600'));
    expect(attributes(sessionSeenCookie(IN_AN_HOUR, false, 'hint_1'))).toEqual(attributes('sessie=hint_1; Path=/; HttpOnly; SameSite=Lax; Max-Age=' + String(3600 + 7 * 24 * 3600)));
    expect(attributes(twoFactorChallengeCookie('ch-1', true))).toEqual(attributes('dh_tweede_stap=ch-1; Path=/; HttpOnly; SameSite=Lax; Max-Age=300; Secure'));
    expect(clearedSessionCookies(true).map(attributes)).toEqual(
      [
        'access_token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
        'XSRF-TOKEN=; Path=/; SameSite=Lax; Max-Age=0; Secure',
        'sessie=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
      ].map(attributes),
    );
    expect(attributes(flowCookie('p.m', 600, false))).toEqual(attributes('oauth_flow=p.m; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=600'));
    expect(attributes(accessTokenCookie('eyJ.a', '2026-11-27T11:00:00Z', false))).toContain('Max-Age=0');
  });
});

describe('reading cookies', () => {
  const request = (cookie: string) => ({ headers: { cookie } }) as FastifyRequest;

  it('reads a Cookie header as the portal does: first one wins, a value with broken percent-encoding kept as sent', () => {
    const header = 'a=1; access_token=eyJ.x-y_z; b=%2Fpad; a=2; broken; x=%E0%A4%A';
    expect(readCookie(request(header), 'a')).toBe('1');
    expect(readCookie(request(header), 'access_token')).toBe('eyJ.x-y_z');
    expect(readCookie(request(header), 'b')).toBe('/pad');
    expect(readCookie(request(header), 'x')).toBe('%E0%A4%A');
    expect(readCookie(request(header), 'broken')).toBeUndefined();
  });
});
