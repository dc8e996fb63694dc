import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DETAILS, ACCOUNT_FIELD_ERRORS, ACCOUNT_MAILS, DETAILS, FIELD_ERRORS } from '@datahub/domain';
import { PASSWORD_ERRORS } from '@datahub/domain/server';
import { startTestApi, TEST_PASSWORD, type TestApi } from './harness';
import { startMailbox, type Mailbox, type ReceivedMail } from './mailbox';

const NEW_PASSWORD = 'Paars-Kasdek-Tomaat-17';

let api: TestApi;
let mailbox: Mailbox;
let organizationId: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  api = await startTestApi({ SMTP_URL: mailbox.url });
  organizationId = (await api.createOrganization()).id;
});
afterAll(async () => {
  await api?.close();
  await mailbox?.close();
});

function requestReset(email: string) {
  return api.request('/api/auth/password-reset', { method: 'POST', json: { email } });
}

function completeReset(token: string, password: string) {
  return api.request('/api/auth/password-reset/confirm', { method: 'POST', json: { token, password } });
}

function login(email: string, password: string) {
  return api.request('/api/auth/login', { method: 'POST', json: { email, password } });
}

function resetToken(mail: ReceivedMail): string {
  const match = /http:\/\/\S+\/wachtwoord-herstellen\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1];
}

async function currentUserStatus(token: string): Promise<number> {
  return (await api.request('/api/current_user', { token })).status;
}

describe("'Wachtwoord vergeten?'", () => {
  it('answers the same for a known and an unknown address; only the account gets a link, stored hashed', async () => {
    const user = await api.createUser({ organizationId });
    const known = await requestReset(user.email);
    const unknown = await requestReset('niemand@example.test');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    const [mail] = await mailbox.mailsTo(user.email);
    expect(mail.raw).toContain(`Subject: ${ACCOUNT_MAILS.reset.subject}`);
    const token = resetToken(mail);
    const rows = await api.db.query('SELECT token_hash FROM password_resets WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(mailbox.mails.some((m) => m.to.includes('niemand@example.test'))).toBe(false);
    const invalid = await requestReset('geen-adres');
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors).toEqual({ email: FIELD_ERRORS.email });
  });

  it('sets a new password once: every session ends, the old password stops working, a mail says so', async () => {
    const user = await api.createUser({ organizationId, firstname: 'Herman' });
    const otherSession = (await (await login(user.email, TEST_PASSWORD)).json()).access_token as string;
    await requestReset(user.email);
    const token = resetToken((await mailbox.mailsTo(user.email))[0]);

    // Looking at the link does not use it up.
    const target = await api.request(`/api/auth/password-reset/${token}`);
    expect(await target.json()).toEqual({ email: user.email });
    expect((await api.request(`/api/auth/password-reset/${token}`)).status).toBe(200);

    // The password rule applies, with the account's own address.
    const common = await completeReset(token, 'password1234');
    expect(common.status).toBe(422);
    expect((await common.json()).errors).toEqual({ password: PASSWORD_ERRORS.common });
    const own = await completeReset(token, `${user.email}`);
    expect((await own.json()).errors).toEqual({ password: PASSWORD_ERRORS.email });
    const short = await completeReset(token, 'Kort-123');
    expect(short.status).toBe(422);

    expect((await completeReset(token, NEW_PASSWORD)).status).toBe(204);
    expect(await currentUserStatus(user.token)).toBe(401);
    expect(await currentUserStatus(otherSession)).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    const mails = await mailbox.mailsTo(user.email, 2);
    expect(mails[1].raw).toContain(`Subject: ${ACCOUNT_MAILS.changed.subject}`);

    // Single use.
    const again = await completeReset(token, 'Nog-Een-Ander-Wachtwoord-5');
    expect(again.status).toBe(404);
    expect((await again.json()).detail).toBe(ACCOUNT_DETAILS.resetInvalid);
    expect((await api.request(`/api/auth/password-reset/${token}`)).status).toBe(404);
  });

  it('a link older than 30 minutes no longer works', async () => {
    const user = await api.createUser({ organizationId });
    await requestReset(user.email);
    const token = resetToken((await mailbox.mailsTo(user.email))[0]);
    await api.db.query(`UPDATE password_resets SET expires_at = created_at + interval '30 minutes' WHERE user_id = $1`, [user.id]);
    const [{ ttl }] = await api.db.query(`SELECT (expires_at - created_at) = interval '30 minutes' AS ttl FROM password_resets WHERE user_id = $1`, [user.id]);
    expect(ttl).toBe(true);
    await api.db.query(`UPDATE password_resets SET created_at = now() - interval '31 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1`, [user.id]);
    expect((await completeReset(token, NEW_PASSWORD)).status).toBe(404);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('is rate-limited per account, known or not, with the same answer', async () => {
    const user = await api.createUser({ organizationId });
    const statuses: number[] = [];
    const unknownStatuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await requestReset(user.email)).status);
      unknownStatuses.push((await requestReset('nog-iemand@example.test')).status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(unknownStatuses).toEqual(statuses);
    expect(await mailbox.mailsTo(user.email, 3)).toHaveLength(3);
  });

  it('an account without a password (external sign-in) gets a note instead of a link, and has no password to change', async () => {
    const user = await api.createUser({ organizationId });
    await api.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [user.id]);
    expect((await requestReset(user.email)).status).toBe(202);
    const [mail] = await mailbox.mailsTo(user.email);
    expect(mail.raw).toContain(`Subject: ${ACCOUNT_MAILS.noPassword.subject}`);
    expect(mail.text).not.toContain('/wachtwoord-herstellen/');
    expect(await api.db.query('SELECT 1 FROM password_resets WHERE user_id = $1', [user.id])).toEqual([]);
    expect(await (await api.request('/api/auth/password', { token: user.token })).json()).toEqual({ has_password: false });
    const change = await api.request('/api/auth/password', {
      method: 'POST',
      token: user.token,
      json: { current_password: 'wat-dan-ook-1234', password: NEW_PASSWORD },
    });
    expect(change.status).toBe(409);
  });
});

