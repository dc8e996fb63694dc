import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAILS } from '@datahub/domain';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';
import { startMailbox, type Mailbox } from './mailbox';
import { login, totpCode } from './two-factor-helpers';

/**
 * Issue 32 items 3 and 4: personal API tokens do not outlive the account's recovery, nor the
 * member's departure; an organisation's owners see and revoke its members' personal tokens.
 */
const NEW_PASSWORD = 'Paars-Kasdek-Tomaat-17';

let api: TestApi;
let mailbox: Mailbox;
let organization: { id: string; slug: string };
let owner: TestUser;

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startTestApi({ SMTP_URL: mailbox.url });
  organization = await api.createOrganization({ name: 'Kwekerij Intrekking' });
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await mailbox?.close();
});

async function personalToken(user: TestUser, name = 'Notebook'): Promise<{ id: string; token: string }> {
  const response = await api.request('/api/profile/api-tokens', { method: 'POST', token: user.token, json: { name, scopes: ['catalogue:read'], expires_in_days: 30 } });
  expect(response.status).toBe(201);
  return response.json();
}

/** What the token gets: 200 while it works, 401 once revoked. */
async function reads(token: string): Promise<number> {
  return (await api.request('/api/datasets', { token })).status;
}

async function signedIn(token: string): Promise<number> {
  return (await api.request('/api/current_user', { token })).status;
}

async function secondSession(user: TestUser): Promise<string> {
  const response = await login(api, user.email, user.password);
  expect(response.status).toBe(200);
  return (await response.json()).access_token;
}

async function revokedAt(tokenId: string): Promise<Date | null> {
  return (await api.db.query('SELECT revoked_at FROM api_tokens WHERE id = $1', [tokenId]))[0].revoked_at;
}

async function revocationRows(tokenId: string) {
  return api.db.query(`SELECT organization_id, actor_user_id, before, after FROM audit_log WHERE kind = 'api_token.revoked' AND subject_id = $1`, [tokenId]);
}

