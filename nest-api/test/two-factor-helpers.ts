import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { TestApi } from './harness';

/** What an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** Turns two-step sign-in on for the token's user through the API; the secret and the recovery codes. */
export async function enrol(api: TestApi, token: string): Promise<{ secret: string; recoveryCodes: string[]; confirmedWith: string }> {
  expect((await api.request('/api/auth/two-factor/enrolment', { method: 'POST', token })).status).toBe(204);
  const enrolment = await api.request('/api/auth/two-factor/enrolment', { token });
  expect(enrolment.status).toBe(200);
  const { secret } = (await enrolment.json()) as { secret: string };
  const confirmedWith = totpCode(secret);
  const confirmed = await api.request('/api/auth/two-factor/enrolment/confirm', { method: 'POST', token, json: { code: confirmedWith } });
  expect(confirmed.status).toBe(201);
  return { secret, confirmedWith, recoveryCodes: ((await confirmed.json()) as { recovery_codes: string[] }).recovery_codes };
}

export function login(api: TestApi, email: string, password: string) {
  return api.request('/api/auth/login', { method: 'POST', json: { email, password } });
}

export function secondStep(api: TestApi, challenge: string, code: string) {
  return api.request('/api/auth/login/two-factor', { method: 'POST', json: { challenge, code } });
}

/** The password step for an account with two-step sign-in: 202 and the token for the code step. */
export async function challengeFor(api: TestApi, email: string, password: string): Promise<string> {
  const first = await login(api, email, password);
  expect(first.status).toBe(202);
  const body = (await first.json()) as { status: string; challenge: string; access_token?: string };
  expect(body.status).toBe('two_factor_required');
  expect(body.access_token).toBeUndefined();
  return body.challenge;
}
