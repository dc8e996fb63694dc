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

describe('every cookie-authenticated write in the OpenAPI document', () => {
  /** Writes anyone may send: they take no session, so there is nothing to forge (the portal's forms carry a token anyway). */
  const PUBLIC_WRITES = [
    'POST /api/auth/login',
    'POST /api/auth/signup',
    'POST /api/auth/signup/resend',
    'POST /api/auth/signup/verify',
    'POST /api/auth/password-reset',
    'POST /api/auth/password-reset/confirm',
    'POST /api/auth/login/two-factor',
  ];

  async function documentedWrites(): Promise<{ operation: string; access: string }[]> {
    const document = await (await api.request('/api/docs-json')).json();
    return Object.entries(document.paths as Record<string, Record<string, { 'x-access'?: string }>>).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => !['get', 'head', 'options'].includes(method))
        .map(([method, operation]) => ({ operation: `${method.toUpperCase()} ${path}`, access: operation['x-access'] ?? 'none' })),
    );
  }

  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, (name) => (/id\}$/.test(name) ? '00000000-0000-4000-8000-000000000000' : 'onbekend'));

  it('takes no session only on the public writes and the data-source protocol', async () => {
    const writes = await documentedWrites();
    expect(writes.filter((write) => write.access === 'public').map((write) => write.operation).sort()).toEqual([...PUBLIC_WRITES].sort());
    expect(writes.filter((write) => write.access === 'datasource').every((write) => write.operation.includes('/api/datasource-protocol/'))).toBe(true);
    expect(writes.filter((write) => !['public', 'datasource', 'signed-in', 'permission'].includes(write.access))).toEqual([]);
  });

  it('refuses each one without the header and with a wrong one, and lets the right one past the check', async () => {
    const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const writes = (await documentedWrites()).filter((write) => write.access === 'signed-in' || write.access === 'permission');
    expect(writes.length).toBeGreaterThanOrEqual(14);
    const origin = new URL(api.baseUrl).origin;
    for (const { operation } of writes) {
      const [method, path] = operation.split(' ');
      // A platform admin holds every permission: only the CSRF check can refuse. Fresh per operation (logout ends a session).
      const admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
      const token = createCsrfToken(TEST_CSRF_SECRET, csrfBinding(admin.token));
      const send = (header?: string) =>
        api.request(concrete(path), {
          method,
          json: {},
          headers: { cookie: `access_token=${admin.token}; XSRF-TOKEN=${token}`, origin, ...(header === undefined ? {} : { 'x-xsrf-token': header }) },
        });
      for (const header of [undefined, `${token}x`, createCsrfToken(TEST_CSRF_SECRET, csrfBinding(null))]) {
        const refused = await send(header);
        expect(refused.status, `${operation} with ${header === undefined ? 'no header' : 'a wrong header'}`).toBe(403);
        expect(await refused.json(), operation).toEqual({ statusCode: 403, detail: DETAILS.csrf });
      }
      const passed = await send(token);
      const body = await passed.text();
      expect(body.includes(DETAILS.csrf), `${operation} with the right token: ${passed.status} ${body}`).toBe(false);
    }
  });
});