describe('a new password or two-step sign-in puts others out (issue 32 item 3)', () => {
  it('a completed mailed reset revokes the personal tokens, audited, and the mail says so', async () => {
    const user = await api.createUser({ organizationId: organization.id, firstname: 'Rika' });
    const made = await personalToken(user);
    expect(await reads(made.token)).toBe(200);
    const link = randomBytes(24).toString('base64url');
    await api.db.query(`INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '30 minutes')`, [
      user.id,
      createHash('sha256').update(link).digest('base64url'),
    ]);
    const done = await api.request('/api/auth/password-reset/confirm', { method: 'POST', json: { token: link, password: NEW_PASSWORD } });
    expect(done.status).toBe(204);

    expect(await reads(made.token)).toBe(401);
    expect(await revokedAt(made.id)).not.toBeNull();
    const rows = await revocationRows(made.id);
    expect(rows).toEqual([
      { organization_id: organization.id, actor_user_id: user.id, before: { name: 'Notebook', kind: 'personal' }, after: { revoked_because: 'password_reset' } },
    ]);
    const [mail] = await mailbox.mailsTo(user.email);
    expect(mail.raw).toContain(`Subject: ${ACCOUNT_MAILS.changed.subject}`);
    expect(mail.text).toContain('Uw persoonlijke API-token is ingetrokken');
    expect(mail.text).toContain('U bent overal uitgelogd.');
  });

  it('a password change ends the other sessions and the personal tokens unless the user unticks it', async () => {
    const user = await api.createUser({ organizationId: organization.id });
    const other = await secondSession(user);
    const made = await personalToken(user);
    const change = (current: string, password: string, extra: object = {}) =>
      api.request('/api/auth/password', { method: 'POST', token: user.token, json: { current_password: current, password, ...extra } });

    // Absent (an old client): the safe behaviour.
    expect((await change(TEST_PASSWORD, NEW_PASSWORD)).status).toBe(204);
    expect(await signedIn(user.token)).toBe(200);
    expect(await signedIn(other)).toBe(401);
    expect(await reads(made.token)).toBe(401);
    expect((await revocationRows(made.id))[0].after).toEqual({ revoked_because: 'password_change' });
    const [mail] = await mailbox.mailsTo(user.email);
    expect(mail.text).toContain('Uw persoonlijke API-token is ingetrokken');

    // Unticked: nothing else ends.
    const another = await secondSession({ ...user, password: NEW_PASSWORD });
    const kept = await personalToken(user, 'Blijft');
    expect((await change(NEW_PASSWORD, 'Nog-Een-Wachtwoord-2026', { end_other_sessions_and_tokens: 'ja' })).status).toBe(422);
    expect((await change(NEW_PASSWORD, 'Nog-Een-Wachtwoord-2026', { end_other_sessions_and_tokens: false })).status).toBe(204);
    expect(await signedIn(another)).toBe(200);
    expect(await reads(kept.token)).toBe(200);
    const mails = await mailbox.mailsTo(user.email, 2);
    expect(mails[1].text).toContain('ingelogd gebleven');
  });

  it('turning on two-step sign-in ends the other sessions and the personal tokens unless the user unticks it', async () => {
    const enrolWith = async (user: TestUser, extra: object) => {
      expect((await api.request('/api/auth/two-factor/enrolment', { method: 'POST', token: user.token })).status).toBe(204);
      const { secret } = await (await api.request('/api/auth/two-factor/enrolment', { token: user.token })).json();
      return api.request('/api/auth/two-factor/enrolment/confirm', { method: 'POST', token: user.token, json: { code: totpCode(secret), ...extra } });
    };

    const user = await api.createUser({ organizationId: organization.id });
    const other = await secondSession(user);
    const made = await personalToken(user);
    expect((await enrolWith(user, {})).status).toBe(201);
    expect(await signedIn(user.token)).toBe(200);
    expect(await signedIn(other)).toBe(401);
    expect(await reads(made.token)).toBe(401);
    expect((await revocationRows(made.id))[0].after).toEqual({ revoked_because: 'two_factor_enabled' });

    // Unticked: nothing else ends.
    const keeper = await api.createUser({ organizationId: organization.id });
    const keeperOther = await secondSession(keeper);
    const keeperToken = await personalToken(keeper);
    expect((await enrolWith(keeper, { end_other_sessions_and_tokens: false })).status).toBe(201);
    expect(await signedIn(keeperOther)).toBe(200);
    expect(await reads(keeperToken.token)).toBe(200);
  });
});

