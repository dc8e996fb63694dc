// A query past its deadline terminates its worker; the replacement reloads the replicated datasets from the text kept here.
import type { Readable } from 'node:stream';
import { DatasetRegistry, type LoadOptions } from './dataset-registry';
import type { EngineOptions, EngineStats, QueryOptions, QueryResult } from './engine-types';
import { SparqlError, type SparqlErrorReason } from './errors';
import { streamedExport } from './export-stream';
import { FairQueue } from './fair-queue';
import { guardQuery, withRowLimit } from './guard';
import { isQueryJob, type Job } from './jobs';
import { SPARQL_LIMITS } from './limits';
import { MemoryWatchdog } from './memory-watchdog';
import { queryResult } from './query-result';
import { ResultCache } from './result-cache';
import { settle } from './settle';
import { nextJob, shouldGrow } from './scheduler';
import { resolveScopes, type CategorySelection } from './scopes';
import { defaultWorkerScript, WorkerPool, type PoolWorker, type Running } from './worker-pool';
import type { GraphFormat, LoadInfo, QueryOutput } from './worker-protocol';

export type { DataFormat, GraphFormat, LoadInfo, ResultsFormat } from './worker-protocol';
export * from './engine-types';

export class SparqlEngine {
  private readonly options: { workers: number; deadlineMs: number; maxRows: number; maxTriples: number; maxQueryBytes: number; maxAnswerBytes: number; maxRunningPerGroup: number };
  private readonly pool: WorkerPool;
  private readonly queue: FairQueue;
  private readonly datasets: DatasetRegistry;
  private readonly results: ResultCache | undefined;
  private readonly watchdog: MemoryWatchdog;
  private closed = false;
  private restarts = 0;
  private waited = 0;
  private deadlineHits = 0;
  private memoryStops = 0;
  private readonly queryMemoryMb: number | undefined;
  private readonly recycleBytes: number | undefined;
  private startupFailures = 0;
  private broken?: SparqlError;

  constructor(options: EngineOptions = {}) {
    this.options = {
      workers: Math.max(1, Math.floor(options.workers ?? 1)),
      deadlineMs: options.deadlineMs ?? SPARQL_LIMITS.deadlineMs,
      maxRows: options.maxRows ?? SPARQL_LIMITS.maxRows,
      maxTriples: options.maxTriples ?? SPARQL_LIMITS.maxTriples,
      maxQueryBytes: options.maxQueryBytes ?? SPARQL_LIMITS.maxQueryBytes,
      maxAnswerBytes: options.maxAnswerBytes ?? Number.MAX_SAFE_INTEGER,
      maxRunningPerGroup: Math.max(1, Math.floor(options.maxRunningPerGroup ?? Number.POSITIVE_INFINITY)),
    };
    this.queue = new FairQueue(options.maxQueueLength ?? SPARQL_LIMITS.maxQueueLength);
    this.datasets = new DatasetRegistry(options.replicateMaxBytes ?? Number.POSITIVE_INFINITY);
    this.results = options.resultCacheMb ? new ResultCache(Math.floor(options.resultCacheMb * 1024 * 1024)) : undefined;
    this.queryMemoryMb = options.queryMemoryMb && options.queryMemoryMb > 0 ? options.queryMemoryMb : undefined;
    const recycleMb = options.recycleMb ?? (this.queryMemoryMb ? Math.max(64, this.queryMemoryMb / 8) : undefined);
    this.recycleBytes = recycleMb !== undefined ? recycleMb * 1024 * 1024 : undefined;
    this.watchdog = new MemoryWatchdog(
      options.maxRssMb,
      (limit) => this.stopQueries('memory_limit', `the query used too much memory (over ${limit} MB)`),
      25,
      this.queryMemoryMb ? (rssMb) => this.checkQueryBudgets(rssMb) : undefined,
    );
    this.pool = new WorkerPool(
      {
        workerScript: options.workerScript ?? defaultWorkerScript(),
        ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
        ...(options.viewsPerDataset !== undefined ? { viewsPerDataset: options.viewsPerDataset } : {}),
      },
      {
        ready: () => {
          this.startupFailures = 0;
          this.pump();
        },
        answered: (member, running, response) => {
          settle(member, running.job, response, this.datasets);
          this.creditLoad(member, running.job);
          // A fatal error leaves the WebAssembly unusable; a query that grew its memory keeps it grown (it never shrinks).
          const grown =
            isQueryJob(running.job) &&
            (this.watchdog.grewMuch(running.job.rssAtStartMb) || (this.recycleBytes !== undefined && member.wasmBytes - member.baselineWasmBytes > this.recycleBytes));
          if ((!response.ok && response.fatal) || grown) this.replace(member);
          this.pump();
        },
        crashed: (member, running, message) => this.crashed(member, running, message),
        overdue: (member, deadline) => this.kill(member, 'timeout', `the query did not finish within ${deadline} ms`),
      },
    );
    // The others start on demand (pump): an idle worker costs memory, most of the time for nothing.
    this.pool.spawn();
    this.keepAlive();
  }

