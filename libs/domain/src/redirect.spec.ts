import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/profiel', '/profiel'],
    ['/datasets?q=kas#top', '/datasets?q=kas#top'],
    ['/datasets?q=%C3%A9n', '/datasets?q=%C3%A9n'],
    ['/a/../profiel', '/profiel'],
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
    '/' + 'a'.repeat(2001),
    undefined,
    42,
  ])('refuses %s: the fallback exactly', (target) => {
    expect(safeRedirectPath(target)).toBe('/');
    expect(safeRedirectPath(target, '/inloggen')).toBe('/inloggen');
  });
});
