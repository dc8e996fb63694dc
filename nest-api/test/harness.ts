import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { inject } from 'vitest';
import type { Role } from '@datahub/domain';
import { createApp } from '../src/app';
import { hashPassword } from '../src/auth/password';
import { TokenService } from '../src/auth/token.service';
import { loadConfig, type AppConfig } from '../src/config/config';
import { freePort } from '../src/database/embedded-postgres';
import { SeedService } from '../src/seed/seed.service';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
export const TEST_CSRF_SECRET = 'test-csrf-secret-that-is-long-enough-0123456789';
export const TEST_PASSWORD = 'Correct-Horse-Battery-9';

export interface TestApi {
  app: NestFastifyApplication;
  config: AppConfig;
  baseUrl: string;
  db: DataSource;
  request: (path: string, init?: RequestInit & { token?: string; json?: unknown }) => Promise<ApiResponse>;
  createOrganization: (fields?: { name?: string; domain?: string; isAdmin?: boolean }) => Promise<{ id: string; name: string; slug: string }>;
  createUser: (fields: { organizationId: string; roles?: Role[]; email?: string; firstname?: string; lastname?: string }) => Promise<TestUser>;
  close: () => Promise<void>;
}

// Tests read bodies loosely; the assertions say what they must be.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  organizationId: string;
}

/**
 * A fresh database copied from the migrated template, and the real API listening on loopback.
 * One API per test file at a time: passport keeps its strategies in a process-wide registry,
 * so a second app would take over the first one's.
 */
export async function startTestApi(env: Record<string, string> = {}, extraModules: Type[] = []): Promise<TestApi> {
  const adminUrl = inject('postgresAdminUrl');
  const database = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}" TEMPLATE datahub_template`);
  await admin.end();
  const databaseUrl = adminUrl.replace(/\/postgres$/, `/${database}`);

  const port = await freePort();
  const config = loadConfig({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: TEST_JWT_SECRET,
    CSRF_SECRET: TEST_CSRF_SECRET,
    DEMO_SEED: 'false',
    // The default outside the demo is true; tests of two-step sign-in turn it on themselves.
    REQUIRE_2FA_FOR_ADMINS: 'false',
    ADMIN_EMAIL: 'platform-owner@datahub.test',
    ADMIN_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
    LOGIN_RATE_LIMIT_PER_ADDRESS: '1000',
    DISCOVERY_INTERVAL_SECONDS: '0',
    REMINDER_INTERVAL_SECONDS: '0',
    ...env,
  });
  const app = await createApp(config, databaseUrl, extraModules);
  await app.get(SeedService).run();
  await app.listen(port, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${port}`;
  const db = app.get(DataSource);
  const tokens = app.get(TokenService);
  let counter = 0;
  // One argon2 hash for every test user: hashing is deliberately slow.
  const passwordHash = hashPassword(TEST_PASSWORD);

  const api: TestApi = {
    app,
    config,
    baseUrl,
    db,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(`${baseUrl}${path}`, { ...init, headers, body, redirect: 'manual' });
    },
    async createOrganization(fields = {}) {
      counter += 1;
      const name = fields.name ?? `Testorganisatie ${counter} ${randomBytes(3).toString('hex')}`;
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const [row] = await db.query(
        'INSERT INTO organizations (name, slug, domain, is_admin) VALUES ($1, $2, $3, $4) RETURNING id, name, slug',
        [name, slug, fields.domain ?? null, fields.isAdmin ?? false],
      );
      return row;
    },
    async createUser({ organizationId, roles = [], email, firstname = 'Test', lastname = 'Gebruiker' }) {
      counter += 1;
      const address = email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.test`;
      const [row] = await db.query(
        'INSERT INTO users (email, firstname, lastname, password_hash, email_verified, organization_id) VALUES ($1, $2, $3, $4, true, $5) RETURNING id',
        [address, firstname, lastname, await passwordHash, organizationId],
      );
      for (const role of roles) await db.query('INSERT INTO role_assignments (user_id, role) VALUES ($1, $2)', [row.id, role]);
      const issued = await tokens.issue({ id: row.id, email: address, firstname, lastname });
      return { id: row.id, email: address, password: TEST_PASSWORD, token: issued.access_token, organizationId };
    },
    async close() {
      // On a loaded machine a shutdown hook can outlast the hook timeout (seen once in CI); the test
      // has passed by then, so name what is still open and drop the database regardless.
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), 40_000)));
      const closed = await Promise.race([app.close().then(() => 'closed' as const), slow]);
      clearTimeout(timer);
      if (closed === 'slow') {
        const open = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles().map((handle) => handle.constructor.name);
        console.warn(`app.close() still running after 40 s; open handles: ${open.join(', ')}`);
      }
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
  return api;
}

/** Stops a child process the test started (an agent, a second API) and waits until it has exited. */
export async function stopProcess(child: ChildProcess | null | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
