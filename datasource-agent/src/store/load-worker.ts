/** Under a heap ceiling: V8 grows an unbounded heap with the parse's garbage (1M triples: 374 MB RSS unbounded, 234 MB capped), same speed. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Logger } from '../log';
import { StoreClient, type StoreClientOptions } from './store-client';
import { loadIntoStore } from './store-loader';

export interface LoadWorkerData {
  client: StoreClientOptions;
  file: string;
  name: string;
  datasetId: string;
  sizeBytes: number;
  batchTriples?: number;
  replaces: string[];
}

export type LoadWorkerMessage =
  | { kind: 'log'; level: keyof Logger; message: string; fields?: Record<string, unknown> }
  | { kind: 'done'; triples: number; graphs: [string, number][]; loadMs: number }
  | { kind: 'failed'; message: string };

const post = (message: LoadWorkerMessage) => parentPort!.postMessage(message);
const log = Object.fromEntries((['debug', 'info', 'warn', 'error'] as const).map((level) => [level, (message: string, fields?: Record<string, unknown>) => post({ kind: 'log', level, message, ...(fields ? { fields } : {}) })])) as unknown as Logger;

const data = workerData as LoadWorkerData;
loadIntoStore({ ...data, client: new StoreClient(data.client), log }).then(
  (result) => post({ kind: 'done', triples: result.triples, graphs: [...result.graphs], loadMs: result.loadMs }),
  // fetch's own message is only 'fetch failed'; its cause says what happened (socket closed, refused, ...).
  (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error) }),
);
