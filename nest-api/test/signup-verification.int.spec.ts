import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, FIELD_ERRORS } from '@datahub/domain';
import { MEMBER_PERMISSIONS, OWNER_PERMISSIONS } from './expected-permissions';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';
import { startMailbox, type Mailbox, type ReceivedMail } from './mailbox';

let api: TestApi;
let mailbox: Mailbox;
let delta: { id: string; name: string; slug: string };
let deltaMember: TestUser;

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startTestApi({ SMTP_URL: mailbox.url });
  delta = await api.createOrganization({ name: 'Kwekerij Delta', domain: 'kwekerij-delta.test' });
  deltaMember = await api.createUser({ organizationId: delta.id, email: 'lid@kwekerij-delta.test' });
});
afterAll(async () => {
  await api?.close();
  await mailbox?.close();
});

function signup(email: string, extra: Record<string, unknown> = {}) {
  return api.request('/api/auth/signup', {
    method: 'POST',
    json: { firstname: 'Vera', lastname: 'Vreemd', email, password: TEST_PASSWORD, ...extra },
  });
}

function mailsTo(address: string, count = 1): Promise<ReceivedMail[]> {
  return mailbox.mailsTo(address, count);
}

function verificationToken(mail: ReceivedMail): string {
  const match = /http:\/\/\S+\/registreren\/bevestigen\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return match[1];
}

function verify(token: string, password = TEST_PASSWORD) {
  return api.request('/api/auth/signup/verify', { method: 'POST', json: { token, password } });
}

