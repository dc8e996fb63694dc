import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

/**
 * The portal's entry: one process by default; PORTAL_WORKERS=n (or 'auto': one per core) runs n
 * workers of server/portal.js behind one port (Node cluster). SIGTERM/SIGINT reach every worker,
 * each of which finishes its requests in flight before it exits.
 */
/** @param {string | undefined} value */
function workerCount(value) {
  if (!value) return 1;
  if (value === 'auto') return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`Set PORTAL_WORKERS to a number of workers between 1 and 64, or 'auto' (it is '${value}').`);
    process.exit(1);
  }
  return count;
}

const workers = process.argv.includes('--dev') ? 1 : workerCount(process.env.PORTAL_WORKERS);

if (workers > 1 && cluster.isPrimary) {
  let stopping = false;
  const start = () => cluster.fork();
  for (let i = 0; i < workers; i += 1) start();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // Configuration errors make every worker fail alike: stop instead of forking forever.
    if (code === 1) {
      console.error('A portal worker could not start; stopping.');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    console.error(`Portal worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    start();
  });
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, closing the portal (${workers} workers).`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} else {
  await import('./server/portal.js');
}
