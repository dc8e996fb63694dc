import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { waitForHealth } from './waiting';

const main = resolve(__dirname, '..', 'dist', 'main.js');
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code, signal) => {
      // A death by signal (code null) is otherwise silent: keep why in the output the assertions show.
      if (signal) output += `\n[ended by ${signal}]`;
      r(code);
    }),
  );
  return { child, exited, output: () => output };
}

describe('the nest-api process', () => {
  it('stops with a sentence naming what to set when configuration is missing', async () => {
    const run = start({ DATA_DIR: '/nonexistent' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Configuration error: Set JWT_SECRET to a random string of at least 32 characters');
  });

  it('starts on an empty folder, prints the demo logins, stops cleanly on SIGTERM and keeps its data', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'datahub-lifecycle-'));
    dirs.push(dir);
    const env = { DATA_DIR: dir, JWT_SECRET: 'l'.repeat(40), CSRF_SECRET: 'c'.repeat(40) };
    const port = String(await freePort());
    const first = start({ ...env, PORT: port });
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    expect(first.output()).toContain('eigenaar@kwekerij-delta.test');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lid@kwekerij-delta.test', password: 'Tuinbouw-demo-2026' }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);

    // The second start finds the first one's data: the same session still works.
    const secondPort = String(await freePort());
    const second = start({ ...env, PORT: secondPort });
    try {
      await waitForHealth(`http://127.0.0.1:${secondPort}/api/health`);
      const me = await fetch(`http://127.0.0.1:${secondPort}/api/current_user`, { headers: { authorization: `Bearer ${access_token}` } });
      expect(me.status, second.output()).toBe(200);
    } catch (error) {
      // Report this failure, not the exit code of a process stopped half-way through its start.
      second.child.kill('SIGKILL');
      throw error;
    }
    second.child.kill('SIGINT');
    expect(await second.exited, second.output()).toBe(0);
  }, 120_000);
});
