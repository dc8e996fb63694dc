import Provider from 'oidc-provider';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { sessionOwnerHint } from '@datahub/domain/server';
import { startTestApi, TEST_CSRF_SECRET, type TestApi } from './harness';
import { enrol, secondStep, totpCode } from './two-factor-helpers';

// A real OpenID Connect provider (oidc-provider) on loopback plays Google and Microsoft (two clients).
let api: TestApi;
let op: Server;
let issuer: string;
const accounts: Record<string, { email: string; email_verified: boolean; given_name: string; family_name: string }> = {
  'g-1001': { email: 'kees@gmail.test', email_verified: true, given_name: 'Kees', family_name: 'Kas' },
  'g-1003': { email: 'federatie@gmail.test', email_verified: true, given_name: 'Fedde', family_name: 'Ratie' },
  'g-1002': { email: 'onbevestigd@gmail.test', email_verified: false, given_name: 'On', family_name: 'Bevestigd' },
  'g-1004': { email: 'tweestaps@gmail.test', email_verified: true, given_name: 'Twee', family_name: 'Staps' },
  'm-2001': { email: 'Marit@Outlook.test', email_verified: true, given_name: 'Marit', family_name: 'van Mossel' },
};

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  api = await startTestApi({
    GOOGLE_CLIENT_ID: 'google-id',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_ISSUER: issuer,
    MICROSOFT_CLIENT_ID: 'microsoft-id',
    MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
    MICROSOFT_ISSUER: issuer,
  });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'google-id',
        client_secret: 'google-secret',
        redirect_uris: [`${api.baseUrl}/api/auth/google/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: 'microsoft-id',
        client_secret: 'microsoft-secret',
        redirect_uris: [`${api.baseUrl}/api/auth/microsoft/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['op-test-cookie-key'] },
  });
  op = provider.listen(port);
});
afterAll(async () => {
  op?.close();
  await api?.close();
});

/** A browser in miniature: follows redirects, keeps cookies (per host, like a browser), submits the provider's forms. */
async function signInWithProvider(accountId: string, redirect = '/profiel', provider: 'google' | 'microsoft' = 'google', alterCallback?: (url: URL) => void) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: cookieHeader() } });
    remember(response);
    return response;
  };
  let response = await go(`${api.baseUrl}/api/auth/${provider}?redirect_uri=${encodeURIComponent(redirect)}`);
  for (let step = 0; step < 12; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, response.url || issuer);
      if (next.origin === api.baseUrl && !next.pathname.startsWith(`/api/auth/${provider}/callback`)) return { response, jar };
      if (next.origin === api.baseUrl) alterCallback?.(next);
      response = await go(next.toString());
      continue;
    }
    const html = await response.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) return { response, jar, html };
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: accountId, password: 'x' } : {}) });
    response = await go(new URL(action, issuer).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }
  throw new Error('too many steps');
}

