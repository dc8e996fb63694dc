import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, INVITATION_LABELS } from '@datahub/domain';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';
import { MEMBER_PERMISSIONS } from './expected-permissions';
import { startMailbox } from './mailbox';

let api: TestApi;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let delta: { id: string; name: string; slug: string };
let owner: TestUser;
let member: TestUser;

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startTestApi({ SMTP_URL: mailbox.url });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'], firstname: 'Erik', lastname: 'Eigenaar' });
  member = await api.createUser({ organizationId: delta.id });
});
afterAll(async () => {
  await api?.close();
  await mailbox?.close();
});

async function invite(email: string, token = owner.token) {
  return api.request('/api/invitations', { method: 'POST', token, json: { email } });
}

function linkIn(text: string): string {
  const match = /(http:\/\/\S+\/uitnodiging\/([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[2];
}

async function lastMailTo(address: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = [...mailbox.mails].reverse().find((m) => m.to.includes(address));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail for ${address}`);
}

describe('invitations by real e-mail', () => {
  it('mails a single-use link that leads to sign-up into the inviting organisation', async () => {
    const response = await invite('Nieuw@Elders.test');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email: 'nieuw@elders.test' });
    const mail = await lastMailTo('nieuw@elders.test');
    expect(mail.text).not.toContain('U heeft al een account');
    expect(mail.raw).toMatch(/Subject: Uitnodiging voor Kwekerij Delta op Datahub Tuinbouw/);
    expect(mail.text).toContain('Erik Eigenaar nodigt u uit');
    const token = linkIn(mail.text);

    const described = await (await api.request(`/api/invitations/${token}`)).json();
    expect(described).toMatchObject({ email: 'nieuw@elders.test', organization_name: 'Kwekerij Delta', organization_slug: delta.slug });

    const signup = await api.request('/api/auth/signup', {
      method: 'POST',
      json: { firstname: 'Nina', lastname: 'Nieuw', email: 'nieuw@elders.test', password: TEST_PASSWORD, invitation: token },
    });
    expect(signup.status).toBe(201);
    const { access_token } = await signup.json();
    const me = await (await api.request('/api/current_user', { token: access_token })).json();
    expect(me.organization).toBe(delta.id);
    expect(await (await api.request(`/api/users/${me.user_id}/permissions`, { token: access_token })).json()).toEqual(MEMBER_PERMISSIONS);
    const [row] = await api.db.query('SELECT email_verified FROM users WHERE id = $1', [me.user_id]);
    expect(row.email_verified).toBe(true);

    // Used up: the link no longer describes an invitation, and a second sign-up is not placed by it.
    expect((await api.request(`/api/invitations/${token}`)).status).toBe(404);
  });

  it('lets an existing account accept with the invited address only', async () => {
    const elsewhere = await api.createOrganization();
    const invitee = await api.createUser({ organizationId: elsewhere.id, email: 'wisselaar@elders.test' });
    await api.createUser({ organizationId: elsewhere.id, roles: ['Organization.Owner'] });
    const stranger = await api.createUser({ organizationId: elsewhere.id });
    const sent = await invite('wisselaar@elders.test');
    // Issue 19: the answer is the one an unknown address gets; the mail tells the account's owner.
    expect(await sent.json()).toEqual({ email: 'wisselaar@elders.test' });
    const mailText = (await lastMailTo('wisselaar@elders.test')).text;
    expect(mailText).toContain(INVITATION_LABELS.existingAccountMailNote('Kwekerij Delta'));
    const token = linkIn(mailText);

    const wrongPerson = await api.request(`/api/invitations/${token}/accept`, { method: 'POST', token: stranger.token });
    expect(wrongPerson.status).toBe(403);
    const accepted = await api.request(`/api/invitations/${token}/accept`, { method: 'POST', token: invitee.token });
    expect(accepted.status).toBe(204);
    expect((await (await api.request('/api/current_user', { token: invitee.token })).json()).organization).toBe(delta.id);
    const again = await api.request(`/api/invitations/${token}/accept`, { method: 'POST', token: invitee.token });
    expect(again.status).toBe(404);
  });

  it('refuses an invalid address with the detail the portal maps to Dutch, and sends nothing', async () => {
    const before = mailbox.mails.length;
    const response = await invite('geen-adres');
    expect(response.status).toBe(422);
    expect((await response.json()).detail).toBe(DETAILS.invalidEmail);
    expect(mailbox.mails.length).toBe(before);
  });

  it('needs Invitation.Create', async () => {
    expect((await invite('iemand@elders.test', member.token)).status).toBe(403);
    expect((await api.request('/api/invitations', { method: 'POST', json: { email: 'x@y.test' } })).status).toBe(401);
  });

  it('refuses an expired link at every step: it describes nothing, places no newcomer and lets nobody accept', async () => {
    await invite('laat@elders.test');
    const signupToken = linkIn((await lastMailTo('laat@elders.test')).text);
    const existing = await api.createUser({ organizationId: (await api.createOrganization()).id, email: 'laat-bestaand@elders.test' });
    await invite('laat-bestaand@elders.test');
    const acceptToken = linkIn((await lastMailTo('laat-bestaand@elders.test')).text);
    await api.db.query("UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE email IN ('laat@elders.test', 'laat-bestaand@elders.test')");

    expect((await api.request(`/api/invitations/${signupToken}`)).status).toBe(404);
    const signup = await api.request('/api/auth/signup', {
      method: 'POST',
      json: { firstname: 'Laura', lastname: 'Laat', email: 'laat@elders.test', password: TEST_PASSWORD, invitation: signupToken },
    });
    // Not placed by the link: an ordinary sign-up that waits for its own verification mail.
    expect(signup.status).toBe(202);
    expect(await account('laat@elders.test')).toBeUndefined();
    expect(await pendingSignups('laat@elders.test')).toBe(1);

    const accepted = await api.request(`/api/invitations/${acceptToken}/accept`, { method: 'POST', token: existing.token });
    expect(accepted.status).toBe(404);
    expect(await accepted.json()).toEqual({ statusCode: 404, detail: expect.any(String) });
    expect(await account('laat-bestaand@elders.test')).toMatchObject({ in_delta: false });
    expect(await api.db.query('SELECT accepted_at FROM invitations WHERE email IN ($1, $2)', ['laat@elders.test', 'laat-bestaand@elders.test'])).toEqual([
      { accepted_at: null },
      { accepted_at: null },
    ]);
  });

  it('refuses a used link at accept and at a second sign-up with the same address', async () => {
    await invite('tweemaal@elders.test');
    const token = linkIn((await lastMailTo('tweemaal@elders.test')).text);
    const first = await api.request('/api/auth/signup', {
      method: 'POST',
      json: { firstname: 'Tim', lastname: 'Tweemaal', email: 'tweemaal@elders.test', password: TEST_PASSWORD, invitation: token },
    });
    expect(first.status).toBe(201);
    expect(await account('tweemaal@elders.test')).toEqual({ in_delta: true, personal: false, email_verified: true });
    const [{ id }] = await api.db.query('SELECT id FROM users WHERE email = $1', ['tweemaal@elders.test']);
    const own = (await (await api.request('/api/auth/login', { method: 'POST', json: { email: 'tweemaal@elders.test', password: TEST_PASSWORD } })).json()).access_token;

    // Removed from Delta, the same person tries the link again.
    expect((await api.request(`/api/users/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    const again = await api.request(`/api/invitations/${token}/accept`, { method: 'POST', token: own });
    expect(again.status).toBe(404);
    expect(await account('tweemaal@elders.test')).toMatchObject({ in_delta: false, personal: true });

    // Gone altogether, the address signs up again with the used link: no account, nothing in Delta.
    expect((await api.request(`/api/users/${id}`, { method: 'DELETE', token: own })).status).toBe(204);
    const second = await api.request('/api/auth/signup', {
      method: 'POST',
      json: { firstname: 'Tim', lastname: 'Tweemaal', email: 'tweemaal@elders.test', password: TEST_PASSWORD, invitation: token },
    });
    expect(second.status).toBe(202);
    expect(await account('tweemaal@elders.test')).toBeUndefined();
    expect(await pendingSignups('tweemaal@elders.test')).toBe(1);
  });
});

