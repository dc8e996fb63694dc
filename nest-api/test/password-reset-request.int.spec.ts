import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { ACCOUNT_MAILS } from '@datahub/domain';
import { startTestApi, type ApiResponse, type TestApi } from './harness';
import { startMailbox, type Mailbox } from './mailbox';

/**
 * Issue 32 item 7: asking for a reset link must not tell, by its answer or its timing, whether the
 * address has an account. The request touches no account: the lookup and the mail are a queued
 * job. Proved without a clock: while another transaction holds the users table locked, the answer
 * for a known and an unknown address still comes (the same), and the mail only after the lock ends.
 */
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

/** The answer, or 'no answer' when none came while the users table was locked (a generous bound, not a speed target). */
function answered(pending: Promise<ApiResponse>): Promise<ApiResponse | 'no answer'> {
  return Promise.race([pending, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 10_000).unref())]);
}

function shape(response: ApiResponse, body: unknown) {
  const headers = [...response.headers.entries()].filter(([name]) => name !== 'date' && name !== 'x-request-id');
  return { status: response.status, headers, body };
}

async function resetJobs(): Promise<string[]> {
  const rows: { state: string }[] = await api.db.query(`SELECT state FROM pgboss.job WHERE name = 'password-reset-mail' ORDER BY created_on`);
  return rows.map((row) => row.state);
}

describe("'Wachtwoord vergeten?' asked", () => {
  it('answers at once and the same for a known and an unknown address, looking nothing up; the job mails the account afterwards', async () => {
    const user = await api.createUser({ organizationId, firstname: 'Anouk' });
    const unknown = 'niet-bestaand@example.test';
    const locker = new Client({ connectionString: (api.db.options as { url: string }).url });
    await locker.connect();
    let known: ApiResponse | 'no answer';
    let stranger: ApiResponse | 'no answer';
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      known = await answered(requestReset(user.email));
      stranger = await answered(requestReset(unknown));
      // Still locked: nothing could have been looked up or mailed yet.
      expect(mailbox.mails.filter((m) => m.to.includes(user.email))).toEqual([]);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect(known).not.toBe('no answer');
    expect(stranger).not.toBe('no answer');
    const knownAnswer = known as ApiResponse;
    const strangerAnswer = stranger as ApiResponse;
    expect(shape(knownAnswer, await knownAnswer.json())).toEqual(shape(strangerAnswer, await strangerAnswer.json()));
    expect(knownAnswer.status).toBe(202);

    const [mail] = await mailbox.mailsTo(user.email);
    expect(mail.raw).toContain(`Subject: ${ACCOUNT_MAILS.reset.subject}`);
    expect(mail.text).toContain('Beste Anouk');
    for (let i = 0; i < 100 && (await resetJobs()).some((state) => state !== 'completed'); i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await resetJobs()).toEqual(['completed', 'completed']);
    expect(mailbox.mails.some((m) => m.to.includes(unknown))).toBe(false);
    // The typed address is not readable in the queue's rows.
    const [{ data }] = await api.db.query(`SELECT data::text AS data FROM pgboss.job WHERE name = 'password-reset-mail' LIMIT 1`);
    expect(data).not.toContain('example.test');
  });
});
