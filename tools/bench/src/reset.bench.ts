// npm run bench:reset — issue 32 item 7: POST /api/auth/password-reset for addresses with and without an account, interleaved,
// on a real nest-api (demo seed). Both medians should be equal within noise: the request only counts its limits and queues a job.
// Each account allows 3 requests an hour, so each demo account is asked 3 times (12 samples a side).
import { loadAverage, startApi } from './bench-support';

const ACCOUNTS = ['beheer@datahub.test', 'eigenaar@kassenbouw-west.test', 'eigenaar@kwekerij-delta.test', 'lid@kwekerij-delta.test'];

async function timed(base: string, email: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${base}/api/auth/password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await answer.text();
  if (answer.status !== 202) throw new Error(`password-reset for ${email} answered ${answer.status}`);
  return performance.now() - started;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 200));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()}`);
  const api = await startApi({ LOGIN_RATE_LIMIT_PER_ADDRESS: '1000' });
  try {
    // Warm up the route (JIT, connection pool) with addresses that are not measured.
    for (let i = 0; i < 20; i += 1) await timed(api.base, `opwarmen-${i}@example.test`);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const [i, email] of ACCOUNTS.entries()) {
        // A pause after each request lets its job finish, so neither request shares the machine with a job.
        known.push(await timed(api.base, email));
        await pause();
        unknown.push(await timed(api.base, `onbekend-${round}-${i}@example.test`));
        await pause();
      }
    }
    console.log(`POST /api/auth/password-reset, ${known.length} requests each, interleaved, one at a time`);
    console.log(`median with an account: ${median(known).toFixed(2)} ms; without: ${median(unknown).toFixed(2)} ms`);
  } finally {
    await api.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
