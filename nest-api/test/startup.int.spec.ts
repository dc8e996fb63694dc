import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';

/**
 * What a person sees when `npm start` cannot run as asked: one sentence that says what to do,
 * never a stack trace; and, as root in a folder PostgreSQL's own user cannot enter, a portal
 * that starts anyway.
 */
const MAIN = resolve(__dirname, '..', 'dist', 'main.js');
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

const isRoot = process.getuid?.() === 0;
/** tmpfs mounts need root (and a sandbox that allows them): the read-only and full-disk cases use them. */
const canMount = isRoot && spawnSync('mount', ['--version']).status === 0;

interface Started {
  code: number | null;
  output: string;
  healthy: boolean;
}

async function startApi(dataDir: string, port?: number, waitForHealth = false): Promise<Started> {
  const apiPort = port ?? (await freePort());
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'startup-test-jwt-secret-0123456789abcdef',
      CSRF_SECRET: 'startup-test-csrf-secret-0123456789abcdef',
      DEMO_SEED: 'false',
      ADMIN_EMAIL: 'beheer@startup.test',
      ADMIN_PASSWORD: 'Startup-test-2026',
      DISCOVERY_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  // 'close', not 'exit': the output is complete only once both pipes have closed.
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  let healthy = false;
  if (waitForHealth) {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline && child.exitCode === null) {
      healthy = await fetch(`http://127.0.0.1:${apiPort}/api/health`).then((r) => r.ok, () => false);
      if (healthy) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    child.kill('SIGTERM');
  }
  const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 90_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
  return { code, output, healthy };
}

function expectOneSentence(started: Started, pattern: RegExp) {
  expect(started.code).toBe(1);
  expect(started.output).toMatch(pattern);
  expect(started.output).not.toMatch(/\n\s+at /);
  expect(started.output).not.toMatch(/Error:/);
}

async function tmpfs(options: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'datahub-tmpfs-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
  cleanup.push(async () => {
    spawnSync('umount', ['-l', dir]);
    await rm(dir, { recursive: true, force: true });
  });
  return dir;
}

describe('starting nest-api where it cannot run as asked', () => {
  it('names the port that is already in use', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'datahub-startup-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    cleanup.push(() => new Promise((r) => blocker.close(r)));
    expectOneSentence(await startApi(dir, port), new RegExp(`Port ${port} on 127.0.0.1 is already in use: stop the other program`));
  }, 120_000);

  it.skipIf(!canMount)('says a read-only data folder cannot be written (needs root for a tmpfs mount)', async () => {
    const mount = await tmpfs('size=8m');
    spawnSync('mount', ['-o', 'remount,ro', mount]);
    expectOneSentence(await startApi(join(mount, 'data')), /Cannot write to .*\(read-only or no permission\): set DATA_DIR/);
  }, 120_000);

  it.skipIf(!canMount)('says the disk is full (needs root for a tmpfs mount)', async () => {
    const mount = await tmpfs('size=2m');
    expectOneSentence(await startApi(join(mount, 'data')), /The disk holding .* is full: free some space, or set DATA_DIR/);
  }, 120_000);

  it.skipIf(!isRoot)('as root, runs from a folder the postgres user cannot enter and says where the cluster went (root only)', async () => {
    const home = await mkdtemp(join('/root', 'datahub-startup-'));
    cleanup.push(() => rm(home, { recursive: true, force: true }));
    await mkdir(join(home, 'repo'), { mode: 0o700 });
    const dataDir = join(home, 'repo', '.data');
    const started = await startApi(dataDir, undefined, true);
    expect(started.healthy).toBe(true);
    const moved = started.output.match(/PostgreSQL runs as 'postgres', which cannot reach (\S+): its programs and cluster are kept in (\S+) instead\./);
    expect(moved?.[1]).toBe(dataDir);
    const clusterDir = moved![2];
    cleanup.push(() => rm(clusterDir, { recursive: true, force: true }));
    expect(clusterDir.startsWith(home)).toBe(false);
    // The same folder again finds the same cluster (data kept across starts).
    const again = await startApi(dataDir, undefined, true);
    expect(again.healthy).toBe(true);
    expect(again.output).toContain(clusterDir);
    expect(again.output).not.toMatch(/\n\s+at /);
  }, 240_000);
});
