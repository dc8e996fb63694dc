import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';

/** Sign-up and invitation limits against the real API (their windows are rows in attempt_counters; over two processes: sign-in-limits-cluster.int.spec.ts). */
let api: TestApi;
let owner: TestUser;
let colleague: TestUser;

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_LIMIT_PER_ADDRESS: '3' });
  const organization = await api.createOrganization();
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
  colleague = await api.createUser({ organizationId: organization.id, roles: ['User.Contributor'] });
});
afterAll(() => api?.close());

const signup = (email: string, address: string) =>
  api.request('/api/auth/signup', {
    method: 'POST',
    json: { firstname: 'Snel', lastname: 'Aanmelder', email, password: TEST_PASSWORD },
    headers: { 'x-forwarded-for': address },
  });
/** Open sign-ups (each waits for its mailed link). */
const pending = async (pattern: string) =>
  (await api.db.query('SELECT email FROM signup_verifications WHERE email LIKE $1 ORDER BY email', [pattern])).map((row: { email: string }) => row.email);

describe('sign-up throttle', () => {
  it('allows three sign-ups from one address, refuses the fourth, and not another address', async () => {
    for (let n = 1; n <= 3; n += 1) expect((await signup(`snel${n}@aanmelder.test`, '203.0.113.50')).status, `sign-up ${n}`).toBe(202);
    const refused = await signup('snel4@aanmelder.test', '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ statusCode: 429, detail: DETAILS.tooManyAttempts });
    expect(await pending('snel%@aanmelder.test')).toEqual(['snel1@aanmelder.test', 'snel2@aanmelder.test', 'snel3@aanmelder.test']);
    expect((await signup('snel4@aanmelder.test', '203.0.113.51')).status).toBe(202);
    expect(await pending('snel4@aanmelder.test')).toEqual(['snel4@aanmelder.test']);
  });

  it('counts sign-up attempts apart from sign-in attempts of the same address', async () => {
    // Its own address: this test exhausts the sign-up budget itself rather than relying on the one above.
    const address = '203.0.113.60';
    for (let n = 1; n <= 3; n += 1) expect((await signup(`apart${n}@aanmelder.test`, address)).status, `sign-up ${n}`).toBe(202);
    expect((await signup('apart4@aanmelder.test', address)).status).toBe(429);
    const login = await api.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'niemand@aanmelder.test', password: 'verkeerd-wachtwoord' },
      headers: { 'x-forwarded-for': address },
    });
    expect(login.status).toBe(401);
  });
});

describe('invitation limit', () => {
  it('sends 50 invitations an hour per person, refuses the 51st and sends nothing for it; a colleague may still invite', async () => {
    const invite = (email: string, token = owner.token) => api.request('/api/invitations', { method: 'POST', token, json: { email } });
    for (let n = 1; n <= 50; n += 1) expect((await invite(`gast${n}@limiet.test`)).status, `invitation ${n}`).toBe(201);
    const refused = await invite('gast51@limiet.test');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ statusCode: 429, detail: DETAILS.tooManyAttempts });
    const sent = async () => (await api.db.query(`SELECT count(*)::int AS n FROM outbox WHERE recipient LIKE '%@limiet.test'`))[0].n;
    const stored = async () => (await api.db.query(`SELECT count(*)::int AS n FROM invitations WHERE email LIKE '%@limiet.test'`))[0].n;
    expect([await sent(), await stored()]).toEqual([50, 50]);
    expect((await invite('gast51@limiet.test', colleague.token)).status).toBe(201);
    expect([await sent(), await stored()]).toEqual([51, 51]);
  });
});
