import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';

let api: TestApi;
let member: TestUser;

beforeAll(async () => {
  api = await startTestApi({
    SIGNUP_ENABLED: 'false',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '3',
    LOGIN_RATE_LIMIT_PER_ADDRESS: '8',
    GOOGLE_CLIENT_ID: 'google-id',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GITHUB_CLIENT_ID: 'github-id',
    GITHUB_CLIENT_SECRET: 'github-secret',
  });
  const organization = await api.createOrganization();
  member = await api.createUser({ organizationId: organization.id });
});
afterAll(() => api?.close());

const login = (email: string, password: string, address = '203.0.113.7') =>
  api.request('/api/auth/login', { method: 'POST', json: { email, password }, headers: { 'x-forwarded-for': address } });

describe('configured sign-in options', () => {
  it('shows exactly the configured providers and hides sign-up', async () => {
    expect(await (await api.request('/api/auth/providers')).json()).toEqual({
      signup_enabled: false,
      providers: [
        { id: 'google', url: '/api/auth/google' },
        { id: 'github', url: '/api/auth/github' },
      ],
    });
  });

  it('refuses sign-up when it is disabled', async () => {
    const response = await api.request('/api/auth/signup', {
      method: 'POST',
      json: { firstname: 'A', lastname: 'B', email: 'a@b.test', password: TEST_PASSWORD },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toBe(DETAILS.signupDisabled);
  });
});

describe('GitHub sign-in', () => {
  it('sends the browser to GitHub with client id, state and a PKCE challenge, and remembers the flow', async () => {
    const response = await api.request('/api/auth/github?redirect_uri=/profiel');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(location.searchParams.get('client_id')).toBe('github-id');
    expect(location.searchParams.get('redirect_uri')).toBe(`${api.baseUrl}/api/auth/github/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const flow = response.headers.getSetCookie().find((cookie) => cookie.startsWith('oauth_flow='));
    expect(flow).toMatch(/HttpOnly/);
    expect(flow).toMatch(/Path=\/api\/auth/);
  });

  it('refuses a callback without the flow cookie', async () => {
    const response = await api.request('/api/auth/github/callback?code=x&state=y');
    expect(response.headers.get('location')).toBe('/inloggen?fout=extern');
  });
});

describe('rate limits', () => {
  it('stops repeated failures for an account from one address, even with the right password, but not the owner elsewhere', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await login(member.email, 'wrong-password-1', '198.51.100.1')).status).toBe(401);
    const locked = await login(member.email, TEST_PASSWORD, '198.51.100.1');
    expect(locked.status).toBe(429);
    expect((await locked.json()).detail).toBe(DETAILS.tooManyAttempts);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(member.email, TEST_PASSWORD, '198.51.100.99')).status).toBe(200);
  });

  it('limits one address across accounts, and not others', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1)
      expect((await login(`nobody${attempt}@example.test`, 'wrong-password-1', '192.0.2.1')).status).toBe(401);
    expect((await login('nobody-else@example.test', 'wrong-password-1', '192.0.2.1')).status).toBe(429);
    expect((await login('nobody-else@example.test', 'wrong-password-1', '192.0.2.2')).status).toBe(401);
  });
});
