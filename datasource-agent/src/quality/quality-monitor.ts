/** Each dataset added or changed is checked again, one at a time, off the answering thread; the metadata answer carries the latest summary. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DatasetEvent, DatasetManager } from '../datasets';
import type { StoreDatasets } from '../store/store-datasets';
import { checkWithSparql } from './sparql-check';
import type { Logger } from '../log';
import type { QualitySummary } from './summary';
import type { QualityWorkerData, QualityWorkerMessage } from './quality-worker';

/** dist/quality/quality-worker.js after tsc; next to cli.js in the installable bundle. */
function workerScript(): string {
  const candidates = [path.join(__dirname, 'quality-worker.js'), path.join(__dirname, 'quality', 'quality-worker.js'), path.join(__dirname, '..', '..', 'dist', 'quality', 'quality-worker.js')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`the quality worker script is missing (looked for ${candidates.join(', ')}); build the agent first`);
  return found;
}

export function checkInWorker(file: string, options: { engineMaxBytes?: number; script?: string; datasetId?: string } = {}): Promise<QualitySummary> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.script ?? workerScript(), { workerData: { file, ...(options.datasetId !== undefined ? { datasetId: options.datasetId } : {}), ...(options.engineMaxBytes !== undefined ? { engineMaxBytes: options.engineMaxBytes } : {}) } satisfies QualityWorkerData });
    let settled = false;
    worker.on('message', (message: QualityWorkerMessage) => {
      settled = true;
      if (message.kind === 'done') resolve(message.summary);
      else reject(new Error(message.message));
      void worker.terminate();
    });
    worker.on('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`the quality worker stopped (exit code ${code})`));
    });
  });
}

export class QualityMonitor {
  private readonly summaries = new Map<string, QualitySummary>();
  /** Files waiting for a check, with the dataset id they serve; a newer change replaces the wait. */
  private readonly queue = new Map<string, string>();
  private running?: Promise<void>;
  private stopped = false;
  private readonly onDataset = (event: DatasetEvent) => this.handle(event);

  constructor(private readonly options: { manager: DatasetManager; dir: string; log: Logger; store?: StoreDatasets }) {}

  start(): void {
    this.options.manager.on('dataset', this.onDataset);
    for (const dataset of this.options.manager.list()) this.enqueue(dataset.file, dataset.id);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.manager.off('dataset', this.onDataset);
    this.queue.clear();
    await this.running?.catch(() => undefined);
  }

  summary(file: string): QualitySummary | undefined {
    return this.summaries.get(file);
  }

  /** Resolves when every queued check is done (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private handle(event: DatasetEvent): void {
    if (event.type === 'removed') {
      this.summaries.delete(event.dataset.file);
      this.queue.delete(event.dataset.file);
    } else if (event.type === 'added' || event.what === 'content') {
      this.enqueue(event.dataset.file, event.dataset.id);
    }
  }

  private enqueue(file: string, id: string): void {
    if (this.stopped) return;
    this.queue.set(file, id);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  private async drain(): Promise<void> {
    const { dir, log } = this.options;
    for (let next = this.queue.entries().next(); !next.done && !this.stopped; next = this.queue.entries().next()) {
      const [file, id] = next.value;
      this.queue.delete(file);
      const started = Date.now();
      try {
        const store = this.options.store;
        const summary = store
          ? // Graph by graph, pausing as long as each query took: no query runs long, and the store keeps half its time for others' queries.
            await checkWithSparql((query, piece) => store.selectAll(file, query, piece), this.options.manager.list().find((dataset) => dataset.file === file)?.triples ?? 0, new Date(), { pieces: store.graphs(file), yieldRatio: 1 })
          : await checkInWorker(path.join(dir, file), { datasetId: id });
        if (this.stopped) return;
        this.summaries.set(file, summary);
        log.info('dataset quality checked', { file, dataset_id: id, conforms: summary.conforms, violations: summary.violations, warnings: summary.warnings, check_ms: Date.now() - started });
      } catch (error) {
        log.error('dataset quality check failed', { file, dataset_id: id, error });
      }
    }
  }
}
