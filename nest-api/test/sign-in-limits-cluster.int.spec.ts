import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, SIGN_IN_LIMIT_DETAILS } from '@datahub/domain';
import { startTestApi, stopProcess, TEST_PASSWORD, type TestApi } from './harness';
import { startSecondApi } from './second-api';

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
});