describe('sign-in with an OpenID Connect provider', () => {
  it('offers the configured provider', async () => {
    expect((await (await api.request('/api/auth/providers')).json()).providers).toEqual([
      { id: 'google', url: '/api/auth/google' },
      { id: 'microsoft', url: '/api/auth/microsoft' },
    ]);
  });

  it('creates the account on first sign-in and returns to the page asked for', async () => {
    const { response, jar } = await signInWithProvider('g-1001', '/profiel');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/profiel');
    const token = jar.get('access_token');
    expect(token).toBeTruthy();
    const me = await (await api.request('/api/current_user', { token })).json();
    expect(me).toMatchObject({ email: 'kees@gmail.test', firstname: 'Kees', lastname: 'Kas' });
    expect(me.organization_name).toMatch(/^tmp_/);
  });

  it('an account made through a provider has no password: no password forms, no password to change (issue 25)', async () => {
    const { jar } = await signInWithProvider('g-1003', '/profiel');
    const token = jar.get('access_token');
    const me = await (await api.request('/api/current_user', { token })).json();
    // Whose session this browser had, for the portal's kept forms (issue 32 item 8): a keyed hash, not the id.
    expect(jar.get('sessie')).toBe(sessionOwnerHint(TEST_CSRF_SECRET, me.user_id));
    expect(await (await api.request('/api/auth/password', { token })).json()).toEqual({ has_password: false });
    const change = await api.request('/api/auth/password', { method: 'POST', token, json: { current_password: 'iets-wat-dan-ook', password: 'Paars-Kasdek-Tomaat-17' } });
    expect(change.status).toBe(409);
  });

  it('still asks an account with a password and two-step sign-in for its code after the provider (ADR 0032)', async () => {
    const organization = await api.createOrganization();
    const user = await api.createUser({ organizationId: organization.id, email: 'tweestaps@gmail.test' });
    const { secret } = await enrol(api, user.token);
    const { response, jar } = await signInWithProvider('g-1004', '/profiel');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/inloggen?stap=code&redirect_uri=%2Fprofiel');
    expect(jar.get('access_token')).toBeUndefined();
    const challenge = jar.get('dh_tweede_stap')!;
    expect(challenge).toBeTruthy();
    const signedIn = await secondStep(api, challenge, totpCode(secret, 1));
    expect(signedIn.status).toBe(200);
    expect((await (await api.request('/api/current_user', { token: (await signedIn.json()).access_token })).json()).user_id).toBe(user.id);
  });

  it('signs the same person into the same account the next time', async () => {
    const first = await signInWithProvider('g-1001');
    const second = await signInWithProvider('g-1001');
    const a = await (await api.request('/api/current_user', { token: first.jar.get('access_token') })).json();
    const b = await (await api.request('/api/current_user', { token: second.jar.get('access_token') })).json();
    expect(b.user_id).toBe(a.user_id);
    expect(await api.db.query("SELECT count(*)::int AS n FROM users WHERE email = 'kees@gmail.test'")).toEqual([{ n: 1 }]);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { response, jar } = await signInWithProvider('g-1002');
    expect(response.headers.get('location')).toBe('/inloggen?fout=extern');
    expect(jar.has('access_token')).toBe(false);
  });

  it('refuses a callback whose state does not match the flow cookie', async () => {
    const start = await api.request('/api/auth/google');
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith('oauth_flow='))!.split(';')[0];
    const forged = await api.request('/api/auth/google/callback?code=abc&state=not-the-state', { headers: { cookie: flowCookie } });
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toBe('/inloggen?fout=extern');
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('access_token=ey'))).toBe(false);
  });

  it('refuses an answer that names another issuer than the one asked (RFC 9207 mix-up defence)', async () => {
    const { response, jar } = await signInWithProvider('g-1001', '/profiel', 'google', (callback) => {
      expect(callback.searchParams.get('iss')).toBe(issuer);
      callback.searchParams.set('iss', 'https://elders.test');
    });
    expect(response.headers.get('location')).toBe('/inloggen?fout=extern');
    expect(jar.has('access_token')).toBe(false);
  });

  it('signs in with Microsoft end to end: PKCE and nonce, the account created once, the identity kept per provider', async () => {
    const start = await api.request('/api/auth/microsoft');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(issuer);
    expect(authorize.searchParams.get('client_id')).toBe('microsoft-id');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const { response, jar } = await signInWithProvider('m-2001', '/mijn-organisatie', 'microsoft');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/mijn-organisatie');
    const me = await (await api.request('/api/current_user', { token: jar.get('access_token') })).json();
    expect(me).toMatchObject({ email: 'marit@outlook.test', firstname: 'Marit', lastname: 'van Mossel' });
    const again = await signInWithProvider('m-2001', '/', 'microsoft');
    expect((await (await api.request('/api/current_user', { token: again.jar.get('access_token') })).json()).user_id).toBe(me.user_id);
    expect(await api.db.query('SELECT provider, subject FROM external_identities WHERE user_id = $1', [me.user_id])).toEqual([
      { provider: 'microsoft', subject: 'm-2001' },
    ]);
  });

  it('answers 404 for providers that are not configured', async () => {
    expect((await api.request('/api/auth/github')).status).toBe(404);
  });
});
