// The whole portal for bench:mixed as `npm start` runs it, on free loopback ports with a scratch embedded PostgreSQL,
// and the simulated users: copies of the demo users, each its own account.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { freePort, startEmbeddedPostgres } from 'nest-api/tooling';
import { signIn, stopChild, waitForHealth } from './bench-support';

export const DEMO_PASSWORD = 'Tuinbouw-demo-2026';

export interface Stack {
  portal: string;
  api: string;
  databaseUrl: string;
  /** The demo data source's host:port (a second API must be allowed to reach it). */
  agent: string;
  stop: () => Promise<void>;
}

export async function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  const dir = await mkdtemp(join(tmpdir(), 'datahub-bench-mixed-'));
  const postgres = await startEmbeddedPostgres(join(dir, 'pg'));
  await postgres.createDatabase('datahub');
  const databaseUrl = postgres.url('datahub');
  const [port, apiPort, agentPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, [resolve(__dirname, '..', '..', '..', 'scripts', 'start.mjs')], {
    env: {
      ...process.env,
      ...extraEnv,
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      API_PORT: String(apiPort),
      DEMO_AGENT_PORT: String(agentPort),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    await stopChild(child);
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const portal = `http://127.0.0.1:${port}`;
    await waitForHealth(`${portal}/inloggen`, 240_000);
    return { portal, api: `http://127.0.0.1:${apiPort}`, databaseUrl, agent: `127.0.0.1:${agentPort}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function demoDataset(api: string): Promise<{ slug: string; id: string }> {
  const token = await signIn(api, 'eigenaar@kwekerij-delta.test', DEMO_PASSWORD);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const mine = (await (await fetch(`${api}/api/my-datasets`, { headers: { authorization: `Bearer ${token}` } })).json()) as { dataset_id: string; slug: string; status: string }[];
    const online = mine.find((dataset) => dataset.status === 'online');
    if (online) return { slug: online.slug, id: online.dataset_id };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo dataset did not come online');
}

export async function copyDemoUsers(databaseUrl: string, count: number, templates: readonly string[]): Promise<string[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const emails: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const template = templates[i % templates.length];
      const email = `bench-${String(i + 1).padStart(3, '0')}.${template}`;
      const {
        rows: [user],
      } = await db.query<{ id: string }>(
        `INSERT INTO users (email, firstname, lastname, password_hash, email_verified, organization_id)
         SELECT $1, firstname, 'Bench ' || $2, password_hash, true, organization_id FROM users WHERE email = $3 RETURNING id`,
        [email, String(i + 1), template],
      );
      await db.query(
        `INSERT INTO role_assignments (user_id, role) SELECT $1, r.role FROM role_assignments r JOIN users u ON u.id = r.user_id WHERE u.email = $2`,
        [user.id, template],
      );
      emails.push(email);
    }
    return emails;
  } finally {
    await db.end();
  }
}
