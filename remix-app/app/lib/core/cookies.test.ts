import { describe, expect, it } from 'vitest';
import { parseCookies, secondsUntil, serializeCookie } from './cookies';

describe('parseCookies', () => {
  it('reads raw and encoded values, first one wins', () => {
    const cookies = parseCookies('a=1; access_token=eyJ.x-y_z; b=%2Fpad; a=2; broken; c="q"');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('access_token')).toBe('eyJ.x-y_z');
    expect(cookies.get('b')).toBe('/pad');
    // Quotes are kept, as nest-api reads them (both through the `cookie` package); the portal sets no quoted value.
    expect(cookies.get('c')).toBe('"q"');
    expect(cookies.has('broken')).toBe(false);
  });

  it('survives bad percent-encoding and missing headers', () => {
    expect(parseCookies('x=%E0%A4%A').get('x')).toBe('%E0%A4%A');
    expect(parseCookies(null).size).toBe(0);
  });
});

describe('serializeCookie', () => {
  /** name=value first, then the attributes in any order (what a browser keeps). */
  const attributes = (line: string) => {
    const [pair, ...rest] = line.split('; ');
    return [pair, ...rest.sort()];
  };

  // The strings the hand-built serialiser wrote before the move to the `cookie` package; the attributes must stay these.
  it('writes the attributes of the access token cookie', () => {
    expect(attributes(serializeCookie('access_token', 'abc', { httpOnly: true, secure: true, maxAge: 60.9 }))).toEqual(
      attributes('access_token=abc; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=Lax'),
    );
    expect(attributes(serializeCookie('XSRF-TOKEN', 'v.1', { path: '/', maxAge: 3600 }))).toEqual(attributes('XSRF-TOKEN=v.1; Path=/; Max-Age=3600; SameSite=Lax'));
  });

  it('expires a cookie with Max-Age 0', () => {
    expect(attributes(serializeCookie('access_token', '', { maxAge: 0, httpOnly: true }))).toEqual(
      attributes('access_token=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax'),
    );
  });

  it('encodes values and refuses odd names', () => {
    expect(serializeCookie('x', 'a;b c')).toMatch(/^x=a%3Bb%20c;/);
    expect(() => serializeCookie('x;y', 'v')).toThrow();
  });
});

describe('secondsUntil', () => {
  it('counts down to an ISO date, never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsUntil('2026-01-01T08:00:00Z', now)).toBe(8 * 3600);
    expect(secondsUntil('2025-12-31T00:00:00Z', now)).toBe(0);
    expect(secondsUntil('geen datum', now)).toBe(0);
  });
});
