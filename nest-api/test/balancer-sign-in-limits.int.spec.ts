import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMIT_DETAILS } from '@datahub/domain';
import { startBalancer, type Balancer } from './balancer';
import { startTestApi, stopProcess, TEST_PASSWORD, type TestApi } from './harness';
import { startSecondApi } from './second-api';

/**
 * Issue 34 item 7 (part): a real haproxy, round robin and without sticky sessions, in front of two
 * API processes on one database: the sign-in limits hold through it as for one process.
 */
const LIMITS = { LOGIN_RATE_LIMIT_PER_ADDRESS: '1000', LOGIN_FAILURES_PER_ACCOUNT: '4' };

let api: TestApi;
let second: { child: ChildProcess; url: string };
let balancer: Balancer | undefined;

beforeAll(async () => {
  api = await startTestApi(LIMITS);
  second = await startSecondApi(api, LIMITS);
  balancer = await startBalancer({ 'api-1': api.baseUrl, 'api-2': second.url });
});
afterAll(async () => {
  await balancer?.close();
  await stopProcess(second?.child);
  await api?.close();
});

function login(email: string, password: string, address: string) {
  return fetch(`${balancer!.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
}

describe('sign-in limits through a round-robin balancer over two API processes', () => {
  it("caps an account's failures once for the cluster, whichever process answers", async () => {
    const organizationId = (await api.createOrganization()).id;
    const user = await api.createUser({ organizationId });
    const servedBy = new Set<string | null>();
    for (let i = 1; i <= 4; i += 1) {
      const response = await login(user.email, 'fout-wachtwoord-123', `198.18.41.${i}`);
      expect(response.status, `attempt ${i}`).toBe(401);
      servedBy.add(response.headers.get('x-served-by'));
    }
    expect([...servedBy].sort()).toEqual(['api-1', 'api-2']);
    // Counted per process, each would have allowed four of its own: the fifth would still be answered.
    for (let i = 0; i < 2; i += 1) {
      const refused = await login(user.email, TEST_PASSWORD, '198.18.41.99');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { detail: string }).detail).toBe(SIGN_IN_LIMIT_DETAILS.accountCapped);
    }
  });
});
