import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_DETAILS } from '@datahub/domain';
import { startTestApi, TEST_PASSWORD, type TestApi } from './harness';
import { enrol } from './two-factor-helpers';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ REQUIRE_2FA_FOR_ADMINS: 'true' });
});
afterAll(async () => {
  await api?.close();
});

async function signIn(email: string): Promise<string> {
  const answer = await api.request('/api/auth/login', { method: 'POST', json: { email, password: TEST_PASSWORD } });
  expect(answer.status).toBe(200);
  return (await answer.json()).access_token;
}

describe('REQUIRE_2FA_FOR_ADMINS', () => {
  it('opens only enrolment to a platform admin without two-step sign-in; everything works once it is on', async () => {
    const token = await signIn('platform-owner@datahub.test');
    const refused = await api.request('/api/organizations', { token });
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe(TWO_FACTOR_DETAILS.enrolmentRequired);
    expect((await api.request('/api/auth/password', { token })).status).toBe(403);
    const me = await api.request('/api/current_user', { token });
    expect(me.status).toBe(200);
    expect((await me.json()).two_factor_enrolment_required).toBe(true);
    expect((await (await api.request('/api/auth/two-factor', { token })).json()).required).toBe(true);

    await enrol(api, token);
    expect((await api.request('/api/organizations', { token })).status).toBe(200);
    expect((await (await api.request('/api/current_user', { token })).json()).two_factor_enrolment_required).toBe(false);
  });

  it('leaves other users, and admins who sign in through a provider, as they are', async () => {
    const [admins] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const member = await api.createUser({ organizationId: (await api.createOrganization()).id });
    expect((await api.request('/api/organizations', { token: member.token })).status).toBe(200);
    const federated = await api.createUser({ organizationId: admins.id });
    await api.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [federated.id]);
    expect((await api.request('/api/organizations', { token: federated.token })).status).toBe(200);
    const withPassword = await api.createUser({ organizationId: admins.id });
    expect((await api.request('/api/organizations', { token: withPassword.token })).status).toBe(403);
  });
});
