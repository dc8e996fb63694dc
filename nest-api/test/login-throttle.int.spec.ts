import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';

/**
 * Failed sign-ins are counted per (account, client address) and per address. A stranger who
 * guesses wrong cannot lock the owner out: the account is only slowed down, and every 429 says
 * when to come back.
 */
let api: TestApi;
let victim: TestUser;

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3', LOGIN_RATE_LIMIT_PER_ADDRESS: '8' });
  const organization = await api.createOrganization();
  victim = await api.createUser({ organizationId: organization.id });
});
afterAll(() => api?.close());

function login(email: string, password: string, address: string) {
  // The test talks to the API over loopback, a trusted proxy: X-Forwarded-For names the client.
  return api.request('/api/auth/login', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': address } });
}

describe('sign-in throttling', () => {
  it('stops a guesser at their own address with Retry-After, while the owner still signs in from theirs', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login(victim.email, 'fout-wachtwoord-123', '203.0.113.10')).status).toBe(401);
    const stopped = await login(victim.email, 'fout-wachtwoord-123', '203.0.113.10');
    expect(stopped.status).toBe(429);
    expect(await stopped.json()).toEqual({ statusCode: 429, detail: DETAILS.tooManyAttempts });
    const retryAfter = Number(stopped.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Even the right password from the guesser's address waits.
    expect((await login(victim.email, TEST_PASSWORD, '203.0.113.10')).status).toBe(429);

    const owner = await login(victim.email, TEST_PASSWORD, '198.51.100.20');
    expect(owner.status).toBe(200);
  });

  it('stops one address that tries many accounts, with Retry-After', async () => {
    let last: Response | null = null;
    for (let i = 0; i < 9; i += 1) last = await login(`onbekend-${i}@example.test`, 'fout-wachtwoord-123', '203.0.113.77');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(victim.email, TEST_PASSWORD, '198.51.100.21')).status).toBe(200);
  });

  it('slows an account down after failures from many addresses instead of locking it', async () => {
    const organization = await api.createOrganization();
    const target = await api.createUser({ organizationId: organization.id });
    for (let i = 0; i < 8; i += 1) expect((await login(target.email, 'fout-wachtwoord-123', `192.0.2.${i + 1}`)).status).toBe(401);
    const started = Date.now();
    const owner = await login(target.email, TEST_PASSWORD, '198.51.100.30');
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
