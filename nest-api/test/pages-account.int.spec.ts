import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let deltaOwner: TestUser;
let westMember: TestUser;

const json = async (path: string, user: TestUser) => {
  const response = await api.request(path, { token: user.token });
  expect(response.status, path).toBe(200);
  return response.json();
};

const personalToken = async (user: TestUser, name: string) => {
  const response = await api.request('/api/profile/api-tokens', { method: 'POST', token: user.token, json: { name, scopes: ['catalogue:read'], expires_in_days: 30 } });
  expect(response.status).toBe(201);
};

beforeAll(async () => {
  api = await startTestApi();
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  westMember = await api.createUser({ organizationId: west.id, email: 'lid@west.test' });
  await personalToken(deltaOwner, 'Notebook Delta');
  await personalToken(westMember, 'Notebook West');
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/pages/profile', () => {
  it('answers what the separate reads answer, for the caller only', async () => {
    for (const user of [deltaOwner, westMember]) {
      const page = await json('/api/pages/profile', user);
      expect(page).toEqual({
        user: await json('/api/current_user', user),
        rating: await json('/api/ratings/state', user),
        api_tokens: await json('/api/profile/api-tokens', user),
        has_password: (await json('/api/auth/password', user)).has_password,
        two_factor: await json('/api/auth/two-factor', user),
        enrolment: null,
      });
    }
    // Another user's tokens never show: each sees only their own.
    expect((await json('/api/pages/profile', westMember)).api_tokens.map((token: { name: string }) => token.name)).toEqual(['Notebook West']);
    expect((await api.request('/api/pages/profile')).status).toBe(401);
  });

  it('carries the pending enrolment GET /api/auth/two-factor/enrolment answers, and is named by an ETag', async () => {
    expect((await api.request('/api/auth/two-factor/enrolment', { method: 'POST', token: deltaOwner.token })).status).toBe(204);
    const page = await json('/api/pages/two-factor', deltaOwner);
    expect(page.two_factor.pending).toBe(true);
    expect(page.enrolment).toEqual(await json('/api/auth/two-factor/enrolment', deltaOwner));
    expect((await json('/api/pages/profile', deltaOwner)).enrolment).toEqual(page.enrolment);
    const first = await api.request('/api/pages/two-factor', { token: deltaOwner.token });
    const etag = first.headers.get('etag');
    expect((await api.request('/api/pages/two-factor', { token: deltaOwner.token, headers: { 'If-None-Match': etag! } })).status).toBe(304);
    // The other organisation's member sees no enrolment of theirs.
    expect((await json('/api/pages/two-factor', westMember)).enrolment).toBeNull();
  });
});
