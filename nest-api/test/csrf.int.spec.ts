import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { createCsrfToken, csrfBinding } from '@datahub/domain/server';
import { startTestApi, TEST_CSRF_SECRET, type TestApi, type TestUser } from './harness';

let api: TestApi;
let user: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrganization();
  user = await api.createUser({ organizationId: organization.id });
});
afterAll(() => api?.close());

function cookieRequest(headers: Record<string, string>) {
  return api.request(`/api/users/${user.id}`, {
    method: 'PUT',
    json: { firstname: 'Via cookie' },
    headers: { cookie: `access_token=${user.token}`, ...headers },
  });
}

const firstname = async () => (await api.db.query('SELECT firstname FROM users WHERE id = $1', [user.id]))[0].firstname;

describe('CSRF protection of cookie-authenticated writes', () => {
  it('refuses a write without the X-XSRF-TOKEN header', async () => {
    const response = await cookieRequest({});
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ statusCode: 403, detail: DETAILS.csrf });
    expect(await firstname()).toBe('Test');
  });

  it('refuses a header that does not match the cookie, or is bound to another session', async () => {
    const valid = createCsrfToken(TEST_CSRF_SECRET, csrfBinding(user.token));
    const anonymous = createCsrfToken(TEST_CSRF_SECRET, csrfBinding(null));
    const mismatch = await cookieRequest({ cookie: `access_token=${user.token}; XSRF-TOKEN=${valid}`, 'x-xsrf-token': `${valid}x` });
    expect(mismatch.status).toBe(403);
    expect(await mismatch.json()).toEqual({ statusCode: 403, detail: DETAILS.csrf });
    const unbound = await cookieRequest({ cookie: `access_token=${user.token}; XSRF-TOKEN=${anonymous}`, 'x-xsrf-token': anonymous });
    expect(unbound.status).toBe(403);
    expect(await unbound.json()).toEqual({ statusCode: 403, detail: DETAILS.csrf });
    expect(await firstname()).toBe('Test');
  });

  it('refuses a foreign Origin even with a valid token', async () => {
    const valid = createCsrfToken(TEST_CSRF_SECRET, csrfBinding(user.token));
    const response = await cookieRequest({
      cookie: `access_token=${user.token}; XSRF-TOKEN=${valid}`,
      'x-xsrf-token': valid,
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ statusCode: 403, detail: DETAILS.badOrigin });
    expect(await firstname()).toBe('Test');
  });

  it('accepts a same-origin write with the signed token', async () => {
    const valid = createCsrfToken(TEST_CSRF_SECRET, csrfBinding(user.token));
    const response = await cookieRequest({
      cookie: `access_token=${user.token}; XSRF-TOKEN=${valid}`,
      'x-xsrf-token': valid,
      origin: new URL(api.baseUrl).origin,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).firstname).toBe('Via cookie');
    expect(await firstname()).toBe('Via cookie');
  });

  it('does not ask bearer clients for a CSRF token', async () => {
    const response = await api.request(`/api/users/${user.id}`, { method: 'PUT', token: user.token, json: { firstname: 'Bearer' } });
    expect(response.status).toBe(200);
    expect((await response.json()).firstname).toBe('Bearer');
    expect(await firstname()).toBe('Bearer');
  });
});
