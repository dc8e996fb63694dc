// npm run bench:api — autocannon on GET /api/current_user of a real nest-api (embedded Postgres, demo seed) against a bare
// Fastify process answering the same JSON: the ratio is what auth + session + Nest cost.
// Target on a 2-core machine: ≥ 25 % of bare Fastify's requests/s, p99 ≤ 20 ms.
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from 'nest-api/tooling';
import { loadAverage, measure, signIn, startApi, stopChild, waitForHealth, type Measured } from './bench-support';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);

function print(label: string, result: Measured): void {
  console.log(
    `${label}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ${result.bytesPerRequest} B/request, non-2xx/errors/timeouts ${result.failures}`,
  );
}

async function benchCurrentUser(): Promise<{ result: Measured; body: string }> {
  const api = await startApi();
  try {
    const token = await signIn(api.base, 'lid@kwekerij-delta.test', 'Tuinbouw-demo-2026');
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(`${api.base}/api/current_user`, { headers });
    if (check.status !== 200) throw new Error(`current_user answered ${check.status}`);
    const body = await check.text();
    const result = await measure(`${api.base}/api/current_user`, headers, connections, duration);
    // The usage-events comparison needs the same running API.
    await benchUsageEvents(api.base, token, connections, duration);
    return { result, body };
  } finally {
    await api.stop();
  }
}

async function benchBaseline(script: string, body: string): Promise<Measured> {
  const port = await freePort();
  const child = fork(resolve(__dirname, script), { env: { ...process.env, PORT: String(port), BARE_BODY: body }, stdio: 'inherit' });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/current_user`, 30_000);
    return await measure(`http://127.0.0.1:${port}/api/current_user`, {}, connections, duration);
  } finally {
    await stopChild(child);
  }
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()}`);
  const { result, body } = await benchCurrentUser();
  const nest = await benchBaseline('minimal-nest.js', body);
  const bare = await benchBaseline('bare-fastify.js', body);
  console.log(`GET /api/current_user, ${connections} connections, ${duration} s each (server, Postgres and autocannon on one machine)`);
  print('nest-api (bearer token, session check)', result);
  print('minimal Nest on Fastify (same JSON, one controller)', nest);
  print('bare Fastify (same JSON)', bare);
  const ratio = result.requestsPerSecond / Math.max(1, bare.requestsPerSecond);
  console.log(`ratio minimal Nest / bare Fastify: ${((100 * nest.requestsPerSecond) / Math.max(1, bare.requestsPerSecond)).toFixed(1)} %`);
  console.log(`ratio nest-api / bare Fastify: ${(ratio * 100).toFixed(1)} %`);
  const ok = ratio >= 0.25 && result.p99 <= 20 && result.failures === 0;
  console.log(`target (≥ 25 % of bare Fastify, p99 ≤ 20 ms): ${ok ? 'met' : 'NOT met'}`);
  console.log(`load average at end: ${loadAverage()}`);
}

// Page loads with and without consent (page view ignored vs queued and batched); runs alternate (off, on, off, on)
// so machine noise hits both, and the ratio compares medians.
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