  /** Resolves once a worker holds it; rejects with `invalid_data` (the previous version stays). `countCategories: false` skips a full pass. */
  load(key: string, data: string | Uint8Array, options: LoadOptions = {}): Promise<LoadInfo> {
    this.assertOpen();
    return new Promise<LoadInfo>((resolve, reject) => {
      this.datasets.add(key, data, options, { resolve, reject }, this.pool.live());
      this.pump();
    });
  }

  unload(key: string): void {
    if (!this.datasets.has(key)) return;
    this.datasets.remove(key, new SparqlError('unknown_dataset', `dataset ${key} was unloaded`));
    this.results?.forget(key);
    this.pump();
  }

  source(key: string): string | Uint8Array | undefined {
    return this.datasets.get(key)?.data;
  }

  has(key: string): boolean {
    return this.datasets.has(key);
  }

  info(key: string): LoadInfo | undefined {
    const entry = this.datasets.get(key);
    return entry?.info ?? entry?.previous?.info;
  }

  keys(): string[] {
    return this.datasets.keys();
  }

  viewTriples(key: string): number {
    if (!this.datasets.has(key)) return 0;
    let triples = 0;
    for (const member of this.pool.live()) for (const count of member.views.get(key)?.values() ?? []) triples += count;
    return triples;
  }

  async query(key: string, text: string, scopes: readonly string[], options: QueryOptions = {}): Promise<QueryResult> {
    this.assertOpen();
    const guarded = guardQuery(text, { maxQueryBytes: this.options.maxQueryBytes, ...(options.datasetClauses ? { datasetClauses: true } : {}) });
    const selection = resolveScopes(scopes);
    this.assertLoaded(key);
    const maxRows = options.maxRows ?? this.options.maxRows;
    const formats = { graph: options.graphFormat ?? 'turtle', results: options.resultsFormat ?? 'json' } as const;
    const maxTriples = options.maxTriples ?? this.options.maxTriples;
    // The version asked for is the one that answers: queries go only to workers holding the newest.
    const cacheKey = this.results
      ? ResultCache.key({ key, version: this.datasets.get(key)!.version, text, selection, parts: [maxRows, maxTriples, this.options.maxAnswerBytes, formats.graph, formats.results] })
      : undefined;
    const kept = cacheKey ? this.results!.get(cacheKey) : undefined;
    if (kept) return kept;
    const started = Date.now();
    const output = await this.submit({
      ...(options.group !== undefined ? { group: options.group } : {}),
      request: {
        type: 'query',
        key,
        query: withRowLimit(guarded, maxRows + 1),
        exactQuery: formats.results === 'json' ? '' : withRowLimit(guarded, maxRows),
        form: guarded.form,
        resultsFormat: formats.results,
        selection,
        maxRows,
        maxTriples,
        maxAnswerBytes: this.options.maxAnswerBytes,
        graphFormat: formats.graph,
      },
      deadlineMs: options.deadlineMs ?? this.options.deadlineMs,
    });
    const result = queryResult(guarded, output, formats, started);
    if (cacheKey) this.results!.set(cacheKey, result);
    return result;
  }

  async exportStream(key: string, scopes: readonly string[], format: GraphFormat = 'rdfxml', options: { deadlineMs?: number; group?: string } = {}): Promise<Readable> {
    this.assertOpen();
    const selection = resolveScopes(scopes);
    this.assertLoaded(key);
    return streamedExport((onChunk) =>
      this.submit({
        ...(options.group !== undefined ? { group: options.group } : {}),
        request: { type: 'export', key, selection, format, stream: true },
        deadlineMs: options.deadlineMs ?? this.options.deadlineMs,
        onChunk,
      }),
    );
  }

  async exportGraph(key: string, scopes: readonly string[] | CategorySelection, format: GraphFormat = 'rdfxml', options: { deadlineMs?: number } = {}): Promise<string> {
    this.assertOpen();
    const selection = Array.isArray(scopes) ? resolveScopes(scopes) : (scopes as CategorySelection);
    this.assertLoaded(key);
    const output = await this.submit({ request: { type: 'export', key, selection, format }, deadlineMs: options.deadlineMs ?? this.options.deadlineMs });
    return output.body;
  }

  /** A query may wait for its organisation's slot first: start a worker now so other organisations' queries find one free meanwhile. */
  expectWork(): void {
    if (this.closed || this.broken) return;
    const live = this.pool.live();
    if (live.length >= this.options.workers || live.some((member) => !member.ready || !member.running)) return;
    this.pool.spawn();
    this.keepAlive();
  }

