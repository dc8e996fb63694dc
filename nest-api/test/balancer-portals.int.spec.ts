import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS } from '@datahub/domain';
import { freePort } from '../src/database/embedded-postgres';
import { startBalancer, type Balancer } from './balancer';
import { startTestApi, stopProcess, TEST_CSRF_SECRET, type TestApi, type TestUser } from './harness';
import { startSecondApi } from './second-api';
import { until } from './waiting';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * Issue 34 item 7, the whole two-by-two: two nest-api processes (api-1 here, api-2 from dist) and
 * two built portals (remix-app's server.js) on one PostgreSQL, all behind one real haproxy (round
 * robin, no sticky sessions); each portal reaches the APIs through that haproxy. A browser without
 * JavaScript is played by a cookie jar. Webhook deliveries are counted at a real HTTP receiver.
 */
const REMIX_APP = resolve(__dirname, '..', '..', 'remix-app');
const INTERVAL = 2;

let api: TestApi;
let second: { child: ChildProcess; url: string };
const portals: ChildProcess[] = [];
let balancer: Balancer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

async function startPortal(apiUrl: string): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    cwd: REMIX_APP,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: apiUrl, CSRF_SECRET: TEST_CSRF_SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  portals.push(child);
  // Its complaints while the APIs' balancer is not up yet are noise; shown only when it does not start.
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-5_000)));
  // Any answer will do: its pages need the APIs' balancer, which starts after the portals.
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`the portal exited:\n${output}`);
    return (await fetch(`${url}/inloggen`).then(() => true, () => false)) ? true : undefined;
  }, `the portal on ${port}`);
  return url;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const env = {
    WEBHOOK_PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${receiver.port}`,
    EVENTS_DRAIN_INTERVAL_MS: '200',
    DISCOVERY_INTERVAL_SECONDS: String(INTERVAL),
  };
  api = await startTestApi(env);
  second = await startSecondApi(api, { ...env, PUBLIC_URL: api.config.publicUrl });
  const apiFront = await freePort();
  const [one, two] = [await startPortal(`http://127.0.0.1:${apiFront}`), await startPortal(`http://127.0.0.1:${apiFront}`)];
  balancer = await startBalancer({ 'api-1': api.baseUrl, 'api-2': second.url }, { 'portal-1': one, 'portal-2': two }, apiFront);
}, 180_000);

afterAll(async () => {
  await balancer?.close();
  for (const portal of portals) await stopProcess(portal);
  await stopProcess(second?.child);
  await api?.close();
  await receiver?.close();
});

/** A browser without JavaScript on the portals' frontend: keeps cookies, follows nothing by itself. */
class Browser {
  readonly cookies = new Map<string, string>();
  lastServedBy = '';

