/** Starts a store load in its own worker thread (load-worker.ts) and hands back its result and log. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log';
import type { StoreLoadResult } from './store-loader';
import type { LoadWorkerData, LoadWorkerMessage } from './load-worker';

/**
 * The worker's old-generation ceiling. The load's live data is small (the recent subjects, a few
 * batches), but V8 lets the heap grow toward its ceiling over a long load: at 3M triples 128 MB gave
 * 263 MB peak RSS against 294 MB for 192 MB, at the same speed; 96 MB was 30 % slower.
 */
export const LOAD_HEAP_MB = 128;

/**
 * The worker's young generation: parsing makes short-lived garbage, and V8's default lets it take
 * ≈ 48 MB before a scavenge. At 3M triples: peak RSS 323 MB by default, 290 MB at 16, 280 MB at 8,
 * at the same speed (docs/benchmarks.md).
 */
const LOAD_YOUNG_MB = 8;

/** STORE_LOAD_HEAP_MB overrides the ceiling (a positive number of MB). */
function heapCeiling(): number {
  const asked = Number(process.env.STORE_LOAD_HEAP_MB);
  return Number.isFinite(asked) && asked > 0 ? asked : LOAD_HEAP_MB;
}

/** dist/store/load-worker.js after tsc; next to cli.js in the installable bundle. */
function workerScript(): string {
  const candidates = [path.join(__dirname, 'load-worker.js'), path.join(__dirname, 'store', 'load-worker.js')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`the store loader's worker script is missing (looked for ${candidates.join(', ')}); build the agent first`);
  return found;
}

export function loadInWorker(data: LoadWorkerData, log: Logger, options: { heapMb?: number; script?: string } = {}): Promise<StoreLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.script ?? workerScript(), { workerData: data, resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? heapCeiling(), maxYoungGenerationSizeMb: LOAD_YOUNG_MB } });
    let settled = false;
    worker.on('message', (message: LoadWorkerMessage) => {
      if (message.kind === 'log') log[message.level](message.message, message.fields);
      else {
        settled = true;
        if (message.kind === 'done') resolve({ triples: message.triples, graphs: new Map(message.graphs), loadMs: message.loadMs });
        else reject(new Error(message.message));
        void worker.terminate();
      }
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the load fails, the agent goes on.
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the store loader stopped (exit code ${code}) before it finished`));
    });
  });
}
