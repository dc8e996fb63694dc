/**
 * npm run bench:api — autocannon against GET /api/current_user with a valid token on a real
 * nest-api process (embedded Postgres, demo seed), and in the same run against a bare Fastify
 * process answering the same JSON: the ratio says what auth + session + Nest cost.
 * Target on a 2-core machine: ≥ 25 % of bare Fastify's requests/s, p99 ≤ 20 ms.
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { freePort } from '../database/embedded-postgres';
import { loadAverage, measure, signIn, startApi, stopChild, waitForHealth, type Measured } from './bench-support';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION ?? 10);

function print(label: string, result: Measured): void {
  console.log(
    `${label}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms, ${result.bytesPerRequest} B/request, non-2xx/errors/timeouts ${result.failures}`,
  );
}

/** current_user on nest-api; returns the measurement and the JSON it answered (for the baseline). */
async function benchCurrentUser(): Promise<{ result: Measured; body: string }> {
  const api = await startApi();
  try {
    const token = await signIn(api.base, 'lid@kwekerij-delta.test', 'Tuinbouw-demo-2026');
    const headers = { authorization: `Bearer ${token}` };
    const check = await fetch(`${api.base}/api/current_user`, { headers });
    if (check.status !== 200) throw new Error(`current_user answered ${check.status}`);
    const body = await check.text();
    return { result: await measure(`${api.base}/api/current_user`, headers, connections, duration), body };
  } finally {
    await api.stop();
  }
}

/** The same JSON from a bare Fastify route in its own process. */
async function benchBareFastify(body: string): Promise<Measured> {
  const port = await freePort();
  const child = fork(resolve(__dirname, 'bare-fastify.js'), { env: { ...process.env, PORT: String(port), BARE_BODY: body }, stdio: 'inherit' });
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
  const bare = await benchBareFastify(body);
  console.log(`GET /api/current_user, ${connections} connections, ${duration} s each (server, Postgres and autocannon on one machine)`);
  print('nest-api (bearer token, session check)', result);
  print('bare Fastify (same JSON)', bare);
  const ratio = result.requestsPerSecond / Math.max(1, bare.requestsPerSecond);
  console.log(`ratio nest-api / bare Fastify: ${(ratio * 100).toFixed(1)} %`);
  const ok = ratio >= 0.25 && result.p99 <= 20 && result.failures === 0;
  console.log(`target (≥ 25 % of bare Fastify, p99 ≤ 20 ms): ${ok ? 'met' : 'NOT met'}`);
  console.log(`load average at end: ${loadAverage()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
