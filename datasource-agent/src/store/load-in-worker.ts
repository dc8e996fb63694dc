import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../log';
import type { StoreLoadResult } from './store-loader';
import type { LoadWorkerData, LoadWorkerMessage } from './load-worker';

/** Old-generation ceiling: at 3M triples 128 MB gave 263 MB peak RSS vs 294 MB at 192 MB, same speed; 96 MB was 30 % slower. */
export const LOAD_HEAP_MB = 128;

/** Young generation: at 3M triples peak RSS 323 MB by default, 280 MB at 8, same speed (docs/benchmarks.md). */
const LOAD_YOUNG_MB = 8;

function heapCeiling(): number {
  const asked = Number(process.env.STORE_LOAD_HEAP_MB);
  return Number.isFinite(asked) && asked > 0 ? asked : LOAD_HEAP_MB;
}

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
