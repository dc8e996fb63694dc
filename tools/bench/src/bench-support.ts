/** Shared by the benchmarks: start a real nest-api (embedded Postgres), wait for it, measure with autocannon. */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from 'nest-api/tooling';

export async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no healthy answer at ${url}`);
}

export interface RunningApi {
  base: string;
  port: number;
  jwtSecret: string;
  csrfSecret: string;
  stop: () => Promise<void>;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The built packages, found through their exports rather than by paths into their folders. */
export const NEST_API_MAIN = require.resolve('nest-api/main');
export const NEST_API_DIR = dirname(require.resolve('nest-api/package.json'));
export const PORTAL_DIR = dirname(require.resolve('remix-app/package.json'));
export const AGENT_CLI = require.resolve('datasource-agent/cli');

export async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  const dataDir = await mkdtemp(join(tmpdir(), 'datahub-bench-'));
  const port = await freePort();
  const jwtSecret = randomBytes(32).toString('base64url');
  const csrfSecret = randomBytes(32).toString('base64url');
  const server = spawn(process.execPath, [NEST_API_MAIN], {
    cwd: NEST_API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      CSRF_SECRET: csrfSecret,
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${base}/api/health`, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, port, jwtSecret, csrfSecret, stop };
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in as ${email} answered ${login.status}`);
  return ((await login.json()) as { access_token: string }).access_token;
}

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  bytesPerRequest: number;
  failures: number;
}

export async function measure(url: string, headers: Record<string, string>, connections: number, duration: number): Promise<Measured> {
  await autocannon({ url, connections, duration: 2, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

export interface RunningPortal {
  base: string;
  /** Headers of a signed-in browser: the access cookie and the anti-forgery cookie the portal set. */
  headers: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startPortal(api: RunningApi, email: string, password: string): Promise<RunningPortal> {
  const portalPort = await freePort();
  const portal = spawn(process.execPath, ['server.js'], {
    cwd: PORTAL_DIR,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(portalPort), HOST: '127.0.0.1', API_URL: api.base, CSRF_SECRET: api.csrfSecret },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${portalPort}`;
  try {
    await waitForHealth(`${base}/inloggen`, 60_000);
    const token = await signIn(api.base, email, password);
    // A signed-in browser also holds the anti-forgery cookie the portal set at sign-in.
    const first = await fetch(`${base}/profiel`, { headers: { cookie: `access_token=${token}` }, redirect: 'manual' });
    const xsrf = first.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.split(';')[0];
    if (!xsrf) throw new Error('the portal set no XSRF-TOKEN cookie');
    return { base, headers: { cookie: `access_token=${token}; ${xsrf}`, 'accept-encoding': 'gzip, br' }, stop: () => stopChild(portal) };
  } catch (error) {
    await stopChild(portal);
    throw error;
  }
}