describe('open invitations: honest answers, list, withdraw and resend', () => {
  const pending = async (token = owner.token) => (await api.request('/api/invitations', { token })).json();

  it('does not invite a member of the organisation, and sends nothing', async () => {
    const before = mailbox.mails.length;
    const response = await invite(member.email.toUpperCase());
    expect(response.status).toBe(409);
    expect((await response.json()).detail).toBe(DETAILS.alreadyMember);
    expect(mailbox.mails.length).toBe(before);
    expect((await pending()).map((row: { email: string }) => row.email)).not.toContain(member.email.toLowerCase());
  });

  it("lists the organisation's open invitations only, one per address, with when they were sent and expire", async () => {
    const west = await api.createOrganization();
    const westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
    await invite('open-een@elders.test');
    await invite('open-een@elders.test');
    await invite('geheim-west@elders.test', westOwner.token);
    const rows: { invitation_id: string; email: string; sent_at: string; expires_at: string }[] = await pending();
    const mine = rows.filter((row) => row.email === 'open-een@elders.test');
    expect(mine).toHaveLength(1);
    const days = (Date.parse(mine[0].expires_at) - Date.parse(mine[0].sent_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(Math.abs(Date.parse(mine[0].sent_at) - Date.now())).toBeLessThan(60_000);
    expect(rows.map((row) => row.email)).not.toContain('geheim-west@elders.test');
    // The replaced invitation's link no longer works; only the newest does.
    const [first, second] = mailbox.mails.filter((m) => m.to.includes('open-een@elders.test')).map((m) => linkIn(m.text));
    expect((await api.request(`/api/invitations/${first}`)).status).toBe(404);
    expect((await api.request(`/api/invitations/${second}`)).status).toBe(200);
    // Accepted and expired invitations are not open.
    await api.db.query("UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE email = 'open-een@elders.test'");
    expect((await pending()).map((row: { email: string }) => row.email)).not.toContain('open-een@elders.test');
  });

  it('withdrawing stops the link; another organisation cannot withdraw or resend it', async () => {
    await invite('intrekken@elders.test');
    const token = linkIn((await lastMailTo('intrekken@elders.test')).text);
    const [row] = (await pending()).filter((r: { email: string }) => r.email === 'intrekken@elders.test');
    const west = await api.createOrganization();
    const westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
    expect((await api.request(`/api/invitations/${row.invitation_id}`, { method: 'DELETE', token: westOwner.token })).status).toBe(404);
    expect((await api.request(`/api/invitations/${row.invitation_id}/resend`, { method: 'POST', token: westOwner.token })).status).toBe(404);
    expect((await api.request(`/api/invitations/${row.invitation_id}`, { method: 'DELETE', token: member.token })).status).toBe(403);
    expect((await api.request(`/api/invitations/${token}`)).status).toBe(200);

    expect((await api.request(`/api/invitations/${row.invitation_id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await api.request(`/api/invitations/${token}`)).status).toBe(404);
    expect((await pending()).map((r: { email: string }) => r.email)).not.toContain('intrekken@elders.test');
    expect((await api.request(`/api/invitations/${row.invitation_id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });

  it('resending mails a new link valid 7 days and the old one stops working', async () => {
    await invite('opnieuw@elders.test');
    const oldToken = linkIn((await lastMailTo('opnieuw@elders.test')).text);
    const [row] = (await pending()).filter((r: { email: string }) => r.email === 'opnieuw@elders.test');
    await api.db.query("UPDATE invitations SET created_at = now() - interval '3 days', expires_at = now() + interval '4 days' WHERE id = $1", [row.invitation_id]);
    const before = mailbox.mails.length;
    const response = await api.request(`/api/invitations/${row.invitation_id}/resend`, { method: 'POST', token: owner.token });
    expect(response.status).toBe(200);
    const resent = await response.json();
    expect(resent.email).toBe('opnieuw@elders.test');
    expect((Date.parse(resent.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(6.9);
    await expect.poll(() => mailbox.mails.length).toBe(before + 1);
    const newToken = linkIn((await lastMailTo('opnieuw@elders.test')).text);
    expect(newToken).not.toBe(oldToken);
    expect((await api.request(`/api/invitations/${oldToken}`)).status).toBe(404);
    expect((await api.request(`/api/invitations/${newToken}`)).status).toBe(200);
  });
});
const pendingSignups = async (email: string): Promise<number> =>
  (await api.db.query('SELECT count(*)::int AS n FROM signup_verifications WHERE email = $1', [email]))[0].n;

/** Where the account with this address ended up, from the database. */
async function account(email: string): Promise<{ in_delta: boolean; personal: boolean; email_verified: boolean } | undefined> {
  const [row] = await api.db.query(
    `SELECT u.organization_id = $2 AS in_delta, o.name LIKE 'tmp\\_%' AS personal, u.email_verified
       FROM users u JOIN organizations o ON o.id = u.organization_id WHERE u.email = $1`,
    [email, delta.id],
  );
  return row;
}
