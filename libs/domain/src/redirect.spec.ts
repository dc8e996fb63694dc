import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/profiel', '/profiel'],
    ['/datasets?q=kas#top', '/datasets?q=kas#top'],
    ['/datasets?q=%C3%A9n', '/datasets?q=%C3%A9n'],
    ['/a/../profiel', '/profiel'],
    ['/./profiel', '/profiel'],
    ['/datasets/a%2Fb', '/datasets/a%2Fb'],
    ['/datasets?q=a%2F%2Fb', '/datasets?q=a%2F%2Fb'],
  ])('keeps the same-origin path %s as %s', (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'HTTPS://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x',
    '/profiel%0ASet-Cookie:x',
    '/%00',
    '/\r\nSet-Cookie:x',
    'profiel',
    '',
    // Issue 19: dot segments and encodings that a browser turns into '//host'.
    '/./%2F%2Fevil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5C/evil.example',
    '/%5c%5cevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%2E/%2F/evil.example',
    '/%2e%2e//evil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/a/../..//evil.example',
    '/./%2F%5Cevil.example',
    '/%2F\\evil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/\n/evil.example',
    '/%0A/evil.example',
    '/\r/evil.example',
    '/\t./%2F/evil.example',
    '/%zz',
    '/' + 'a'.repeat(2001),
    undefined,
    42,
  ])('refuses %s: the fallback exactly', (target) => {
    expect(safeRedirectPath(target)).toBe('/');
    expect(safeRedirectPath(target, '/inloggen')).toBe('/inloggen');
  });
});
