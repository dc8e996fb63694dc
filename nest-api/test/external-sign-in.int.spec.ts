import Provider from 'oidc-provider';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, type TestApi } from './harness';

// A real OpenID Connect provider (oidc-provider) on loopback plays Google.
let api: TestApi;
let op: Server;
let issuer: string;
const accounts: Record<string, { email: string; email_verified: boolean; given_name: string; family_name: string }> = {
  'g-1001': { email: 'kees@gmail.test', email_verified: true, given_name: 'Kees', family_name: 'Kas' },
  'g-1002': { email: 'onbevestigd@gmail.test', email_verified: false, given_name: 'On', family_name: 'Bevestigd' },
};

beforeAll(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  api = await startTestApi({ GOOGLE_CLIENT_ID: 'google-id', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_ISSUER: issuer });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'google-id',
        client_secret: 'google-secret',
        redirect_uris: [`${api.baseUrl}/api/auth/google/callback`],
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
async function signInWithGoogle(accountId: string, redirect = '/profiel') {
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
  let response = await go(`${api.baseUrl}/api/auth/google?redirect_uri=${encodeURIComponent(redirect)}`);
  for (let step = 0; step < 12; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, response.url || issuer);
      if (next.origin === api.baseUrl && !next.pathname.startsWith('/api/auth/google/callback')) return { response, jar };
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
    expect((await (await api.request('/api/auth/providers')).json()).providers).toEqual([{ id: 'google', url: '/api/auth/google' }]);
  });

  it('creates the account on first sign-in and returns to the page asked for', async () => {
    const { response, jar } = await signInWithGoogle('g-1001', '/profiel');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/profiel');
    const token = jar.get('access_token');
    expect(token).toBeTruthy();
    const me = await (await api.request('/api/current_user', { token })).json();
    expect(me).toMatchObject({ email: 'kees@gmail.test', firstname: 'Kees', lastname: 'Kas' });
    expect(me.organization_name).toMatch(/^tmp_/);
  });

  it('signs the same person into the same account the next time', async () => {
    const first = await signInWithGoogle('g-1001');
    const second = await signInWithGoogle('g-1001');
    const a = await (await api.request('/api/current_user', { token: first.jar.get('access_token') })).json();
    const b = await (await api.request('/api/current_user', { token: second.jar.get('access_token') })).json();
    expect(b.user_id).toBe(a.user_id);
    expect(await api.db.query("SELECT count(*)::int AS n FROM users WHERE email = 'kees@gmail.test'")).toEqual([{ n: 1 }]);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const { response, jar } = await signInWithGoogle('g-1002');
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

  it('answers 404 for providers that are not configured', async () => {
    expect((await api.request('/api/auth/github')).status).toBe(404);
  });
});
