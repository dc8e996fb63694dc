import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, permissionsForRoles } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let delta: { id: string };
let owner: TestUser;
let member: TestUser;
let createOnly: TestUser;
let userContributor: TestUser;
let westOwner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization();
  const west = await api.createOrganization();
  const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  member = await api.createUser({ organizationId: delta.id });
  createOnly = await api.createUser({ organizationId: delta.id });
  userContributor = await api.createUser({ organizationId: delta.id, roles: ['User.Contributor'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
});
afterAll(() => api?.close());

const roles = async (id: string) => (await api.db.query('SELECT role FROM role_assignments WHERE user_id = $1 ORDER BY role', [id])).map((r: { role: string }) => r.role);

describe('changing roles', () => {
  it("an owner grants 'databronnen beheren' and the member then has Datasource.Read", async () => {
    const response = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: owner.token, json: { name: 'Datasource.Contributor' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(['Datasource.Contributor']);
    const permissions = await (await api.request(`/api/users/${member.id}/permissions`, { token: member.token })).json();
    expect(permissions).toContain('Datasource.Read');
    expect(permissions).toEqual(permissionsForRoles(['Datasource.Contributor']));
  });

  it('sets an exact role list and takes single roles away', async () => {
    const set = await api.request(`/api/users/${member.id}/roles`, {
      method: 'POST',
      token: userContributor.token,
      json: { names: ['Authorisation.Contributor', 'Organization.Contributor'] },
    });
    expect(await set.json()).toEqual(['Authorisation.Contributor', 'Organization.Contributor']);
    const removed = await api.request(`/api/users/${member.id}/roles/Organization.Contributor`, { method: 'DELETE', token: owner.token });
    expect(await removed.json()).toEqual(['Authorisation.Contributor']);
  });

  it('refuses people without both RoleAssignment permissions, and other organisations', async () => {
    await api.db.query(`INSERT INTO role_assignments (user_id, role) VALUES ($1, 'Organization.Contributor')`, [createOnly.id]);
    for (const token of [member.token, createOnly.token]) {
      const response = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token, json: { name: 'Organization.Owner' } });
      expect(response.status).toBe(403);
    }
    const foreign = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: westOwner.token, json: { name: 'Organization.Owner' } });
    expect(foreign.status).toBe(404);
    expect(await roles(member.id)).toEqual(['Authorisation.Contributor']);
  });

  it('keeps admin-organisation roles for admin-organisation members', async () => {
    const response = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: admin.token, json: { name: 'Application.Contributor' } });
    expect(response.status).toBe(422);
    const unknown = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: owner.token, json: { name: 'Root.Everything' } });
    expect(unknown.status).toBe(422);
  });

  it('never removes the last owner', async () => {
    const removeRole = await api.request(`/api/users/${owner.id}/roles/Organization.Owner`, { method: 'DELETE', token: owner.token });
    expect(removeRole.status).toBe(409);
    expect(await removeRole.json()).toEqual({ statusCode: 409, detail: DETAILS.lastOwner });
    const emptyRoles = await api.request(`/api/users/${owner.id}/roles`, { method: 'POST', token: owner.token, json: { names: [] } });
    expect(emptyRoles.status).toBe(409);
    const removeOwner = await api.request(`/api/users/${owner.id}/remove_from_organization`, { method: 'DELETE', token: admin.token });
    expect(removeOwner.status).toBe(409);
    const deleteSelf = await api.request(`/api/users/${owner.id}`, { method: 'DELETE', token: owner.token });
    expect(deleteSelf.status).toBe(409);
    expect(await roles(owner.id)).toEqual(['Organization.Owner']);
  });
});

describe('removing and deleting users', () => {
  it('removing someone moves them to a fresh personal organisation they own', async () => {
    const leaver = await api.createUser({ organizationId: delta.id, roles: ['Datasource.Contributor'] });
    const response = await api.request(`/api/users/${leaver.id}`, { method: 'DELETE', token: userContributor.token });
    expect(response.status).toBe(204);
    const me = await (await api.request('/api/current_user', { token: leaver.token })).json();
    expect(me.organization).not.toBe(delta.id);
    expect(me.organization_name).toMatch(/^tmp_/);
    expect(await roles(leaver.id)).toEqual(['Organization.Owner']);
  });

  it('refuses removal without User.Delete or across organisations', async () => {
    const stayer = await api.createUser({ organizationId: delta.id });
    expect((await api.request(`/api/users/${stayer.id}/remove_from_organization`, { method: 'DELETE', token: member.token })).status).toBe(403);
    expect((await api.request(`/api/users/${stayer.id}/remove_from_organization`, { method: 'DELETE', token: westOwner.token })).status).toBe(404);
    expect((await api.request(`/api/users/${stayer.id}`, { method: 'DELETE', token: westOwner.token })).status).toBe(404);
  });

  it('deleting yourself deletes the account and logs you out', async () => {
    const quitter = await api.createUser({ organizationId: delta.id });
    expect((await api.request(`/api/users/${quitter.id}`, { method: 'DELETE', token: quitter.token })).status).toBe(204);
    expect((await api.request('/api/current_user', { token: quitter.token })).status).toBe(401);
    expect(await api.db.query('SELECT id FROM users WHERE id = $1', [quitter.id])).toEqual([]);
  });

  it('a sole owner of a personal organisation may delete themselves; the empty organisation goes too', async () => {
    const personal = await api.createOrganization({ name: 'tmp_abcdef123456' });
    const loner = await api.createUser({ organizationId: personal.id, roles: ['Organization.Owner'] });
    expect((await api.request(`/api/users/${loner.id}`, { method: 'DELETE', token: loner.token })).status).toBe(204);
    expect(await api.db.query('SELECT id FROM organizations WHERE id = $1', [personal.id])).toEqual([]);
  });
});