  async send(path: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(`${balancer.portalUrl}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin: balancer.portalUrl } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    this.lastServedBy = response.headers.get('x-served-by') ?? '?';
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (value === '' || attributes.some((a) => /^\s*max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The page's anti-forgery token and the form key of its render, as a browser would post them. */
  static formFields(html: string): Record<string, string> {
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? '';
    return { csrf: field('csrf'), idempotency_key: field('idempotency_key') };
  }

  async signIn(user: TestUser, redirectTo = '/'): Promise<void> {
    const page = await this.send(`/inloggen?redirect_uri=${encodeURIComponent(redirectTo)}`);
    const fields = Browser.formFields(await page.text());
    const signedIn = await this.send('/inloggen', { ...fields, email: user.email, password: user.password, redirect_uri: redirectTo });
    expect(signedIn.status, await signedIn.text()).toBeGreaterThanOrEqual(300);
    expect(signedIn.status).toBeLessThan(400);
    expect(this.cookies.has('access_token')).toBe(true);
  }
}

describe('two APIs and two portals behind one round-robin haproxy (issue 34 item 7)', () => {
  it('a form posted after the session ended on one portal is given back by the other after signing in again', async () => {
    const user = await api.createUser({ organizationId: (await api.createOrganization()).id, firstname: 'Oud' });
    const browser = new Browser();
    await browser.signIn(user, '/profiel');
    const profile = await browser.send('/profiel');
    expect(profile.status).toBe(200);
    const fields = Browser.formFields(await profile.text());
    // The session ends (its cookie has gone); the post reaches one portal, which keeps the form.
    browser.cookies.delete('access_token');
    const typed = 'Getypt-Bij-De-Eerste';
    const kept = await browser.send('/profiel', { ...fields, firstname: typed, lastname: 'Gebruiker' });
    const keptBy = browser.lastServedBy;
    expect(kept.status).toBeGreaterThanOrEqual(300);
    expect(kept.headers.get('location')).toMatch(/^\/inloggen\?redirect_uri=%2Fprofiel/);

    await browser.signIn(user, '/profiel');
    // Round robin: after a request to one portal the next goes to the other; the page is asked of the portal that did not keep the form.
    if (browser.lastServedBy !== keptBy) await browser.send('/inloggen');
    const again = await browser.send('/profiel');
    expect(browser.lastServedBy).not.toBe(keptBy);
    expect(again.status).toBe(200);
    const html = await again.text();
    expect(html).toContain(ACCOUNT_LABELS.keptForm);
    expect(html).toContain(`value="${typed}"`);
    // Nothing was saved: the kept text waits for the person to send it again.
    const [row] = (await api.db.query('SELECT firstname FROM users WHERE id = $1', [user.id])) as { firstname: string }[];
    expect(row.firstname).toBe('Oud');
  }, 60_000);

  it('webhook deliveries reach the receiver once each, and timed jobs run once per interval, whichever process made or ran them', async () => {
    const organization = await api.createOrganization({ name: 'Kwekerij Balans' });
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };
    const hook = await fetch(`${balancer.url}/api/organizations/${organization.id}/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: receiver.url('/balans'), kinds: ['organization.changed'] }),
    });
    expect(hook.status).toBe(201);
    const from = ((await api.db.query('SELECT now() AS now')) as { now: Date }[])[0].now;
    const servedBy = new Set<string>();
    const names = Array.from({ length: 12 }, (_, index) => `Kwekerij Balans ${index + 1}`);
    for (const name of names) {
      const renamed = await fetch(`${balancer.url}/api/organizations/${organization.id}`, { method: 'PUT', headers, body: JSON.stringify({ name }) });
      expect(renamed.status).toBe(200);
      servedBy.add(renamed.headers.get('x-served-by') ?? '?');
    }
    expect([...servedBy].sort()).toEqual(['api-1', 'api-2']);
    const ours = () => receiver.received.filter((delivery) => delivery.path === '/balans');
    await until(async () => (ours().length >= names.length ? true : undefined), `${names.length} deliveries`);
    // Both processes drain the outbox; a few more intervals for a second delivery to show up if one were made.
    await until(async () => {
      const [{ slots }] = (await api.db.query(`SELECT count(DISTINCT slot_start)::int AS slots FROM timed_job_runs WHERE name = 'discovery' AND started_at > $1`, [from])) as { slots: number }[];
      return slots >= 4 ? true : undefined;
    }, 'four discovery intervals');
    const ids = ours().map((delivery) => delivery.event.id);
    expect(ids).toHaveLength(names.length);
    expect(new Set(ids).size).toBe(names.length);
    expect(ours().map((delivery) => delivery.event.data)).toEqual(names.map((name) => expect.objectContaining({ name })));

    const runs = (await api.db.query(
      `SELECT slot_start, count(*)::int AS runs, array_agg(DISTINCT process) AS processes FROM timed_job_runs WHERE name = 'discovery' AND started_at > $1 GROUP BY slot_start`,
      [from],
    )) as { slot_start: Date; runs: number; processes: string[] }[];
    expect(runs.length).toBeGreaterThanOrEqual(4);
    for (const row of runs) expect(row.runs, String(row.slot_start)).toBe(1);
  }, 90_000);
});
