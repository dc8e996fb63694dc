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
    for (const slug of [west.slug, 'bestaat-niet']) {
      const refused = await api.request(`/api/organizations/${slug}`, { token: member.token });
      expect(refused.status, slug).toBe(403);
      // The same answer either way: nothing tells whether the organisation exists.
      expect(await refused.json(), slug).toEqual({ statusCode: 403, detail: DETAILS.forbidden });
    }
    const seen = await api.request(`/api/organizations/${west.slug}`, { token: admin.token });
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ organization_id: west.id, name: 'Kassenbouw West', slug: west.slug, user_count: 1 });
    const missing = await api.request('/api/organizations/bestaat-niet', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, detail: DETAILS.notFound });
  });

  it("lists an organisation's users for its members and admins only", async () => {
    const emails = (list: { email: string }[]) => list.map((u) => u.email).sort();
    const deltaEmails = [owner.email, member.email, orgContributor.email].sort();
    const users = await (await api.request(`/api/organizations/${delta.slug}/users`, { token: member.token })).json();
    expect(emails(users)).toEqual(deltaEmails);
    expect(users.every((u: { organization: string }) => u.organization === delta.id)).toBe(true);
    const foreign = await api.request(`/api/organizations/${delta.slug}/users`, { token: westOwner.token });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ statusCode: 403, detail: DETAILS.forbidden });
    const forAdmin = await api.request(`/api/organizations/${delta.slug}/users`, { token: admin.token });
    expect(forAdmin.status).toBe(200);
    expect(emails(await forAdmin.json())).toEqual(deltaEmails);
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
    for (const token of [member.token, westOwner.token]) {
      const refused = await put(delta.id, token, { name: 'Gekaapt' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ statusCode: 403, detail: DETAILS.forbidden });
    }
    const [row] = await api.db.query('SELECT name FROM organizations WHERE id = $1', [delta.id]);
    expect(row.name).toBe('Kwekerij Delta BV');
  });

  it('lets an admin edit any organisation', async () => {
    const response = await put(west.id, admin.token, { kvk_number: 87654321 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ organization_id: west.id, name: 'Kassenbouw West', kvk_number: 87654321 });
    expect(await api.db.query('SELECT name, kvk_number FROM organizations WHERE id = $1', [west.id])).toEqual([{ name: 'Kassenbouw West', kvk_number: 87654321 }]);
  });

  it('refuses a name another organisation has, case-insensitively', async () => {
    const response = await put(delta.id, owner.token, { name: 'kassenbouw west' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ statusCode: 409, detail: DETAILS.organizationNameTaken });
    expect(await api.db.query('SELECT name FROM organizations WHERE id = $1', [delta.id])).toEqual([{ name: 'Kwekerij Delta BV' }]);
  });

  it('accepts a domain only where the organisation has verified users', async () => {
    const refused = await put(delta.id, owner.token, { domain: 'elders.test' });
    expect(refused.status).toBe(422);
    expect((await refused.json()).detail).toBe(DETAILS.cannotUseEmailDomain);
    expect(await api.db.query('SELECT domain FROM organizations WHERE id = $1', [delta.id])).toEqual([{ domain: null }]);
    const accepted = await put(delta.id, owner.token, { domain: 'Kwekerij-Delta.test' });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).domain).toBe('kwekerij-delta.test');
    expect(await api.db.query('SELECT domain FROM organizations WHERE id = $1', [delta.id])).toEqual([{ domain: 'kwekerij-delta.test' }]);
    expect((await (await put(delta.id, owner.token, { domain: '' })).json()).domain).toBeNull();
    expect(await api.db.query('SELECT domain FROM organizations WHERE id = $1', [delta.id])).toEqual([{ domain: null }]);
  });

  // Issue 19: a self-registered person claimed its own free-mail domain; any Organization.Update holder could claim.
  it('lets only an owner claim a domain, never a free-mail one; saving the claim already held is no new claim', async () => {
    const [personal] = await api.db.query(`INSERT INTO organizations (name, slug) VALUES ('tmp_5e1f0000aa11', 'tmp-5e1f0000aa11') RETURNING id`);
    const selfRegistered = await api.createUser({ organizationId: personal.id, roles: ['Organization.Owner'], email: 'zelf@gmail.com' });
    const [{ kvk_number: kvkBefore }] = await api.db.query('SELECT kvk_number FROM organizations WHERE id = $1', [delta.id]);
    const withVerifiedFreeMail = await api.createUser({ organizationId: delta.id, email: 'collega@hotmail.com' });
    for (const [id, token, domain] of [
      [personal.id, selfRegistered.token, 'gmail.com'],
      [personal.id, selfRegistered.token, 'GMail.com'],
      [delta.id, owner.token, 'hotmail.com'],
      [delta.id, admin.token, 'hotmail.com'],
    ]) {
      const refused = await put(id, token, { domain });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toEqual({ domain: FIELD_ERRORS.domainFreeMail });
    }
    expect(await api.db.query('SELECT domain FROM organizations WHERE id = ANY($1::uuid[])', [[personal.id, delta.id]])).toEqual([{ domain: null }, { domain: null }]);

    const byContributor = await put(delta.id, orgContributor.token, { domain: 'kwekerij-delta.test' });
    expect(byContributor.status).toBe(403);
    expect((await byContributor.json()).detail).toBe(DETAILS.domainClaimByOwnerOnly);
    expect(await api.db.query('SELECT domain FROM organizations WHERE id = $1', [delta.id])).toEqual([{ domain: null }]);

    expect((await put(delta.id, owner.token, { domain: 'kwekerij-delta.test' })).status).toBe(200);
    // The contributor still edits the organisation; the form sends the domain it holds.
    expect((await put(delta.id, orgContributor.token, { kvk_number: 7654321, domain: 'kwekerij-delta.test' })).status).toBe(200);
    expect((await put(delta.id, orgContributor.token, { domain: '' })).status).toBe(200);
    expect(await api.db.query('SELECT domain FROM organizations WHERE id = $1', [delta.id])).toEqual([{ domain: null }]);
    await api.db.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [[selfRegistered.id, withVerifiedFreeMail.id]]);
    await api.db.query('UPDATE organizations SET kvk_number = $2 WHERE id = $1', [delta.id, kvkBefore]);
  });

  it('validates fields in Dutch', async () => {
    const response = await put(delta.id, owner.token, { name: '', kvk_number: 123456789, domain: 'geen domein' });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      name: FIELD_ERRORS.required,
      kvk_number: FIELD_ERRORS.kvkNumber,
      domain: FIELD_ERRORS.domain,
    });
    expect(await api.db.query('SELECT name, kvk_number, domain FROM organizations WHERE id = $1', [delta.id])).toEqual([
      { name: 'Kwekerij Delta BV', kvk_number: 1234567, domain: null },
    ]);
  });
});