describe('sign-up proves the address before placement by domain', () => {
  it('does not place anyone in an organisation by typing its domain: no account, no token, a mail instead', async () => {
    const response = await signup('indringer@kwekerij-delta.test');
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body).toEqual({ status: 'verification_sent', email: 'indringer@kwekerij-delta.test' });
    expect(body.access_token).toBeUndefined();
    expect(await api.db.query('SELECT id FROM users WHERE email = $1', ['indringer@kwekerij-delta.test'])).toEqual([]);
    const login = await api.request('/api/auth/login', { method: 'POST', json: { email: 'indringer@kwekerij-delta.test', password: TEST_PASSWORD } });
    expect(login.status).toBe(401);
    const [mail] = await mailsTo('indringer@kwekerij-delta.test');
    expect(mail.raw).toMatch(/Subject: Bevestig uw e-mailadres voor Datahub Tuinbouw/);
    // The link is stored hashed: the token in the mail is nowhere in the database.
    const token = verificationToken(mail);
    const rows = await api.db.query("SELECT token_hash FROM signup_verifications WHERE email = 'indringer@kwekerij-delta.test'");
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
  });

  it('places by domain only when the link is followed, with read rights only; the link works once', async () => {
    await signup('nieuw@kwekerij-delta.test');
    const token = verificationToken((await mailsTo('nieuw@kwekerij-delta.test'))[0]);
    // Whoever holds the link must also know the password chosen at sign-up.
    const wrong = await verify(token, 'Niet-Het-Gekozen-Wachtwoord');
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ password: FIELD_ERRORS.signupPassword });
    const verified = await verify(token);
    expect(verified.status).toBe(200);
    const { access_token } = await verified.json();
    const me = await (await api.request('/api/current_user', { token: access_token })).json();
    expect(me.organization).toBe(delta.id);
    expect(await (await api.request(`/api/users/${me.user_id}/permissions`, { token: access_token })).json()).toEqual(MEMBER_PERMISSIONS);
    const [row] = await api.db.query('SELECT email_verified FROM users WHERE id = $1', [me.user_id]);
    expect(row.email_verified).toBe(true);

    const again = await verify(token);
    expect(again.status).toBe(404);
    expect((await again.json()).detail).toBe(DETAILS.verificationInvalid);
  });

  // Issue 19: the joining person is told which organisation they will join before they confirm.
  it('says where the link will place the account without using it up', async () => {
    await signup('toekomst@kwekerij-delta.test');
    const token = verificationToken((await mailsTo('toekomst@kwekerij-delta.test'))[0]);
    const placement = await api.request(`/api/auth/signup/verify/${token}`);
    expect(placement.status).toBe(200);
    expect(await placement.json()).toEqual({ email: 'toekomst@kwekerij-delta.test', organization_name: 'Kwekerij Delta' });
    expect((await api.request(`/api/auth/signup/verify/${token}`)).status).toBe(200);
    expect((await verify(token)).status).toBe(200);
    const spent = await api.request(`/api/auth/signup/verify/${token}`);
    expect(spent.status).toBe(404);
    expect((await spent.json()).detail).toBe(DETAILS.verificationInvalid);
    expect((await api.request('/api/auth/signup/verify/verzonnen-link-verzonnen-link-verzonnen-12345')).status).toBe(404);
  });

  it('places nobody by a free-mail domain, even one claimed before the claim was refused', async () => {
    await api.createOrganization({ name: 'Oude Claim', domain: 'gmail.com' });
    await signup('vreemde@gmail.com');
    const token = verificationToken((await mailsTo('vreemde@gmail.com'))[0]);
    expect(await (await api.request(`/api/auth/signup/verify/${token}`)).json()).toEqual({ email: 'vreemde@gmail.com', organization_name: null });
    const { access_token } = await (await verify(token)).json();
    const me = await (await api.request('/api/current_user', { token: access_token })).json();
    expect(me.organization_name).toMatch(/^tmp_[0-9a-f]{12}$/);
  });

  it('puts someone without a matching domain in a personal organisation as its owner after verification', async () => {
    await signup('nina@elders.test');
    const token = verificationToken((await mailsTo('nina@elders.test'))[0]);
    const { access_token } = await (await verify(token)).json();
    const me = await (await api.request('/api/current_user', { token: access_token })).json();
    expect(me.organization_name).toMatch(/^tmp_[0-9a-f]{12}$/);
    expect(await (await api.request(`/api/users/${me.user_id}/permissions`, { token: access_token })).json()).toEqual(
      OWNER_PERMISSIONS,
    );
  });

  it('refuses an expired link and a made-up one', async () => {
    await signup('laat@elders.test');
    const token = verificationToken((await mailsTo('laat@elders.test'))[0]);
    await api.db.query("UPDATE signup_verifications SET expires_at = now() - interval '1 second' WHERE email = 'laat@elders.test'");
    expect((await verify(token)).status).toBe(404);
    expect((await verify('x'.repeat(43))).status).toBe(404);
    expect(await api.db.query("SELECT id FROM users WHERE email = 'laat@elders.test'")).toEqual([]);
  });

  it('answers an existing address exactly like a new one and mails its owner instead', async () => {
    const fresh = await signup('nog-niemand@elders.test');
    const existing = await signup(deltaMember.email.toUpperCase());
    expect(existing.status).toBe(fresh.status);
    expect(Object.keys(await existing.json())).toEqual(Object.keys(await fresh.json()));
    const [mail] = await mailsTo(deltaMember.email);
    expect(mail.raw).toMatch(/Subject: U heeft al een account op Datahub Tuinbouw/);
    expect(mail.text).not.toMatch(/registreren\/bevestigen/);
    // The existing account is untouched: its own password still works, the typed one does not take over.
    const [user] = await api.db.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [deltaMember.email]);
    expect(user.n).toBe(1);
  });

  it('resends a fresh link, rate-limited per address with Retry-After', async () => {
    await signup('herhaal@elders.test');
    const first = verificationToken((await mailsTo('herhaal@elders.test'))[0]);
    const resend = await api.request('/api/auth/signup/resend', { method: 'POST', json: { email: 'herhaal@elders.test' } });
    expect(resend.status).toBe(202);
    const second = verificationToken((await mailsTo('herhaal@elders.test', 2))[1]);
    expect(second).not.toBe(first);
    // The older link no longer works once a new one is sent.
    expect((await verify(first)).status).toBe(404);
    let last: Response | null = null;
    for (let i = 0; i < 5; i += 1) last = await api.request('/api/auth/signup/resend', { method: 'POST', json: { email: 'herhaal@elders.test' } });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The third mail of the hour was the last one; its link is the one that works.
    const third = verificationToken((await mailsTo('herhaal@elders.test', 3))[2]);
    expect(mailbox.mails.filter((m) => m.to.includes('herhaal@elders.test'))).toHaveLength(3);
    expect((await verify(second)).status).toBe(404);
    expect((await verify(third)).status).toBe(200);
  });

  it('mails nothing on a resend for an address without an open sign-up, with the same answer', async () => {
    const resend = await api.request('/api/auth/signup/resend', { method: 'POST', json: { email: 'nooit-aangemeld@elders.test' } });
    expect(resend.status).toBe(202);
    // The mail (if any) is handed to SMTP before the answer leaves, so none has come by now.
    expect(mailbox.mails.filter((m) => m.to.includes('nooit-aangemeld@elders.test'))).toEqual([]);
  });

  it('keeps invitations working: the invitation link proves the address and signs in at once', async () => {
    const owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
    await api.request('/api/invitations', { method: 'POST', token: owner.token, json: { email: 'gast@elders.test' } });
    const [mail] = await mailsTo('gast@elders.test');
    const invitation = /\/uitnodiging\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const response = await signup('gast@elders.test', { invitation });
    expect(response.status).toBe(201);
    const { access_token } = await response.json();
    const me = await (await api.request('/api/current_user', { token: access_token })).json();
    expect(me.organization).toBe(delta.id);
  });
});
