import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { waitForHealth } from './waiting';

/**
 * kill -9 of the API in the middle of a burst of writes (role changes, invitations, data-source
 * creation): after a restart every acknowledged write is there, and none is half applied.
 */
const main = resolve(__dirname, '..', 'dist', 'main.js');
const SET_A = ['Datasource.Contributor', 'User.Contributor'];
const SET_B = ['Authorisation.Contributor', 'Organization.Contributor'];
let databaseUrl: string;
let database: string;

beforeAll(async () => {
  const adminUrl = inject('postgresAdminUrl');
  database = `kill_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE datahub_template`);
  await admin.end();
  databaseUrl = adminUrl.replace(/\/postgres$/, `/${database}`);
});
afterAll(async () => {
  const admin = new Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
});

function start(port: number) {
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'k'.repeat(40),
      CSRF_SECRET: 'c'.repeat(40),
      LOG_LEVEL: 'silent',
      DISCOVERY_INTERVAL_SECONDS: '0',
      LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((r) => child.once('exit', (code, signal) => r(signal ?? code)));
  return { child, exited };
}

async function call(base: string, token: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('kill -9 during a burst of writes', () => {
  it('keeps every acknowledged write and applies none by halves', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = start(port);
    await waitForHealth(`${base}/api/health`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'eigenaar@kwekerij-delta.test', password: 'Tuinbouw-demo-2026' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const [member] = (await db.query("SELECT id FROM users WHERE email = 'lid@kwekerij-delta.test'")).rows;

      const acknowledged = { datasources: [] as string[], invitations: [] as string[], roles: [] as string[][] };
      let sent = 0;
      let killed = false;
      const worker = async (lane: number) => {
        for (let i = lane; !killed && i < 300; i += 6) {
          sent += 1;
          const kind = i % 3;
          try {
            if (kind === 0) {
              const name = `Kill-bron ${i}`;
              if ((await call(base, token, 'POST', '/api/datasources', { name })) === 201) acknowledged.datasources.push(name);
            } else if (kind === 1 && i < 120) {
              const email = `kill-${i}@elders.test`;
              if ((await call(base, token, 'POST', '/api/invitations', { email })) === 201) acknowledged.invitations.push(email);
            } else {
              const names = i % 2 === 0 ? SET_A : SET_B;
              if ((await call(base, token, 'POST', `/api/users/${member.id}/roles`, { names })) === 200) acknowledged.roles.push(names);
            }
          } catch {
            // The process is gone: this write was never acknowledged.
          }
        }
      };
      const lanes = Array.from({ length: 6 }, (_, lane) => worker(lane));
      // Kill once the burst is well under way, with writes in flight.
      while (acknowledged.datasources.length + acknowledged.invitations.length + acknowledged.roles.length < 30)
        await new Promise((r) => setTimeout(r, 5));
      first.child.kill('SIGKILL');
      killed = true;
      expect(await first.exited).toBe('SIGKILL');
      await Promise.all(lanes);
      expect(sent).toBeGreaterThan(30);

      const secondPort = await freePort();
      const second = start(secondPort);
      try {
        await waitForHealth(`http://127.0.0.1:${secondPort}/api/health`);
        const datasources = (await db.query("SELECT name, secret_encrypted FROM datasources WHERE name LIKE 'Kill-bron %'")).rows;
        for (const name of acknowledged.datasources) expect(datasources.filter((row) => row.name === name), name).toHaveLength(1);
        for (const row of datasources) expect(row.secret_encrypted, row.name).toMatch(/\S{20,}/);
        const invitations = (await db.query("SELECT email FROM invitations WHERE email LIKE 'kill-%'")).rows.map((row) => row.email);
        for (const email of acknowledged.invitations) expect(invitations, email).toContain(email);
        const roles = (await db.query('SELECT role FROM role_assignments WHERE user_id = $1 ORDER BY role', [member.id])).rows.map((row) => row.role);
        // Exactly one of the sets asked for, never a mix or a half-emptied set.
        if (acknowledged.roles.length > 0) expect([SET_A, SET_B]).toContainEqual(roles);
        else expect([[], SET_A, SET_B]).toContainEqual(roles);
        // And the restarted API serves them.
        const listed = await fetch(`http://127.0.0.1:${secondPort}/api/my-datasources`, { headers: { authorization: `Bearer ${token}` } });
        expect(listed.status).toBe(200);
        const names = ((await listed.json()) as { name: string }[]).map((row) => row.name);
        for (const name of acknowledged.datasources) expect(names).toContain(name);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await db.end();
    }
  }, 120_000);
});
