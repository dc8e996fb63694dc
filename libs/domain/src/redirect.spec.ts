import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths', () => {
    expect(safeRedirectPath('/profiel')).toBe('/profiel');
    expect(safeRedirectPath('/datasets?q=kas#top')).toBe('/datasets?q=kas#top');
  });

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/%0d%0aSet-Cookie:x',
    'profiel',
    '',
    undefined,
    42,
  ])('refuses %s', (target) => {
    const result = safeRedirectPath(target);
    expect(result.startsWith('/')).toBe(true);
    expect(result.startsWith('//')).toBe(false);
    expect(result).not.toContain('evil');
  });
});
