import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { ChangeNotifications } from '../src/cache/change-notifications';
import { startTestApi, type TestApi, type TestUser } from './harness';

/** API tokens (issue 21): created, listed, revoked; accepted only where a route declares their scope. */
let api: TestApi;
let organization: { id: string; slug: string };
let owner: TestUser;
let member: TestUser;

type Made = { id: string; token: string; scopes: string[] };

async function makeOrganizationToken(scopes: string[], name = 'Dashboard'): Promise<Made> {
  const response = await api.request(`/api/organizations/${organization.id}/api-tokens`, {
    method: 'POST',
    token: owner.token,
    json: { name, scopes, expires_in_days: 30 },
  });
  expect(response.status).toBe(201);
  return response.json();
}

async function makePersonalToken(user: TestUser, scopes: string[]): Promise<Made> {
  const response = await api.request('/api/profile/api-tokens', { method: 'POST', token: user.token, json: { name: 'Notebook', scopes, expires_in_days: 90 } });
  expect(response.status).toBe(201);
  return response.json();
}

/** A write straight to the database, then what the API's own write path does: wait until every process heard of it. */
async function write(sql: string, values: unknown[]): Promise<void> {
  await api.db.query(sql, values);
  await api.app.get(ChangeNotifications).sync();
}

beforeAll(async () => {
  api = await startTestApi();
  organization = await api.createOrganization({ name: 'Kwekerij Token' });
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  member = await api.createUser({ organizationId: organization.id });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('API tokens', () => {
  it('creates a token whose secret is shown once, stores only its SHA-256, and lists it without the secret', async () => {
    const made = await makeOrganizationToken(['catalogue:read'], 'Kasdashboard');
    expect(made.token).toMatch(/^dht_[A-Za-z0-9_-]{43}$/);
    const [row] = await api.db.query('SELECT * FROM api_tokens WHERE id = $1', [made.id]);
    expect(Buffer.from(row.secret_hash).equals(createHash('sha256').update(made.token).digest())).toBe(true);
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4));
    const listed = await (await api.request(`/api/organizations/${organization.id}/api-tokens`, { token: owner.token })).json();
    const entry = listed.find((t: { id: string }) => t.id === made.id);
    expect(entry).toMatchObject({ name: 'Kasdashboard', scopes: ['catalogue:read'], kind: 'organization', last_used_at: null });
    expect(JSON.stringify(listed)).not.toContain(made.token);
    // A member without ApiToken.Manage may not see or make the organisation's tokens.
    expect((await api.request(`/api/organizations/${organization.id}/api-tokens`, { token: member.token })).status).toBe(403);
  });

  it('reads within its scope, is refused outside it, and records its last use', async () => {
    const catalogue = await makeOrganizationToken(['catalogue:read']);
    const data = await makeOrganizationToken(['data:read']);
    expect((await api.request('/api/datasets', { token: catalogue.token })).status).toBe(200);
    const wrongScope = await api.request('/api/datasets', { token: data.token });
    expect(wrongScope.status).toBe(403);
    expect((await wrongScope.json()).detail).toBe(DETAILS.tokenScopeMissing);
    const portalRoute = await api.request('/api/users', { token: catalogue.token });
    expect(portalRoute.status).toBe(403);
    expect((await portalRoute.json()).detail).toBe(DETAILS.tokenNotAllowed);
    await expect.poll(async () => (await api.db.query('SELECT last_used_at FROM api_tokens WHERE id = $1', [catalogue.id]))[0].last_used_at).not.toBeNull();
    const [row] = await api.db.query('SELECT last_used_address FROM api_tokens WHERE id = $1', [catalogue.id]);
    expect(row.last_used_address).toBe('127.0.0.1');
  });

  it('is refused on the very next request after revocation', async () => {
    const made = await makeOrganizationToken(['catalogue:read']);
    expect((await api.request('/api/datasets', { token: made.token })).status).toBe(200);
    const revoked = await api.request(`/api/organizations/${organization.id}/api-tokens/${made.id}`, { method: 'DELETE', token: owner.token });
    expect(revoked.status).toBe(204);
    expect((await api.request('/api/datasets', { token: made.token })).status).toBe(401);
    const listed = await (await api.request(`/api/organizations/${organization.id}/api-tokens`, { token: owner.token })).json();
    expect(listed.map((t: { id: string }) => t.id)).not.toContain(made.id);
  });

  it('is refused with a 401 saying it expired once past its expiry', async () => {
    const made = await makeOrganizationToken(['catalogue:read']);
    expect((await api.request('/api/datasets', { token: made.token })).status).toBe(200);
    await write(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [made.id]);
    const expired = await api.request('/api/datasets', { token: made.token });
    expect(expired.status).toBe(401);
    expect((await expired.json()).detail).toBe(DETAILS.tokenExpired);
  });

  it("dies with its owner: a deleted user's or a departed member's personal token, a deleted organisation's token", async () => {
    const leaver = await api.createUser({ organizationId: organization.id });
    const personal = await makePersonalToken(leaver, ['catalogue:read']);
    expect((await api.request('/api/datasets', { token: personal.token })).status).toBe(200);
    const elsewhere = await api.createOrganization();
    await write('UPDATE users SET organization_id = $1 WHERE id = $2', [elsewhere.id, leaver.id]);
    expect((await api.request('/api/datasets', { token: personal.token })).status).toBe(401);

    const removed = await api.createUser({ organizationId: organization.id });
    const theirs = await makePersonalToken(removed, ['catalogue:read']);
    expect((await api.request('/api/datasets', { token: theirs.token })).status).toBe(200);
    expect((await api.request(`/api/users/${removed.id}`, { method: 'DELETE', token: owner.token, headers: {} })).status).toBeLessThan(300);
    expect((await api.request('/api/datasets', { token: theirs.token })).status).toBe(401);

    // The organisation's token outlives the person who made it, not the organisation.
    const gone = await api.createOrganization();
    const goneOwner = await api.createUser({ organizationId: gone.id, roles: ['Organization.Owner'] });
    const orgToken = await (
      await api.request(`/api/organizations/${gone.id}/api-tokens`, { method: 'POST', token: goneOwner.token, json: { name: 'Koppeling', scopes: ['catalogue:read'], expires_in_days: 365 } })
    ).json();
    await write('DELETE FROM users WHERE id = $1', [goneOwner.id]);
    expect((await api.request('/api/datasets', { token: orgToken.token })).status).toBe(200);
    await write('DELETE FROM organizations WHERE id = $1', [gone.id]);
    expect((await api.request('/api/datasets', { token: orgToken.token })).status).toBe(401);
  });

  it('refuses a 21st live token, a missing name, no scope and an expiry beyond a year', async () => {
    const user = await api.createUser({ organizationId: organization.id });
    for (let i = 0; i < 20; i += 1) await makePersonalToken(user, ['data:read']);
    const extra = await api.request('/api/profile/api-tokens', { method: 'POST', token: user.token, json: { name: 'Te veel', scopes: ['data:read'], expires_in_days: 30 } });
    expect(extra.status).toBe(409);
    const bad = [
      { scopes: ['data:read'], expires_in_days: 30 },
      { name: 'Leeg', scopes: [], expires_in_days: 30 },
      { name: 'Te lang', scopes: ['data:read'], expires_on: '2099-01-01' },
      { name: 'Vreemd', scopes: ['data:write'], expires_in_days: 30 },
      { name: 'Vijf dagen', scopes: ['data:read'], expires_in_days: 5 },
    ];
    for (const json of bad) expect((await api.request('/api/profile/api-tokens', { method: 'POST', token: member.token, json })).status, JSON.stringify(json)).toBe(422);
  });

  it('is refused with 403 by every operation of the OpenAPI document that does not declare its scope, and by every write', async () => {
    const both = await makeOrganizationToken(['data:read', 'catalogue:read'], 'Alles');
    const document = await (await api.request('/api/docs-json')).json();
    expect(document.components.securitySchemes['api-token']).toMatchObject({ type: 'http', scheme: 'bearer' });
    let checked = 0;
    for (const [path, item] of Object.entries<Record<string, { 'x-token-scope'?: string; 'x-read-by-post'?: string }>>(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const scope = operation['x-token-scope'];
        if (scope !== undefined) {
          // A read: GET, or the SPARQL 1.1 Protocol's query by POST, marked as such.
          expect(method === 'get' || (method === 'post' && operation['x-read-by-post'] !== undefined), `${method} ${path} accepts a token but is not a read`).toBe(true);
          continue;
        }
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const response = await api.request(url, { method: method.toUpperCase(), token: both.token, ...(method === 'get' ? {} : { json: {} }) });
        expect(response.status, `${method.toUpperCase()} ${path}`).toBe(403);
        expect((await response.json()).detail, `${method.toUpperCase()} ${path}`).toBe(DETAILS.tokenNotAllowed);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
  }, 60_000);
});
