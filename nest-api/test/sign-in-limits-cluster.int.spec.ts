import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, SIGN_IN_LIMIT_DETAILS } from '@datahub/domain';
import { startTestApi, stopProcess, TEST_PASSWORD, type TestApi } from './harness';
import { startSecondApi } from './second-api';
import { enrol, totpCode } from './two-factor-helpers';

/**
 * Issue 32 (and issue 34 item 1): the sign-in limits are the cluster's, not one process's. Two API
 * processes on one database count the same attempts: kept in PostgreSQL, not in memory.
 */
const LIMITS = { LOGIN_RATE_LIMIT_PER_ADDRESS: '4', LOGIN_FAILURES_PER_ACCOUNT: '5' };

let api: TestApi;
let second: { child: ChildProcess; url: string };
let organizationId: string;

beforeAll(async () => {
  api = await startTestApi(LIMITS);
  second = await startSecondApi(api, LIMITS);
  organizationId = (await api.createOrganization()).id;
});
afterAll(async () => {
  await stopProcess(second?.child);
  await api?.close();
});

function login(base: string, email: string, password: string, address: string) {
  return fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
}

describe('sign-in limits over two API processes', () => {
  it('counts one address on both processes together', async () => {
    const address = '203.0.113.40';
    for (const [i, base] of [api.baseUrl, second.url, api.baseUrl, second.url].entries())
      expect((await login(base, `iemand${i}@cluster.test`, 'fout-wachtwoord-123', address)).status, `attempt ${i + 1}`).toBe(401);
    for (const base of [api.baseUrl, second.url]) {
      const refused = await login(base, 'nog-iemand@cluster.test', 'fout-wachtwoord-123', address);
      expect(refused.status).toBe(429);
      expect((await refused.json()) as unknown).toEqual({ statusCode: 429, detail: DETAILS.tooManyAttempts });
    }
  });

  it("caps an account's failures from every address on both processes together", async () => {
    const user = await api.createUser({ organizationId });
    const bases = [api.baseUrl, second.url, api.baseUrl, second.url, api.baseUrl];
    for (const [i, base] of bases.entries())
      expect((await login(base, user.email, 'fout-wachtwoord-123', `198.18.40.${i + 1}`)).status, `attempt ${i + 1}`).toBe(401);
    for (const base of [api.baseUrl, second.url]) {
      const refused = await login(base, user.email, TEST_PASSWORD, '198.18.40.99');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { detail: string }).detail).toBe(SIGN_IN_LIMIT_DETAILS.accountCapped);
    }
  });

  /** A signed-in request to `path` on `base`. */
  function post(base: string, path: string, body: unknown, token?: string) {
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }
  const alternating = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 === 0 ? api.baseUrl : second.url));

  it('counts wrong current passwords (changing a password) on both processes together: five, then 429 on either', async () => {
    const user = await api.createUser({ organizationId });
    for (const [i, base] of alternating(5).entries())
      expect((await post(base, '/api/auth/password', { current_password: `Geraden-Wachtwoord-${i}`, password: 'Nieuw-Wachtwoord-42' }, user.token)).status, `try ${i + 1}`).toBe(422);
    for (const base of [api.baseUrl, second.url]) {
      const refused = await post(base, '/api/auth/password', { current_password: 'Nog-Een-Gok-77', password: 'Nieuw-Wachtwoord-42' }, user.token);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { detail: string }).detail).toBe(DETAILS.tooManyAttempts);
    }
  });

  it('counts wrong codes when turning two-step sign-in off on both processes together: five, then even the right code waits', async () => {
    const user = await api.createUser({ organizationId });
    const { secret } = await enrol(api, user.token);
    for (const [i, base] of alternating(5).entries()) expect((await post(base, '/api/auth/two-factor/disable', { code: '000000' }, user.token)).status, `try ${i + 1}`).toBe(422);
    for (const base of [api.baseUrl, second.url]) expect((await post(base, '/api/auth/two-factor/disable', { code: totpCode(secret, 1) }, user.token)).status).toBe(429);
  });

  it('counts sign-up mails per address on both processes together: three an hour, then 429 on either', async () => {
    const email = 'cluster-aanmelding@elders.test';
    expect((await post(api.baseUrl, '/api/auth/signup', { firstname: 'Vera', lastname: 'Vreemd', email, password: TEST_PASSWORD })).status).toBe(202);
    expect((await post(second.url, '/api/auth/signup/resend', { email })).status).toBe(202);
    expect((await post(api.baseUrl, '/api/auth/signup/resend', { email })).status).toBe(202);
    for (const base of [second.url, api.baseUrl]) {
      const refused = await post(base, '/api/auth/signup/resend', { email });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('counts invitations per inviter on both processes together: fifty an hour, then 429 on either', async () => {
    const inviter = await api.createUser({ organizationId, roles: ['Organization.Owner'] });
    for (const [i, base] of alternating(50).entries()) expect((await post(base, '/api/invitations', { email: `genodigde-${i}@cluster.test` }, inviter.token)).status, `invitation ${i + 1}`).toBe(201);
    for (const base of [api.baseUrl, second.url]) {
      const refused = await post(base, '/api/invitations', { email: 'een-te-veel@cluster.test' }, inviter.token);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { detail: string }).detail).toBe(DETAILS.tooManyAttempts);
    }
  });
});
