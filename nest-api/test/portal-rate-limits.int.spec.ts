import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, ERROR_TEXTS } from '@datahub/domain';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, TEST_CSRF_SECRET, type TestApi } from './harness';

/**
 * The built portal (remix-app/server.js) in front of the real API with a sign-in limit of three
 * attempts per address. The portal trusts only a proxy this test does not have, so a client's own
 * X-Forwarded-For must not give it a fresh address per attempt.
 */
const PORTAL = resolve(__dirname, '..', '..', 'remix-app', 'server.js');
let api: TestApi;
let portal: ChildProcess;
let portalUrl: string;
let output = '';

beforeAll(async () => {
  api = await startTestApi({ LOGIN_RATE_LIMIT_PER_ADDRESS: '3' });
  const port = await freePort();
  portalUrl = `http://127.0.0.1:${port}`;
  portal = spawn(process.execPath, [PORTAL], {
    cwd: resolve(PORTAL, '..'),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: api.baseUrl,
      CSRF_SECRET: TEST_CSRF_SECRET,
      TRUST_PROXY: '192.0.2.254',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  portal.stdout!.on('data', (chunk) => (output += chunk));
  portal.stderr!.on('data', (chunk) => (output += chunk));
  for (let attempt = 0; ; attempt += 1) {
    if (portal.exitCode !== null) throw new Error(`the portal exited:\n${output}`);
    if (await fetch(`${portalUrl}/inloggen`).then((r) => r.ok, () => false)) break;
    if (attempt > 240) throw new Error(`the portal did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});
afterAll(async () => {
  if (portal && portal.exitCode === null) {
    const exited = new Promise((r) => portal.once('exit', r));
    portal.kill('SIGTERM');
    await exited;
  }
  await api?.close();
});

/** The sign-in form as a browser without JavaScript sends it: its cookie, its hidden token, our Origin. */
async function signInThroughForm(email: string, spoofed: string) {
  const page = await fetch(`${portalUrl}/inloggen`);
  const cookie = page.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];
  const response = await fetch(`${portalUrl}/inloggen`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: portalUrl, 'x-forwarded-for': spoofed },
    body: new URLSearchParams({ csrf, email, password: 'verkeerd-wachtwoord' }).toString(),
  });
  return { status: response.status, html: await response.text() };
}

describe('sign-in limits through the portal', () => {
  it('counts every attempt against the real address whatever X-Forwarded-For claims, and says so in Dutch', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const answer = await signInThroughForm(`iemand${attempt}@elders.test`, `198.51.100.${attempt}`);
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect(answer.html).toContain(ERROR_TEXTS.login.invalidCredentials);
    }
    const limited = await signInThroughForm('iemand4@elders.test', '198.51.100.4');
    expect(limited.status).toBe(429);
    expect(limited.html).toContain(ERROR_TEXTS.login.tooManyAttempts);
    expect(limited.html).not.toContain(ERROR_TEXTS.login.invalidCredentials);
    // The form keeps what was typed.
    expect(limited.html).toContain('value="iemand4@elders.test"');

    // The portal's /api proxy sets the address itself too.
    const proxied = await fetch(`${portalUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portalUrl, 'x-forwarded-for': '198.51.100.5' },
      body: JSON.stringify({ email: 'iemand5@elders.test', password: 'verkeerd-wachtwoord' }),
    });
    expect(proxied.status).toBe(429);
    expect(await proxied.json()).toEqual({ statusCode: 429, detail: DETAILS.tooManyAttempts });

    // Another address is not limited: the limit is per address, not global.
    const elsewhere = await api.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'iemand6@elders.test', password: 'verkeerd-wachtwoord' },
      headers: { 'x-forwarded-for': '198.51.100.6' },
    });
    expect(elsewhere.status).toBe(401);
  });
});
