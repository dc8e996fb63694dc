import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { DATASOURCE_CONTRIBUTOR_PERMISSIONS } from './expected-permissions';

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

/** The link's token from the invitation mail in the outbox (no SMTP_URL here); the database keeps only its hash. */
async function invitationToken(email: string): Promise<string> {
  const [mail] = await api.db.query('SELECT body FROM outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1', [email]);
  return /\/uitnodiging\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
}

const owners = (organizationId: string) =>
  api.db.query(
    `SELECT u.id FROM role_assignments r JOIN users u ON u.id = r.user_id WHERE u.organization_id = $1 AND r.role = 'Organization.Owner'`,
    [organizationId],
  );

const roles = async (id: string) => (await api.db.query('SELECT role FROM role_assignments WHERE user_id = $1 ORDER BY role', [id])).map((r: { role: string }) => r.role);

describe('changing roles', () => {
  it("an owner grants 'databronnen beheren' and the member then has Datasource.Read", async () => {
    const response = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: owner.token, json: { name: 'Datasource.Contributor' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(['Datasource.Contributor']);
    const permissions = await (await api.request(`/api/users/${member.id}/permissions`, { token: member.token })).json();
    expect(permissions).toContain('Datasource.Read');
    expect(permissions).toEqual(DATASOURCE_CONTRIBUTOR_PERMISSIONS);
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
      expect(await response.json()).toEqual({ statusCode: 403, detail: DETAILS.forbidden });
    }
    const foreign = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: westOwner.token, json: { name: 'Organization.Owner' } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ statusCode: 404, detail: DETAILS.notFound });
    expect(await roles(member.id)).toEqual(['Authorisation.Contributor']);
  });

  it('keeps admin-organisation roles for admin-organisation members', async () => {
    const response = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: admin.token, json: { name: 'Application.Contributor' } });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ statusCode: 422, detail: 'role not allowed for this user' });
    const unknown = await api.request(`/api/users/${member.id}/role`, { method: 'POST', token: owner.token, json: { name: 'Root.Everything' } });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ statusCode: 422, detail: DETAILS.validationFailed, errors: { name: expect.any(String) } });
    expect(await roles(member.id)).toEqual(['Authorisation.Contributor']);
  });

  it('never removes the last owner', async () => {
    const removeRole = await api.request(`/api/users/${owner.id}/roles/Organization.Owner`, { method: 'DELETE', token: owner.token });
    expect(removeRole.status).toBe(409);
    expect(await removeRole.json()).toEqual({ statusCode: 409, detail: DETAILS.lastOwner });
    const emptyRoles = await api.request(`/api/users/${owner.id}/roles`, { method: 'POST', token: owner.token, json: { names: [] } });
    const removeOwner = await api.request(`/api/users/${owner.id}/remove_from_organization`, { method: 'DELETE', token: admin.token });
    const deleteSelf = await api.request(`/api/users/${owner.id}`, { method: 'DELETE', token: owner.token });
    for (const refused of [emptyRoles, removeOwner, deleteSelf]) {
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ statusCode: 409, detail: DETAILS.lastOwner });
    }
    expect(await roles(owner.id)).toEqual(['Organization.Owner']);
    expect(await api.db.query('SELECT organization_id FROM users WHERE id = $1', [owner.id])).toEqual([{ organization_id: delta.id }]);
    expect((await api.request('/api/current_user', { token: owner.token })).status).toBe(200);
  });
});

describe('the last-owner rule under concurrency', () => {
  // Several rounds: without the organisation row lock the two requests interleave in most of them.
  it('two owners demoting each other at once: one succeeds, the other is refused, one owner remains', async () => {
    for (let round = 0; round < 6; round += 1) {
      const organization = await api.createOrganization();
      const a = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
      const b = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
      const demote = (actor: TestUser, target: TestUser) =>
        api.request(`/api/users/${target.id}/roles/Organization.Owner`, { method: 'DELETE', token: actor.token });
      const answers = await Promise.all([demote(a, b), demote(b, a)]);
      // The later one is refused either as the last owner (409) or, when the first was already
      // committed, because its sender is no longer an owner (403).
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0], `round ${round}`).toBe(200);
      expect([403, 409], `round ${round}`).toContain(statuses[1]);
      expect(await owners(organization.id), `round ${round}`).toHaveLength(1);
    }
  });

  it('two user managers demoting the two owners at once: exactly one is refused as the last owner', async () => {
    for (let round = 0; round < 6; round += 1) {
      const organization = await api.createOrganization();
      const a = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
      const b = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
      const managers = [
        await api.createUser({ organizationId: organization.id, roles: ['User.Contributor'] }),
        await api.createUser({ organizationId: organization.id, roles: ['User.Contributor'] }),
      ];
      const answers = await Promise.all(
        [a, b].map((target, index) => api.request(`/api/users/${target.id}/roles/Organization.Owner`, { method: 'DELETE', token: managers[index].token })),
      );
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 409]);
      expect(await answers.find((answer) => answer.status === 409)!.json()).toEqual({ statusCode: 409, detail: DETAILS.lastOwner });
      expect(await owners(organization.id), `round ${round}`).toHaveLength(1);
    }
  });

  it('two accepts of one invitation at once: exactly one succeeds and the link is used once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const elsewhere = await api.createOrganization();
      await api.createUser({ organizationId: elsewhere.id, roles: ['Organization.Owner'] });
      const invitee = await api.createUser({ organizationId: elsewhere.id, roles: ['Datasource.Contributor'] });
      const invited = await api.request('/api/invitations', { method: 'POST', token: owner.token, json: { email: invitee.email } });
      expect(invited.status).toBe(201);
      const token = await invitationToken(invitee.email);
      const accept = () => api.request(`/api/invitations/${token}/accept`, { method: 'POST', token: invitee.token });
      const answers = await Promise.all([accept(), accept()]);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([204, 404]);
      expect(await api.db.query('SELECT organization_id FROM users WHERE id = $1', [invitee.id])).toEqual([{ organization_id: delta.id }]);
      expect(await roles(invitee.id)).toEqual([]);
      const [used] = await api.db.query('SELECT accepted_by FROM invitations WHERE email = $1', [invitee.email]);
      expect(used.accepted_by).toBe(invitee.id);
    }
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
    const refused = [
      [await api.request(`/api/users/${stayer.id}/remove_from_organization`, { method: 'DELETE', token: member.token }), 403, DETAILS.forbidden],
      [await api.request(`/api/users/${stayer.id}/remove_from_organization`, { method: 'DELETE', token: westOwner.token }), 404, DETAILS.notFound],
      [await api.request(`/api/users/${stayer.id}`, { method: 'DELETE', token: westOwner.token }), 404, DETAILS.notFound],
    ] as const;
    for (const [response, status, detail] of refused) {
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ statusCode: status, detail });
    }
    expect(await api.db.query('SELECT organization_id FROM users WHERE id = $1', [stayer.id])).toEqual([{ organization_id: delta.id }]);
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
