import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, FIELD_ERRORS } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let delta: { id: string; name: string; slug: string };
let west: { id: string; name: string; slug: string };
let owner: TestUser;
let member: TestUser;
let orgContributor: TestUser;
let westOwner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'], email: 'eigenaar@kwekerij-delta.test' });
  member = await api.createUser({ organizationId: delta.id, email: 'lid@kwekerij-delta.test' });
  orgContributor = await api.createUser({ organizationId: delta.id, roles: ['Organization.Contributor'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
});
afterAll(() => api?.close());

const put = (id: string, token: string, json: unknown) => api.request(`/api/organizations/${id}`, { method: 'PUT', token, json });

describe('reading organisations', () => {
  it('lists only your own organisation with its user count, everything for admins', async () => {
    const own = await (await api.request('/api/organizations', { token: member.token })).json();
    expect(own).toEqual([
      { organization_id: delta.id, name: 'Kwekerij Delta', slug: delta.slug, kvk_number: null, domain: null, logo_url: null, user_count: 3 },
    ]);
    const all = await (await api.request('/api/organizations', { token: admin.token })).json();
    expect(all.map((o: { name: string }) => o.name)).toEqual(['Datahub Beheer', 'Kassenbouw West', 'Kwekerij Delta']);
  });

  it("refuses another organisation's page to non-admins, existing or not", async () => {
    expect((await api.request(`/api/organizations/${west.slug}`, { token: member.token })).status).toBe(403);
    expect((await api.request('/api/organizations/bestaat-niet', { token: member.token })).status).toBe(403);
    expect((await api.request(`/api/organizations/${west.slug}`, { token: admin.token })).status).toBe(200);
    expect((await api.request('/api/organizations/bestaat-niet', { token: admin.token })).status).toBe(404);
  });

  it("lists an organisation's users for its members and admins only", async () => {
    const users = await (await api.request(`/api/organizations/${delta.slug}/users`, { token: member.token })).json();
    expect(users.map((u: { email: string }) => u.email)).toContain('eigenaar@kwekerij-delta.test');
    expect(users.every((u: { organization: string }) => u.organization === delta.id)).toBe(true);
    expect((await api.request(`/api/organizations/${delta.slug}/users`, { token: westOwner.token })).status).toBe(403);
    expect((await api.request(`/api/organizations/${delta.slug}/users`, { token: admin.token })).status).toBe(200);
    expect(await (await api.request(`/api/organizations/${delta.slug}/licences`, { token: member.token })).json()).toEqual([]);
  });
});

describe('PUT /api/organizations/{id}', () => {
  it('lets Organization.Update in the organisation change name and KvK number, slug unchanged', async () => {
    const response = await put(delta.id, orgContributor.token, { name: 'Kwekerij Delta BV', kvk_number: '01234567' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Kwekerij Delta BV', kvk_number: 1234567, slug: delta.slug });
  });

  it('refuses members without the permission and owners of other organisations (403)', async () => {
    expect((await put(delta.id, member.token, { name: 'Gekaapt' })).status).toBe(403);
    expect((await put(delta.id, westOwner.token, { name: 'Gekaapt' })).status).toBe(403);
    const [row] = await api.db.query('SELECT name FROM organizations WHERE id = $1', [delta.id]);
    expect(row.name).toBe('Kwekerij Delta BV');
  });

  it('lets an admin edit any organisation', async () => {
    expect((await put(west.id, admin.token, { kvk_number: 87654321 })).status).toBe(200);
  });

  it('refuses a name another organisation has, case-insensitively', async () => {
    const response = await put(delta.id, owner.token, { name: 'kassenbouw west' });
    expect(response.status).toBe(409);
    expect((await response.json()).detail).toBe(DETAILS.organizationNameTaken);
  });

  it('accepts a domain only where the organisation has verified users', async () => {
    const refused = await put(delta.id, owner.token, { domain: 'elders.test' });
    expect(refused.status).toBe(422);
    expect((await refused.json()).detail).toBe(DETAILS.cannotUseEmailDomain);
    const accepted = await put(delta.id, owner.token, { domain: 'Kwekerij-Delta.test' });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).domain).toBe('kwekerij-delta.test');
    expect((await (await put(delta.id, owner.token, { domain: '' })).json()).domain).toBeNull();
  });

  it('validates fields in Dutch', async () => {
    const response = await put(delta.id, owner.token, { name: '', kvk_number: 123456789, domain: 'geen domein' });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      name: FIELD_ERRORS.required,
      kvk_number: FIELD_ERRORS.kvkNumber,
      domain: FIELD_ERRORS.domain,
    });
  });
});
