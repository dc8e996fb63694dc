import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@datahub/domain';
import { createCsrfToken, csrfBinding } from '@datahub/domain/server';
import { ensureCsrfToken, isValidCsrf, requireValidCsrf } from './csrf.server';

const SECRET = 'unit-test-csrf-secret-0123456789abcdef';

beforeAll(() => {
  process.env.CSRF_SECRET = SECRET;
});

function post(fields: Record<string, string>, headers: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return { request: new Request('http://portal.test/profiel', { method: 'POST', headers }), form };
}

describe('ensureCsrfToken', () => {
  it('keeps a valid cookie and replaces one made for another session', () => {
    const anonymous = createCsrfToken(SECRET, csrfBinding(null));
    const kept = ensureCsrfToken(new Request('http://portal.test/', { headers: { Cookie: `XSRF-TOKEN=${anonymous}` } }));
    expect(kept).toEqual({ token: anonymous, setCookie: null });

    const signedIn = new Request('http://portal.test/', {
      headers: { Cookie: `access_token=tok; XSRF-TOKEN=${anonymous}` },
    });
    const fresh = ensureCsrfToken(signedIn);
    expect(fresh.token).not.toBe(anonymous);
    expect(fresh.setCookie).toMatch(/^XSRF-TOKEN=[^;]+; Path=\/; SameSite=Lax$/);
    expect(fresh.setCookie).not.toContain('HttpOnly');
  });

  it('marks the cookie Secure on https', () => {
    expect(ensureCsrfToken(new Request('https://portal.test/')).setCookie).toContain('; Secure');
  });
});

describe('requireValidCsrf', () => {
  const token = createCsrfToken(SECRET, csrfBinding('tok'));
  const cookie = `access_token=tok; XSRF-TOKEN=${token}`;

  it('accepts the field equal to a valid cookie from our own origin', () => {
    const { request, form } = post({ csrf: token }, { Cookie: cookie, Origin: 'http://portal.test' });
    expect(isValidCsrf(request, form)).toBe(true);
    expect(requireValidCsrf(request, form)).toBeNull();
  });

  it.each([
    ['a missing field', {}, { Cookie: cookie }],
    ['a field unlike the cookie', { csrf: `${token}x` }, { Cookie: cookie }],
    ['a token of another session', { csrf: token }, { Cookie: `access_token=other; XSRF-TOKEN=${token}` }],
    ['a foreign origin', { csrf: token }, { Cookie: cookie, Origin: 'https://evil.example' }],
    ['a foreign referer', { csrf: token }, { Cookie: cookie, Referer: 'https://evil.example/form' }],
  ])('refuses %s with the Dutch text and the input kept', (_case, fields, headers) => {
    const { request, form } = post({ ...fields, firstname: 'Jan', password: 'x' }, headers);
    const refused = requireValidCsrf(request, form);
    expect(refused?.init?.status).toBe(403);
    expect(refused?.data).toEqual({ formError: ERROR_TEXTS.csrf, values: { firstname: 'Jan' } });
  });
});
