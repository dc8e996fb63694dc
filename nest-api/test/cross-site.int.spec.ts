import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_INPUT_DETAILS, DETAILS } from '@datahub/domain';
import { createCsrfToken, csrfBinding } from '@datahub/domain/server';
import { startTestApi, TEST_CSRF_SECRET, type TestApi, type TestUser } from './harness';

/**
 * The spec's two state-changing GETs (new key, logout) obey no link from another site, and
 * answers that carry secrets or personal data are never stored by caches.
 */
let api: TestApi;
let owner: TestUser;
let datasourceId: string;

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrganization();
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  const created = await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kas' } });
  datasourceId = (await created.json()).datasource_id;
});
afterAll(() => api?.close());

const secretOf = async () => (await api.db.query('SELECT secret_encrypted FROM datasources WHERE id = $1', [datasourceId]))[0].secret_encrypted;
const sessionAlive = async (token: string) => (await api.request('/api/current_user', { token })).status === 200;

describe('GET /api/datasources/{id}/new-key', () => {
  it('refuses a cookie-authenticated call from another site and keeps the key', async () => {
    const before = await secretOf();
    const response = await api.request(`/api/datasources/${datasourceId}/new-key`, {
      headers: { cookie: `access_token=${owner.token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ statusCode: 403, detail: BAD_INPUT_DETAILS.crossSite });
    expect(await secretOf()).toBe(before);
  });

  it('refuses a cookie-authenticated call without the anti-forgery header (old browsers send no Sec-Fetch-Site)', async () => {
    const before = await secretOf();
    const response = await api.request(`/api/datasources/${datasourceId}/new-key`, { headers: { cookie: `access_token=${owner.token}` } });
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toBe(DETAILS.csrf);
    expect(await secretOf()).toBe(before);
  });

  it('rotates for a same-origin call with the anti-forgery header, and for a bearer token; never cached', async () => {
    const valid = createCsrfToken(TEST_CSRF_SECRET, csrfBinding(owner.token));
    const before = await secretOf();
    const viaCookie = await api.request(`/api/datasources/${datasourceId}/new-key`, {
      headers: {
        cookie: `access_token=${owner.token}; XSRF-TOKEN=${valid}`,
        'x-xsrf-token': valid,
        'sec-fetch-site': 'same-origin',
        referer: `${api.baseUrl}/databronnen`,
      },
    });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.headers.get('cache-control')).toBe('no-store');
    const middle = await secretOf();
    expect(middle).not.toBe(before);
    const viaBearer = await api.request(`/api/datasources/${datasourceId}/new-key`, { token: owner.token });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.headers.get('cache-control')).toBe('no-store');
    expect(await secretOf()).not.toBe(middle);
  });
});

describe('GET /api/logout', () => {
  it('does not end the session when another site links to it', async () => {
    const { token } = await api.createUser({ organizationId: owner.organizationId });
    const response = await api.request('/api/logout', { headers: { cookie: `access_token=${token}`, 'sec-fetch-site': 'cross-site' } });
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toBe(BAD_INPUT_DETAILS.crossSite);
    expect(await sessionAlive(token)).toBe(true);
  });

  it('ends it from our own pages (the portal’s no-JavaScript form)', async () => {
    const { token } = await api.createUser({ organizationId: owner.organizationId });
    const response = await api.request('/api/logout', { headers: { cookie: `access_token=${token}`, 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(302);
    expect(await sessionAlive(token)).toBe(false);
  });
});

describe('Cache-Control', () => {
  it.each(['/api/current_user', '/api/users', `/api/users/{self}`, '/api/my-datasources'])('answers %s with no-store', async (path) => {
    const response = await api.request(path.replace('{self}', owner.id), { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers sign-in with no-store (it carries the access token)', async () => {
    const response = await api.request('/api/auth/login', { method: 'POST', json: { email: 'niemand@example.test', password: 'onjuist-wachtwoord' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
