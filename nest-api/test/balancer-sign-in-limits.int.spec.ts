import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMIT_DETAILS } from '@datahub/domain';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, stopProcess, TEST_PASSWORD, type TestApi } from './harness';
import { startSecondApi } from './second-api';
import { waitForHealth } from './waiting';

/**
 * Issue 34 item 7 (part): a real haproxy, round robin and without sticky sessions, in front of two
 * API processes on one database: the sign-in limits hold through it as for one process.
 */
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const LIMITS = { LOGIN_RATE_LIMIT_PER_ADDRESS: '1000', LOGIN_FAILURES_PER_ACCOUNT: '4' };

let api: TestApi;
let second: { child: ChildProcess; url: string };
let balancer: ChildProcess | undefined;
let balancerUrl = '';
let dir = '';

beforeAll(async () => {
  api = await startTestApi(LIMITS);
  second = await startSecondApi(api, LIMITS);
  const port = await freePort();
  balancerUrl = `http://127.0.0.1:${port}`;
  dir = mkdtempSync(join(tmpdir(), 'datahub-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'defaults',
      '    mode http',
      '    timeout connect 5s',
      '    timeout client 30s',
      '    timeout server 30s',
      'frontend api',
      `    bind 127.0.0.1:${port}`,
      '    option forwardfor',
      '    default_backend apis',
      'backend apis',
      '    balance roundrobin',
      // Says which process answered, so the test can see that both did.
      '    http-response set-header X-Served-By %s',
      `    server api-1 ${new URL(api.baseUrl).host}`,
      `    server api-2 ${new URL(second.url).host}`,
      '',
    ].join('\n'),
  );
  balancer = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForHealth(`${balancerUrl}/api/health`);
});
afterAll(async () => {
  await stopProcess(balancer);
  await stopProcess(second?.child);
  await api?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function login(email: string, password: string, address: string) {
  return fetch(`${balancerUrl}/api/auth/login`, {
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
