import { describe, expect, it } from 'vitest';
import { createCsrfToken, csrfBinding, isSameOrigin, verifyCsrfToken } from './csrf';

describe('csrf tokens', () => {
  const secret = 'x'.repeat(32);

  it('verifies a token for the session it was made for only', () => {
    const binding = csrfBinding('token-a');
    const token = createCsrfToken(secret, binding);
    expect(verifyCsrfToken(secret, binding, token)).toBe(true);
    expect(verifyCsrfToken(secret, csrfBinding('token-b'), token)).toBe(false);
    expect(verifyCsrfToken(secret, csrfBinding(null), token)).toBe(false);
    expect(verifyCsrfToken('y'.repeat(32), binding, token)).toBe(false);
  });

  it('refuses tampered and missing tokens', () => {
    const binding = csrfBinding(null);
    const token = createCsrfToken(secret, binding);
    expect(verifyCsrfToken(secret, binding, `${token}x`)).toBe(false);
    expect(verifyCsrfToken(secret, binding, `a${token}`)).toBe(false);
    expect(verifyCsrfToken(secret, binding, '')).toBe(false);
    expect(verifyCsrfToken(secret, binding, undefined)).toBe(false);
  });

  it('checks the origin against the host', () => {
    expect(isSameOrigin('http://localhost:3000', undefined, 'localhost:3000')).toBe(true);
    expect(isSameOrigin('https://evil.example', undefined, 'localhost:3000')).toBe(false);
    expect(isSameOrigin(undefined, 'https://evil.example/x', 'localhost:3000')).toBe(false);
    expect(isSameOrigin('null', undefined, 'localhost:3000')).toBe(false);
  });
});
