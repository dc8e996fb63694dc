import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, type TestApi } from './harness';

/**
 * GitHub sign-in against a local stand-in for github.com's OAuth endpoints and its REST API,
 * as strict as GitHub: client secret, redirect URI, single-use code and PKCE verifier checked.
 */
let api: TestApi;
let github: Server;
let githubUrl: string;
let emails: { email: string; primary: boolean; verified: boolean }[] = [];
const codes = new Map<string, { challenge: string; redirectUri: string }>();
const accessTokens = new Set<string>();
const tokenRequests: URLSearchParams[] = [];

beforeAll(async () => {
  const port = await freePort();
  githubUrl = `http://127.0.0.1:${port}`;
  github = createServer((request, response) => {
    const url = new URL(request.url ?? '/', githubUrl);
    const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      // The person agrees at once: back to the portal with a code bound to the PKCE challenge.
      const code = randomBytes(8).toString('hex');
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: url.searchParams.get('redirect_uri') ?? '' });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return response.writeHead(302, { location: back.toString() }).end();
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        const form = new URLSearchParams(raw);
        tokenRequests.push(form);
        const issued = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          form.get('client_id') !== 'github-id' ||
          form.get('client_secret') !== 'github-secret' ||
          !issued ||
          issued.redirectUri !== form.get('redirect_uri') ||
          createHash('sha256').update(verifier).digest('base64url') !== issued.challenge
        )
          return json(200, { error: 'bad_verification_code' });
        const token = `gho_${randomBytes(8).toString('hex')}`;
        accessTokens.add(token);
        return json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !accessTokens.has(bearer)) return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/user') return json(200, { id: 4242, login: 'gitahub', name: 'Gita van der Hub' });
    if (url.pathname === '/api/user/emails') return json(200, emails);
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => github.listen(port, '127.0.0.1', r));
  api = await startTestApi({
    GITHUB_CLIENT_ID: 'github-id',
    GITHUB_CLIENT_SECRET: 'github-secret',
    GITHUB_ISSUER: githubUrl,
    GITHUB_API_URL: `${githubUrl}/api`,
  });
});
afterAll(async () => {
  await api?.close();
  github?.close();
});

/** Start → the stand-in's authorise page → the callback, carrying the flow cookie like a browser. */
async function signInWithGitHub(redirect = '/profiel') {
  const start = await api.request(`/api/auth/github?redirect_uri=${encodeURIComponent(redirect)}`);
  expect(start.status).toBe(302);
  const flowCookie = start.headers.getSetCookie().find((cookie) => cookie.startsWith('oauth_flow='))!.split(';')[0];
  const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${api.baseUrl}/api/auth/github/callback`);
  const response = await fetch(callback, { redirect: 'manual', headers: { cookie: flowCookie } });
  const token = response.headers
    .getSetCookie()
    .map((cookie) => /^access_token=([^;]+)/.exec(cookie)?.[1])
    .find(Boolean);
  return { response, token };
}

describe('sign-in with GitHub (local stand-in)', () => {
  it('creates the account from the verified primary address and returns to the page asked for', async () => {
    emails = [
      { email: 'oud@hub.test', primary: false, verified: true },
      { email: 'Gita@Hub.test', primary: true, verified: true },
    ];
    const { response, token } = await signInWithGitHub('/mijn-organisatie');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/mijn-organisatie');
    expect(token).toMatch(/^ey/);
    const me = await (await api.request('/api/current_user', { token })).json();
    expect(me).toMatchObject({ email: 'gita@hub.test', firstname: 'Gita', lastname: 'van der Hub' });
    expect(await api.db.query('SELECT provider, subject FROM external_identities WHERE user_id = $1', [me.user_id])).toEqual([
      { provider: 'github', subject: '4242' },
    ]);
    // The code went back with the PKCE verifier and the same redirect URI.
    const exchange = tokenRequests.at(-1)!;
    expect(exchange.get('redirect_uri')).toBe(`${api.baseUrl}/api/auth/github/callback`);
    expect(exchange.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signs the same GitHub account into the same portal account next time', async () => {
    const first = await signInWithGitHub();
    const second = await signInWithGitHub();
    const a = await (await api.request('/api/current_user', { token: first.token })).json();
    const b = await (await api.request('/api/current_user', { token: second.token })).json();
    expect(b.user_id).toBe(a.user_id);
    expect(await api.db.query("SELECT count(*)::int AS n FROM users WHERE email = 'gita@hub.test'")).toEqual([{ n: 1 }]);
  });

  it('refuses a GitHub account without a verified address', async () => {
    emails = [{ email: 'onbevestigd@hub.test', primary: true, verified: false }];
    await api.db.query("DELETE FROM external_identities WHERE provider = 'github'");
    const { response, token } = await signInWithGitHub();
    expect(response.headers.get('location')).toBe('/inloggen?fout=extern');
    expect(token).toBeUndefined();
    expect(await api.db.query("SELECT email FROM users WHERE email = 'onbevestigd@hub.test'")).toEqual([]);
  });

  it('refuses a code that was already used', async () => {
    emails = [{ email: 'Gita@Hub.test', primary: true, verified: true }];
    const start = await api.request('/api/auth/github');
    const flowCookie = start.headers.getSetCookie().find((cookie) => cookie.startsWith('oauth_flow='))!.split(';')[0];
    const callback = (await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
    const first = await fetch(callback, { redirect: 'manual', headers: { cookie: flowCookie } });
    expect(first.headers.get('location')).toBe('/');
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie: flowCookie } });
    expect(replay.headers.get('location')).toBe('/inloggen?fout=extern');
  });
});
