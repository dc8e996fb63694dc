/**
 * npm run bench:api — autocannon against GET /api/current_user with a valid token
 * (50 connections, 10 s) on a real nest-api process with its embedded Postgres.
 * Prints requests/s and p99 latency; target on a 2-core machine: ≥ 3,000 req/s, p99 ≤ 50 ms.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../database/embedded-postgres';

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`nest-api did not become healthy at ${url}`);
}

async function main(): Promise<void> {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const dataDir = await mkdtemp(join(tmpdir(), 'datahub-bench-'));
  const port = await freePort();
  const server = spawn(process.execPath, [resolve(__dirname, '..', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      CSRF_SECRET: randomBytes(32).toString('base64url'),
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${base}/api/health`, 120_000);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lid@kwekerij-delta.test', password: 'Tuinbouw-demo-2026' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const check = await fetch(`${base}/api/current_user`, { headers: { authorization: `Bearer ${token}` } });
    if (check.status !== 200) throw new Error(`current_user answered ${check.status}`);

    // Warm-up, then the measured run.
    await autocannon({ url: `${base}/api/current_user`, connections, duration: 2, headers: { authorization: `Bearer ${token}` } });
    const result = await autocannon({
      url: `${base}/api/current_user`,
      connections,
      duration,
      headers: { authorization: `Bearer ${token}` },
    });
    const non2xx = result.non2xx + result.errors + result.timeouts;
    console.log(`GET /api/current_user, ${connections} connections, ${duration} s (nest-api + embedded Postgres + autocannon on one machine)`);
    console.log(`requests/s: ${Math.round(result.requests.average)} (total ${result.requests.total})`);
    console.log(`latency p50: ${result.latency.p50} ms, p99: ${result.latency.p99} ms, max: ${result.latency.max} ms`);
    console.log(`non-2xx/errors/timeouts: ${non2xx}`);
    const ok = result.requests.average >= 3000 && result.latency.p99 <= 50 && non2xx === 0;
    console.log(`target (≥ 3000 req/s, p99 ≤ 50 ms): ${ok ? 'met' : 'NOT met'}`);
    await benchUsageEvents(base, token, connections, duration);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---- Issue 13: usage events (consent) -------------------------------------------------------
/**
 * The same signed-in traffic with and without consent: each page load is the shell's GET
 * /api/current_user plus the page view the portal reports. Without consent the page view is
 * validated and ignored; with consent (the portal's header) it is queued and written in batches.
 * Runs alternate (off, on, off, on) so machine noise hits both; the ratio compares medians.
 */
async function benchUsageEvents(base: string, token: string, connections: number, duration: number): Promise<void> {
  const run = async (consent: boolean) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    if (consent) headers['x-datahub-usage-consent'] = '1';
    const result = await autocannon({
      url: base,
      connections,
      duration,
      headers,
      requests: [
        { method: 'GET', path: '/api/current_user' },
        { method: 'POST', path: '/api/insight/page-views', body: JSON.stringify({ route: '/datasets' }) },
      ],
    });
    if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`usage-events run (consent ${consent}) had failures`);
    return { rps: result.requests.average, p99: result.latency.p99 };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const off: { rps: number; p99: number }[] = [];
  const on: { rps: number; p99: number }[] = [];
  for (let round = 0; round < 3; round += 1) {
    off.push(await run(false));
    on.push(await run(true));
  }
  const admin = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'beheer@datahub.test', password: 'Tuinbouw-demo-2026' }),
  });
  const { access_token: adminToken } = (await admin.json()) as { access_token: string };
  await new Promise((r) => setTimeout(r, 1500));
  const overview = (await (await fetch(`${base}/api/insight/overview?days=7`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
    visits_per_day: { visits: number }[];
    dropped_events: number;
  };
  const offRps = median(off.map((r) => r.rps));
  const onRps = median(on.map((r) => r.rps));
  console.log(`\nGET /api/current_user + POST /api/insight/page-views per page load, ${connections} connections, 3 × ${duration} s each`);
  console.log(`without consent: median ${Math.round(offRps)} req/s, p99 ${median(off.map((r) => r.p99))} ms (runs: ${off.map((r) => Math.round(r.rps)).join(', ')})`);
  console.log(`with consent:    median ${Math.round(onRps)} req/s, p99 ${median(on.map((r) => r.p99))} ms (runs: ${on.map((r) => Math.round(r.rps)).join(', ')})`);
  console.log(`ratio with/without: ${(onRps / offRps).toFixed(3)}; events dropped (queue full): ${overview.dropped_events}; visits recorded: ${overview.visits_per_day.reduce((n, d) => n + d.visits, 0)}`);
  console.log(`target (with consent within 10% of without): ${onRps >= 0.9 * offRps ? 'met' : 'NOT met'}`);
}
// ---- end issue 13 ----------------------------------------------------------------------------

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
