import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_ERRORS } from '@datahub/domain/server';
import { startTestApi, TEST_PASSWORD, type TestApi } from './harness';

/** Issue 19, item 14: the shared password rule of @datahub/domain, applied where a password is chosen. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

let counter = 0;
const signup = (password: string, extra: Record<string, string> = {}) =>
  api.request('/api/auth/signup', { method: 'POST', json: { firstname: 'Wim', lastname: 'Wachtwoord', email: `wim${(counter += 1)}@example.test`, password, ...extra } });

describe('choosing a password at sign-up', () => {
  it.each([
    ['aaaaaaaaaaaa', PASSWORD_ERRORS.repetitive],
    ['123456789012', PASSWORD_ERRORS.common],
    ['abcdefghijklmnop', PASSWORD_ERRORS.repetitive],
    ['administrator', PASSWORD_ERRORS.common],
    ['Qwerty123456!', PASSWORD_ERRORS.common],
  ])('refuses %s in Dutch at the password field', async (password, message) => {
    const response = await signup(password);
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ password: message });
  });

  it('refuses the e-mail address as the password', async () => {
    const response = await signup('wim.wachtwoord@example.test', { email: 'wim.wachtwoord@example.test' });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ password: PASSWORD_ERRORS.email });
  });

  it('applies to a sign-up through an invitation link too', async () => {
    const response = await signup('aaaaaaaaaaaa', { invitation: 'een-uitnodiging' });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({ password: PASSWORD_ERRORS.repetitive });
  });

  it('keeps the test and demo passwords', async () => {
    expect((await signup(TEST_PASSWORD)).status).toBe(202);
    expect((await signup('Tuinbouw-demo-2026')).status).toBe(202);
  });
});