describe("'Wachtwoord wijzigen'", () => {
  function change(token: string, current: string, password: string) {
    return api.request('/api/auth/password', { method: 'POST', token, json: { current_password: current, password } });
  }

  it('needs the current password and a good new one; other sessions end, this one stays, a mail says so', async () => {
    const user = await api.createUser({ organizationId });
    const otherSession = (await (await login(user.email, TEST_PASSWORD)).json()).access_token as string;
    expect(await (await api.request('/api/auth/password', { token: user.token })).json()).toEqual({ has_password: true });

    const wrong = await change(user.token, 'Niet-Mijn-Wachtwoord-1', NEW_PASSWORD);
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ current_password: ACCOUNT_FIELD_ERRORS.currentPassword });
    const weak = await change(user.token, TEST_PASSWORD, 'qwertyuiop123');
    expect((await weak.json()).errors).toEqual({ password: PASSWORD_ERRORS.common });
    const same = await change(user.token, TEST_PASSWORD, TEST_PASSWORD);
    expect((await same.json()).errors).toEqual({ password: ACCOUNT_FIELD_ERRORS.samePassword });
    expect(await currentUserStatus(otherSession)).toBe(200);

    expect((await change(user.token, TEST_PASSWORD, NEW_PASSWORD)).status).toBe(204);
    expect(await currentUserStatus(user.token)).toBe(200);
    expect(await currentUserStatus(otherSession)).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    const [mail] = await mailbox.mailsTo(user.email);
    expect(mail.raw).toContain(`Subject: ${ACCOUNT_MAILS.changed.subject}`);
  });

  it('stops guessing the current password after a few tries', async () => {
    const user = await api.createUser({ organizationId });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await change(user.token, `Geraden-Wachtwoord-${i}`, NEW_PASSWORD)).status);
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expect((await (await change(user.token, TEST_PASSWORD, NEW_PASSWORD)).json()).detail).toBe(DETAILS.tooManyAttempts);
  });

  it('is for signed-in people only', async () => {
    expect((await api.request('/api/auth/password', { method: 'POST', json: { current_password: TEST_PASSWORD, password: NEW_PASSWORD } })).status).toBe(401);
    expect((await api.request('/api/auth/password')).status).toBe(401);
  });
});
