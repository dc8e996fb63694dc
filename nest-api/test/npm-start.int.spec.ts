import { spawn } from 'node:child_process';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';

/**
 * What `npm start` runs after building (scripts/start.mjs), on an empty data folder: the demo
 * data source of Kwekerij Delta comes online, its datasets are in the catalogue, and when it
 * stops the portal keeps running and the datasets go offline within one discovery period.
 */
const START = resolve(__dirname, '..', '..', 'scripts', 'start.mjs');
let dir: string;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, attempts = 240): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Processes whose command line mentions `needle` (read from /proc: no ps or pkill needed). */
async function processesWith(needle: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (command.includes(needle)) pids.push(Number(entry));
  }
  return pids;
}

describe('npm start', () => {
  it('runs the demo data source: online in the catalogue, the application catalogue and licences populated, offline within a discovery period when it stops, portal still up', async () => {
    dir = await mkdtemp(join(tmpdir(), 'datahub-npm-start-'));
    const [portal, apiPort, agentPort] = [await freePort(), await freePort(), await freePort()];
    const child = spawn(process.execPath, [START], {
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dir,
        PORT: String(portal),
        API_PORT: String(apiPort),
        DEMO_AGENT_PORT: String(agentPort),
        DISCOVERY_INTERVAL_SECONDS: '2',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      const portalUrl = `http://127.0.0.1:${portal}`;
      await eventually(async () => ((await fetch(`${portalUrl}/inloggen`)).ok ? true : undefined), 'the portal');
      const login = await fetch(`${portalUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: portalUrl },
        body: JSON.stringify({ email: 'eigenaar@kassenbouw-west.test', password: 'Tuinbouw-demo-2026' }),
      });
      expect(login.status, output).toBe(200);
      const { access_token } = (await login.json()) as { access_token: string };
      // The demo's loopback port is allowed, and nothing else private: not the API, not the portal, not metadata.
      for (const hostname of [`127.0.0.1:${apiPort}`, `[::1]:${portal}`, '169.254.169.254', `127.0.0.1:${agentPort + 1}`]) {
        const refused = await fetch(`${portalUrl}/api/datasources`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: portalUrl, authorization: `Bearer ${access_token}` },
          body: JSON.stringify({ name: `Binnen ${hostname}`, hostname }),
        });
        expect(refused.status, hostname).toBe(422);
      }
      const catalogue = async () =>
        (await (await fetch(`${portalUrl}/api/datasets`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as {
          name: string;
          status: string;
          owner_organization_name: string;
        }[];

      // Another organisation sees the demo organisation's datasets once discovery has seen them.
      const online = await eventually(async () => {
        const rows = await catalogue();
        return rows.length === 2 ? rows : undefined;
      }, 'the demo datasets to come online');
      expect(online.map((row) => [row.name, row.status, row.owner_organization_name]).sort()).toEqual([
        ['Kassencomplex Kwekerij Delta', 'online', 'Kwekerij Delta'],
        ['Voorbeeldkas Kwekerij Delta', 'online', 'Kwekerij Delta'],
      ]);

      // The front door is a populated application catalogue.
      const frontDoor = await (await fetch(`${portalUrl}/`, { headers: { cookie: `access_token=${access_token}` } })).text();
      expect(frontDoor).toContain('Alle applicaties');
      for (const name of ['Kasontwerp Studio', 'Teeltregistratie Delta', 'Plaagradar']) expect(frontDoor).toContain(name);
      // The demo data source is also the demo application's licence server: Kwekerij Delta holds a licence.
      const deltaLogin = await fetch(`${portalUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: portalUrl },
        body: JSON.stringify({ email: 'eigenaar@kwekerij-delta.test', password: 'Tuinbouw-demo-2026' }),
      });
      const deltaToken = ((await deltaLogin.json()) as { access_token: string }).access_token;
      const licences = await eventually(async () => {
        const rows = (await (await fetch(`${portalUrl}/api/organizations/kwekerij-delta/licences`, { headers: { authorization: `Bearer ${deltaToken}` } })).json()) as {
          application_name: string;
          end_date: string;
        }[];
        return rows.length > 0 ? rows : undefined;
      }, 'the demo licences');
      expect(licences).toEqual([expect.objectContaining({ application_name: 'Teeltregistratie Delta', end_date: '2027-12-31T00:00:00.000Z' })]);
      const organizationPage = await (await fetch(`${portalUrl}/mijn-organisatie`, { headers: { cookie: `access_token=${deltaToken}` } })).text();
      expect(organizationPage).toContain('Teeltregistratie Delta');
      expect(organizationPage).toContain('31-12-2027');

      const agents = await processesWith(join(dir, 'demo-agent'));
      expect(agents.length).toBe(1);
      process.kill(agents[0], 'SIGTERM');
      // Two discovery periods at most: one may have started just before the agent stopped.
      await eventually(async () => ((await catalogue()).length === 0 ? true : undefined), 'the datasets to go offline', 40);
      expect((await fetch(`${portalUrl}/inloggen`)).status).toBe(200);
      expect(output).toContain('the portal keeps running');
    } finally {
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
    }
  }, 240_000);
});
