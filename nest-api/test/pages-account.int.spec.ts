import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let delta: { id: string; slug: string };
let west: { id: string; slug: string };
let deltaOwner: TestUser;
let deltaMember: TestUser;
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
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  deltaMember = await api.createUser({ organizationId: delta.id, email: 'lid@delta.test' });
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

describe('GET /api/pages/my-organization', () => {
  it("answers the organisation page of one's own with its tokens and webhooks, each as its separate read, to those who may read them", async () => {
    const made = await api.request(`/api/organizations/${delta.id}/api-tokens`, { method: 'POST', token: deltaOwner.token, json: { name: 'Kasdashboard', scopes: ['catalogue:read'], expires_in_days: 30 } });
    expect(made.status).toBe(201);
    const hook = await api.request(`/api/organizations/${delta.id}/webhooks`, { method: 'POST', token: deltaOwner.token, json: { url: 'https://93.184.216.34/haak', kinds: ['dataset.online'] } });
    expect(hook.status).toBe(201);
    const page = await json('/api/pages/my-organization', deltaOwner);
    const webhooks = await json(`/api/organizations/${delta.id}/webhooks`, deltaOwner);
    expect(page).toEqual({
      ...(await json(`/api/pages/organization/${delta.slug}`, deltaOwner)),
      api_tokens: await json(`/api/organizations/${delta.id}/api-tokens`, deltaOwner),
      member_api_tokens: await json(`/api/organizations/${delta.id}/member-api-tokens`, deltaOwner),
      webhooks: await Promise.all(webhooks.map(async (webhook: { id: string }) => ({ ...webhook, deliveries: await json(`/api/organizations/${delta.id}/webhooks/${webhook.id}/deliveries`, deltaOwner) }))),
    });
    expect(page.api_tokens.map((token: { name: string }) => token.name)).toEqual(['Kasdashboard']);
    // A plain member may read neither (those reads answer 403): null, not the owner's lists.
    expect((await api.request(`/api/organizations/${delta.id}/api-tokens`, { token: deltaMember.token })).status).toBe(403);
    const member = await json('/api/pages/my-organization', deltaMember);
    expect([member.api_tokens, member.member_api_tokens, member.webhooks]).toEqual([null, null, null]);
    // Another organisation's owner gets their own organisation, never Delta's tokens.
    const other = await json('/api/pages/my-organization', westMember);
    expect(other.organization.organization_id).toBe(west.id);
  });
});

describe('GET /api/pages/users/{slug} and /api/pages/user/{id}', () => {
  it('answers the users and invitations the separate reads answer, and refuses as they do', async () => {
    expect((await api.request('/api/invitations', { method: 'POST', token: deltaOwner.token, json: { email: 'nieuw@delta.test' } })).status).toBe(201);
    const page = await json(`/api/pages/users/${delta.slug}`, deltaOwner);
    expect(page).toEqual({
      user: await json('/api/current_user', deltaOwner),
      organization: await json(`/api/organizations/${delta.slug}`, deltaOwner),
      users: await json(`/api/organizations/${delta.slug}/users`, deltaOwner),
      invitations: await json('/api/invitations', deltaOwner),
    });
    expect(page.invitations.map((row: { email: string }) => row.email)).toEqual(['nieuw@delta.test']);
    expect(await json('/api/pages/my-users', deltaOwner)).toEqual(page);
    // A member who may not invite gets no invitations (GET /api/invitations answers 403).
    expect((await json(`/api/pages/users/${delta.slug}`, deltaMember)).invitations).toBeNull();
    // Another organisation: refused as GET /api/organizations/{slug}/users refuses it.
    expect((await api.request(`/api/organizations/${delta.slug}/users`, { token: westMember.token })).status).toBe(403);
    expect((await api.request(`/api/pages/users/${delta.slug}`, { token: westMember.token })).status).toBe(403);

    const user = await json(`/api/pages/user/${deltaMember.id}`, deltaOwner);
    expect(user).toEqual({ user: await json('/api/current_user', deltaOwner), target: await json(`/api/users/${deltaMember.id}`, deltaOwner), roles: await json(`/api/users/${deltaMember.id}/roles`, deltaOwner) });
    expect((await api.request(`/api/pages/user/${deltaMember.id}`, { token: westMember.token })).status).toBe(404);
  });
});

describe('GET /api/pages/home and /api/pages/new-authorisation', () => {
  it('answers what the separate reads answer; the grant form only to those who may grant', async () => {
    expect(await json('/api/pages/home', deltaOwner)).toEqual({
      user: await json('/api/current_user', deltaOwner),
      applications: await json('/api/applications', deltaOwner),
      welcome: (await json('/api/profile/welcome', deltaOwner)).show,
    });
    expect(await json('/api/pages/new-authorisation', deltaOwner)).toEqual({
      user: await json('/api/current_user', deltaOwner),
      datasets: await json('/api/my-datasets', deltaOwner),
      organizations: await json('/api/authorisation-assignees', deltaOwner),
    });
    // A plain member may not grant: GET /api/authorisation-assignees answers 403, the form gets nothing.
    expect((await api.request('/api/authorisation-assignees', { token: deltaMember.token })).status).toBe(403);
    const member = await json('/api/pages/new-authorisation', deltaMember);
    expect([member.datasets, member.organizations]).toEqual([null, null]);
  });
});

describe('GET /api/pages/logbook', () => {
  it("answers GET /api/audit-log's page with the filter form's choices, its field errors as data, and refuses whom the separate reads refuse", async () => {
    const filters = 'from=2026-01-01';
    expect(await json(`/api/pages/logbook?${filters}`, deltaOwner)).toEqual({
      audit: await json(`/api/audit-log?${filters}`, deltaOwner),
      errors: null,
      datasets: await json('/api/my-datasets', deltaOwner),
      organizations: await json('/api/authorisation-assignees', deltaOwner),
    });
    // A filter that cannot be read: the separate read answers 422 with Dutch field errors; the page carries them.
    const refused = await api.request('/api/audit-log?from=gisteren', { token: deltaOwner.token });
    expect(refused.status).toBe(422);
    const page = await json('/api/pages/logbook?from=gisteren', deltaOwner);
    expect([page.audit, page.errors]).toEqual([null, (await refused.json()).errors]);
    // A plain member may not read the trail.
    expect((await api.request('/api/audit-log', { token: deltaMember.token })).status).toBe(403);
    expect((await api.request('/api/pages/logbook', { token: deltaMember.token })).status).toBe(403);
  });
});
