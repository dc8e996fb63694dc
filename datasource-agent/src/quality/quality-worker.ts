/**
 * One quality check in a worker thread: reads the dataset's Turtle file, parses it and validates
 * it (validate.ts). The agent's own thread keeps answering the hub meanwhile.
 */
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { StreamParser, Store } from 'n3';
import { validateQuads } from './validate';
import type { QualitySummary } from './summary';

export interface QualityWorkerData {
  file: string;
}

export type QualityWorkerMessage = { kind: 'done'; summary: QualitySummary } | { kind: 'failed'; message: string };

async function check(file: string): Promise<QualitySummary> {
  const store = new Store();
  await new Promise<void>((resolve, reject) => {
    const parser = new StreamParser();
    parser.on('data', (quad) => store.addQuad(quad));
    parser.on('error', reject);
    parser.on('end', resolve);
    createReadStream(file).on('error', reject).pipe(parser);
  });
  return validateQuads(store);
}

const data = workerData as QualityWorkerData;
check(data.file).then(
  (summary) => parentPort!.postMessage({ kind: 'done', summary } satisfies QualityWorkerMessage),
  (error: unknown) => parentPort!.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies QualityWorkerMessage),
);