  stats(): EngineStats {
    const live = this.pool.live();
    return {
      workers: live.length,
      ready: live.filter((member) => member.ready).length,
      busy: live.filter((member) => member.running).length,
      queued: this.queue.length,
      restarts: this.restarts,
      datasets: this.datasets.size,
      waited: this.waited,
      deadlineHits: this.deadlineHits,
      resultHits: this.results?.hits ?? 0,
      memoryStops: this.memoryStops,
      workerMemoryMb: Math.round(live.reduce((sum, member) => sum + member.wasmBytes, 0) / (1024 * 1024)),
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watchdog.stop();
    const closedError = () => new SparqlError('engine_closed', 'the SPARQL engine was closed');
    for (const job of this.queue.drain()) job.reject?.(closedError());
    this.datasets.rejectWaiters(closedError);
    await this.pool.terminateAll(closedError);
  }


  private assertOpen(): void {
    if (this.closed) throw new SparqlError('engine_closed', 'the SPARQL engine was closed');
    if (this.broken) throw this.broken;
  }

  private assertLoaded(key: string): void {
    if (!this.datasets.has(key)) throw new SparqlError('unknown_dataset', `dataset ${key} is not loaded`);
  }

  private submit(job: Omit<Job, 'resolve' | 'reject'>): Promise<QueryOutput> {
    return new Promise<QueryOutput>((resolve, reject) => {
      const queued = { ...job, resolve, reject };
      this.queue.push(queued);
      this.pump();
      if (this.queue.some((waiting) => waiting === queued)) this.waited += 1;
    });
  }

  private crashed(member: PoolWorker, running: Running | undefined, message: string): void {
    if (!member.ready) {
      this.startupFailures += 1;
      if (this.startupFailures >= 3) {
        this.giveUp(new SparqlError('worker_crashed', `the SPARQL worker cannot start: ${message}`));
        return;
      }
    }
    if (running) {
      const request = running.job.request;
      if (request.type === 'load') {
        this.datasets.loadCrashed(request.key, request.version, () => new SparqlError('worker_crashed', `loading ${request.key} crashed the worker: ${message}`));
      }
      running.job.reject?.(new SparqlError('worker_crashed', `the SPARQL worker stopped: ${message}`));
    }
    this.replace(member);
    this.pump();
  }

  private giveUp(error: SparqlError): void {
    this.broken = error;
    void this.pool.terminateAll(() => error);
    for (const job of this.queue.drain()) job.reject?.(error);
    this.datasets.rejectWaiters(() => error);
    this.watchdog.stop();
  }

  private replace(member: PoolWorker): void {
    if (!this.pool.terminate(member) || this.closed) return;
    this.restarts += 1;
    this.datasets.moveHolder(member, this.pool.spawn(member));
  }

  private kill(member: PoolWorker, reason: SparqlErrorReason, message: string): void {
    if (!member.running || member.dead) return;
    if (reason === 'timeout') this.deadlineHits += 1;
    this.pool.stopRunning(member)?.job.reject?.(new SparqlError(reason, message));
    this.replace(member);
    this.pump();
  }

  /** RSS growth cannot be told apart between threads, so the query that has grown it most is stopped first, one per look. */
  private checkQueryBudgets(rssMb: number): void {
    const budget = this.queryMemoryMb;
    if (!budget) return;
    let worst: { member: PoolWorker; growth: number } | undefined;
    for (const member of this.pool.members) {
      const job = member.running?.job;
      if (member.dead || !job || job.request.type !== 'query' || job.rssLowMb === undefined) continue;
      job.rssLowMb = Math.min(job.rssLowMb, rssMb);
      const growth = rssMb - job.rssLowMb - (job.memoryCreditMb ?? 0);
      if (growth > budget && (!worst || growth > worst.growth)) worst = { member, growth };
    }
    if (!worst) return;
    this.memoryStops += 1;
    this.kill(worst.member, 'query_memory_limit', `the query needed more than ${budget} MB of memory`);
  }

  private creditLoad(member: PoolWorker, job: Job): void {
    if (!this.queryMemoryMb || isQueryJob(job) || member.lastGrowthBytes <= 0) return;
    for (const other of this.pool.members) {
      const running = other.running?.job;
      if (other !== member && running?.rssLowMb !== undefined) running.memoryCreditMb = (running.memoryCreditMb ?? 0) + member.lastGrowthBytes / (1024 * 1024);
    }
  }

  private stopQueries(reason: SparqlErrorReason, message: string): void {
    for (const member of this.pool.members) if (member.running && isQueryJob(member.running.job)) this.kill(member, reason, message);
  }

  private pump(): void {
    if (this.closed) return;
    for (const member of [...this.pool.members]) {
      if (member.dead || !member.ready || member.running) continue;
      const job = nextJob(member, this.datasets, this.queue, this.pool, this.options.maxRunningPerGroup);
      if (job && isQueryJob(job)) job.rssAtStartMb = this.watchdog.mark();
      if (job && job.request.type === 'query' && this.queryMemoryMb) job.rssLowMb = process.memoryUsage.rss() / (1024 * 1024);
      if (job) this.pool.dispatch(member, job, this.datasets.transferable(job));
    }
    if (!this.broken && shouldGrow(this.options.workers, this.pool, this.queue, this.datasets)) this.pool.spawn();
    this.keepAlive();
    this.watchdog.update(this.pool.members.some((member) => member.running && member.running.job.request.type !== 'load'));
  }

  private keepAlive(): void {
    this.pool.keepAlive(this.queue.length > 0 || this.pool.members.some((member) => member.running) || this.datasets.hasWaiters());
  }
}