describe("a member's departure revokes their personal tokens (issue 32 item 4)", () => {
  async function invite(organizationId: string, email: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await api.db.query(
      `INSERT INTO invitations (organization_id, email, token_hash, invited_by, expires_at) VALUES ($1, $2, $3, $4, now() + interval '1 day')`,
      [organizationId, email, createHash('sha256').update(token).digest('base64url'), owner.id],
    );
    return token;
  }

  it('removed, then invited back: the token stays revoked', async () => {
    const member = await api.createUser({ organizationId: organization.id });
    const made = await personalToken(member);
    expect(await reads(made.token)).toBe(200);
    expect((await api.request(`/api/users/${member.id}/remove_from_organization`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    // Really revoked, in the same transaction as the removal, and in the Logboek of the organisation it acted on.
    expect(await revokedAt(made.id)).not.toBeNull();
    expect(await revocationRows(made.id)).toEqual([
      { organization_id: organization.id, actor_user_id: owner.id, before: { name: 'Notebook', kind: 'personal' }, after: { revoked_because: 'left_organization' } },
    ]);

    const back = await invite(organization.id, member.email);
    expect((await api.request(`/api/invitations/${back}/accept`, { method: 'POST', token: member.token })).status).toBeLessThan(300);
    const [{ organization_id: now }] = await api.db.query('SELECT organization_id FROM users WHERE id = $1', [member.id]);
    expect(now).toBe(organization.id);
    expect(await reads(made.token)).toBe(401);
  });

  it('leaving for another organisation by invitation, and coming back: the token stays revoked', async () => {
    const member = await api.createUser({ organizationId: organization.id });
    const made = await personalToken(member);
    const elsewhere = await api.createOrganization();
    await api.createUser({ organizationId: elsewhere.id, roles: ['Organization.Owner'] });
    const away = await invite(elsewhere.id, member.email);
    expect((await api.request(`/api/invitations/${away}/accept`, { method: 'POST', token: member.token })).status).toBeLessThan(300);
    expect(await revokedAt(made.id)).not.toBeNull();
    expect((await revocationRows(made.id))[0]).toMatchObject({ organization_id: organization.id, actor_user_id: member.id });
    const back = await invite(organization.id, member.email);
    expect((await api.request(`/api/invitations/${back}/accept`, { method: 'POST', token: member.token })).status).toBeLessThan(300);
    expect(await reads(made.token)).toBe(401);
  });
});

describe("owners see and revoke their members' personal tokens (issue 32 item 4)", () => {
  it('lists them without the secret, revokes one with an audit row; others are refused', async () => {
    const member = await api.createUser({ organizationId: organization.id, firstname: 'Mees', lastname: 'Lid' });
    const made = await personalToken(member, 'Kasscript');
    const list = await api.request(`/api/organizations/${organization.id}/member-api-tokens`, { token: owner.token });
    expect(list.status).toBe(200);
    const rows = await list.json();
    const row = rows.find((entry: { id: string }) => entry.id === made.id);
    expect(row).toMatchObject({ name: 'Kasscript', kind: 'personal', member_id: member.id, member_name: 'Mees Lid', member_email: member.email });
    expect(JSON.stringify(rows)).not.toContain(made.token.slice(4));
    expect(Object.keys(row)).not.toContain('secret_hash');

    // A member without ApiToken.Manage, and the owner of another organisation: refused.
    const other = await api.createOrganization();
    const otherOwner = await api.createUser({ organizationId: other.id, roles: ['Organization.Owner'] });
    expect((await api.request(`/api/organizations/${organization.id}/member-api-tokens`, { token: member.token })).status).toBe(403);
    expect((await api.request(`/api/organizations/${organization.id}/member-api-tokens`, { token: otherOwner.token })).status).toBe(403);
    expect((await api.request(`/api/organizations/${organization.id}/member-api-tokens/${made.id}`, { method: 'DELETE', token: otherOwner.token })).status).toBe(403);
    // Through their own organisation the token is not theirs: 404, and it still works.
    expect((await api.request(`/api/organizations/${other.id}/member-api-tokens/${made.id}`, { method: 'DELETE', token: otherOwner.token })).status).toBe(404);
    expect(await reads(made.token)).toBe(200);
    // An API token may not do it either, even its owner's.
    const ownersToken = await personalToken(owner, 'Eigen');
    expect((await api.request(`/api/organizations/${organization.id}/member-api-tokens`, { token: ownersToken.token })).status).toBe(403);

    const revoked = await api.request(`/api/organizations/${organization.id}/member-api-tokens/${made.id}`, { method: 'DELETE', token: owner.token });
    expect(revoked.status).toBe(204);
    expect(await reads(made.token)).toBe(401);
    expect(await revocationRows(made.id)).toEqual([
      { organization_id: organization.id, actor_user_id: owner.id, before: { name: 'Kasscript', kind: 'personal', email: member.email }, after: null },
    ]);
    expect((await api.request(`/api/organizations/${organization.id}/member-api-tokens/${made.id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
    const after = await (await api.request(`/api/organizations/${organization.id}/member-api-tokens`, { token: owner.token })).json();
    expect(after.map((entry: { id: string }) => entry.id)).not.toContain(made.id);
  });
});
