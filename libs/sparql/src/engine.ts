/**
 * A pool of oxigraph workers (worker_threads): one from the start, more (up to `workers`) when a
 * query waits that no running worker is free to take. Every worker holds every dataset up to
 * `replicateMaxBytes`, so any idle worker can answer any query on it; a larger dataset lives in
 * exactly one worker (memory: one copy), which answers all queries on it. A query that passes its
 * deadline is stopped by terminating its worker; a fresh worker replaces it and reloads the
 * replicated datasets from the text kept here, while the other workers go on answering. The
 * single-copy datasets of a terminated worker are forgotten (`has` turns false): their owner
 * loads them again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { SparqlError, type SparqlErrorReason } from './errors';
import { guardQuery, withRowLimit, type QueryForm } from './guard';
import { SPARQL_LIMITS } from './limits';
import { resolveScopes, selectionKey, type CategorySelection } from './scopes';
import type { DataFormat, GraphFormat, LoadInfo, QueryOutput, ResultsFormat, WorkerEvent, WorkerRequest, WorkerResponse } from './worker-protocol';

export type { DataFormat, GraphFormat, LoadInfo, ResultsFormat } from './worker-protocol';

export interface EngineOptions {
  /**
   * Most workers (default 1). One starts with the engine; another only when a query waits that no
   * running worker is free to take. Each holds every replicated dataset: memory grows with the pool.
   */
  workers?: number;
  /** Hard deadline per query in ms (default 10 000). */
  deadlineMs?: number;
  /** Most SELECT rows returned (default 10 000); more are cut off and marked truncated. */
  maxRows?: number;
  /** Most CONSTRUCT/DESCRIBE triples returned (default 1 000 000). */
  maxTriples?: number;
  /** Queries waiting for a worker before new ones are refused as `busy` (default 64). */
  maxQueueLength?: number;
  /** Longest accepted query text in bytes (default 64 KB). */
  maxQueryBytes?: number;
  /** V8 heap limits per worker (the WebAssembly memory is not covered; see maxRssMb). */
  resourceLimits?: ResourceLimits;
  /**
   * When set, a running query is stopped (its worker terminated, reason `memory_limit`) as soon as
   * the resident memory of the whole process exceeds this many MB. Checked every 100 ms.
   */
  maxRssMb?: number;
  /** Path of the compiled worker script (default: worker.js next to this file, else ../dist/worker.js). */
  workerScript?: string;
  /**
   * Datasets whose text is larger than this many bytes are held by one worker only, and their text
   * is not kept once loaded (default: no limit — every worker holds every dataset).
   */
  replicateMaxBytes?: number;
}

export interface QueryOptions {
  deadlineMs?: number;
  maxRows?: number;
  maxTriples?: number;
  /** Serialisation of CONSTRUCT/DESCRIBE answers (default Turtle). */
  graphFormat?: GraphFormat;
  /** Serialisation of SELECT answers (default JSON); ASK answers JSON unless XML is asked. */
  resultsFormat?: ResultsFormat;
  /**
   * Who asks (e.g. an organisation): a free worker takes the queued query whose group has the
   * fewest running, so one group's heavy queries never keep another's small one waiting.
   */
  group?: string;
}

export interface QueryResult {
  form: QueryForm;
  /** The results format's media type for SELECT/ASK, else the graph format's. */
  contentType: string;
  /** The answer as sent: UTF-8 bytes, as the worker encoded them (send these, not `body`). */
  bytes: Buffer;
  /** The answer as text (decoded from `bytes` when first read). */
  readonly body: string;
  /** True when rows or triples beyond the cap were cut off. */
  truncated: boolean;
  /** Rows (SELECT) or triples (CONSTRUCT/DESCRIBE) in `body`; 1 for ASK. */
  count: number;
  /** Time from handing the query to a worker until its answer, in ms. */
  durationMs: number;
}

export const GRAPH_MEDIA_TYPES: Record<GraphFormat, string> = {
  turtle: 'text/turtle',
  ntriples: 'application/n-triples',
  rdfxml: 'application/rdf+xml',
  jsonld: 'application/ld+json',
};

export const RESULTS_MEDIA_TYPES: Record<ResultsFormat, string> = {
  json: 'application/sparql-results+json',
  xml: 'application/sparql-results+xml',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};

export const SPARQL_RESULTS_JSON = 'application/sparql-results+json';

interface DatasetEntry {
  key: string;
  version: number;
  /** The text to load; dropped once a single-copy dataset has loaded. */
  data?: string | Uint8Array;
  bytes: number;
  baseIri?: string;
  format?: DataFormat;
  countCategories?: boolean;
  /** The one worker holding a dataset above replicateMaxBytes. */
  holder?: PoolWorker;
  info?: LoadInfo;
  /** The entry this one replaces, kept until this one has loaded somewhere (to roll back on failure). */
  previous?: DatasetEntry;
  waiters: { resolve: (info: LoadInfo) => void; reject: (error: Error) => void }[];
  crashes: number;
}

type JobRequest = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

interface Job {
  request: JobRequest;
  deadlineMs?: number;
  group?: string;
  /** Only query-like jobs count for the memory watchdog and carry a caller. */
  resolve?: (result: QueryOutput) => void;
  reject?: (error: Error) => void;
  /** Pieces of a streamed export. */
  onChunk?: (chunk: string) => void;
  /** A view job already ran for this query (if it failed, the query reports the failure itself). */
  viewTried?: boolean;
  startedAt?: number;
}

interface PoolWorker {
  worker: Worker;
  ready: boolean;
  /** dataset key → version loaded in this worker */
  loaded: Map<string, number>;
  /** dataset key → the views the worker holds for it: selection key → triples */
  views: Map<string, Map<string, number>>;
  running?: { id: number; job: Job; timer?: NodeJS.Timeout; onDone: (response: WorkerResponse) => void };
  dead: boolean;
}

function defaultWorkerScript(): string {
  const compiled = path.join(__dirname, 'worker.js');
  if (existsSync(compiled)) return compiled;
  // Running from the TypeScript sources (tests): use the build output.
  return path.join(__dirname, '..', 'dist', 'worker.js');
}

export class SparqlEngine {
  private readonly options: Required<Omit<EngineOptions, 'resourceLimits' | 'maxRssMb' | 'workerScript' | 'replicateMaxBytes'>> & { replicateMaxBytes: number } &
    Pick<EngineOptions, 'resourceLimits' | 'maxRssMb'> & { workerScript: string };
  private readonly pool: PoolWorker[] = [];
  private readonly queue: Job[] = [];
  private readonly datasets = new Map<string, DatasetEntry>();
  private nextId = 1;
  private nextVersion = 1;
  private closed = false;
  private restarts = 0;
  /** Workers that died before becoming ready, in a row; after 3 the engine stops respawning. */
  private startupFailures = 0;
  private broken?: SparqlError;
  private watchdog?: NodeJS.Timeout;
  /** Per group, when it was last given a worker (a counter): for takeFairly. */
  private readonly lastServed = new Map<string | undefined, number>();
  private served = 0;

  constructor(options: EngineOptions = {}) {
    this.options = {
      workers: Math.max(1, Math.floor(options.workers ?? 1)),
      deadlineMs: options.deadlineMs ?? SPARQL_LIMITS.deadlineMs,
      maxRows: options.maxRows ?? SPARQL_LIMITS.maxRows,
      maxTriples: options.maxTriples ?? SPARQL_LIMITS.maxTriples,
      maxQueueLength: options.maxQueueLength ?? SPARQL_LIMITS.maxQueueLength,
      maxQueryBytes: options.maxQueryBytes ?? SPARQL_LIMITS.maxQueryBytes,
      resourceLimits: options.resourceLimits,
      maxRssMb: options.maxRssMb,
      workerScript: options.workerScript ?? defaultWorkerScript(),
      replicateMaxBytes: options.replicateMaxBytes ?? Number.POSITIVE_INFINITY,
    };
    if (!existsSync(this.options.workerScript)) {
      throw new Error(`SPARQL worker script not found at ${this.options.workerScript}; build @datahub/sparql first`);
    }
    // The others start on demand (pump): an idle worker costs memory, most of the time for nothing.
    this.pool.push(this.spawn());
  }

  /**
   * Loads (or replaces) a dataset from Turtle (or N-Triples), as text or UTF-8 bytes. Resolves with
   * its triple counts once a worker has it; queries are only handed to workers that hold the newest
   * version. `countCategories: false` skips the per-category counts (a pass over every triple).
   * Rejects with SparqlError `invalid_data` when the data does not parse (the previous version, if any, stays).
   */
  load(key: string, data: string | Uint8Array, options: { baseIri?: string; format?: DataFormat; countCategories?: boolean } = {}): Promise<LoadInfo> {
    this.assertOpen();
    return new Promise<LoadInfo>((resolve, reject) => {
      const existing = this.datasets.get(key);
      const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
      const entry: DatasetEntry = {
        key,
        version: this.nextVersion++,
        data,
        bytes,
        ...(options.baseIri ? { baseIri: options.baseIri } : {}),
        ...(options.format ? { format: options.format } : {}),
        ...(options.countCategories === false ? { countCategories: false } : {}),
        waiters: [{ resolve, reject }],
        crashes: 0,
      };
      if (bytes > this.options.replicateMaxBytes) entry.holder = existing?.holder && !existing.holder.dead ? existing.holder : this.lightestWorker();
      if (existing) {
        if (existing.info) {
          entry.previous = { ...existing, previous: undefined, waiters: [] };
        } else {
          // Superseded before any worker loaded it: its callers get this version's outcome.
          entry.waiters.push(...existing.waiters);
          if (existing.previous) entry.previous = existing.previous;
        }
      }
      this.datasets.set(key, entry);
      this.pump();
    });
  }

  /** Forgets a dataset; workers drop it before their next query. */
  unload(key: string): void {
    const entry = this.datasets.get(key);
    if (!entry) return;
    this.datasets.delete(key);
    for (const waiter of entry.waiters) waiter.reject(new SparqlError('unknown_dataset', `dataset ${key} was unloaded`));
    this.pump();
  }

  /** The text a dataset was loaded from, while it is kept (always, for datasets every worker holds). */
  source(key: string): string | Uint8Array | undefined {
    return this.datasets.get(key)?.data;
  }

  has(key: string): boolean {
    return this.datasets.has(key);
  }

  /** Triple counts of the newest loaded version, once loaded. */
  info(key: string): LoadInfo | undefined {
    const entry = this.datasets.get(key);
    return entry?.info ?? entry?.previous?.info;
  }

  keys(): string[] {
    return [...this.datasets.keys()];
  }

  /** Triples in the views of dataset `key` that the workers hold (each view is a partial copy of it). */
  viewTriples(key: string): number {
    // An unloaded dataset's views go with it (the workers drop them before their next job).
    if (!this.datasets.has(key)) return 0;
    let triples = 0;
    for (const member of this.pool) {
      if (member.dead) continue;
      for (const count of member.views.get(key)?.values() ?? []) triples += count;
    }
    return triples;
  }

  /**
   * Guards `text`, then evaluates it over the subgraph of dataset `key` that `scopes` permit
   * (Dataset.ReadAll = everything). Throws SparqlError: a guard reason, `no_scopes`/`unknown_scope`,
   * `unknown_dataset`, `query_failed`, `timeout`, `busy`, `memory_limit` or `worker_crashed`.
   */
  async query(key: string, text: string, scopes: readonly string[], options: QueryOptions = {}): Promise<QueryResult> {
    this.assertOpen();
    const guarded = guardQuery(text, { maxQueryBytes: this.options.maxQueryBytes });
    const selection = resolveScopes(scopes);
    if (!this.datasets.has(key)) throw new SparqlError('unknown_dataset', `dataset ${key} is not loaded`);
    const maxRows = options.maxRows ?? this.options.maxRows;
    const graphFormat = options.graphFormat ?? 'turtle';
    const resultsFormat = options.resultsFormat ?? 'json';
    const started = Date.now();
    const output = await this.submit({
      ...(options.group !== undefined ? { group: options.group } : {}),
      request: {
        type: 'query',
        key,
        query: withRowLimit(guarded, maxRows + 1),
        exactQuery: resultsFormat === 'json' ? '' : withRowLimit(guarded, maxRows),
        form: guarded.form,
        resultsFormat,
        selection,
        maxRows,
        maxTriples: options.maxTriples ?? this.options.maxTriples,
        graphFormat,
      },
      deadlineMs: options.deadlineMs ?? this.options.deadlineMs,
    });
    const graph = guarded.form === 'CONSTRUCT' || guarded.form === 'DESCRIBE';
    const askFormat = resultsFormat === 'xml' ? 'xml' : 'json';
    const bytes = output.bytes ? Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength) : Buffer.from(output.body, 'utf8');
    let body: string | undefined;
    return {
      form: guarded.form,
      contentType: graph ? GRAPH_MEDIA_TYPES[graphFormat] : RESULTS_MEDIA_TYPES[guarded.form === 'ASK' ? askFormat : resultsFormat],
      bytes,
      get body() {
        return (body ??= bytes.toString('utf8'));
      },
      truncated: output.truncated,
      count: output.count,
      durationMs: Date.now() - started,
    };
  }

  /**
   * The whole subgraph `scopes` permit as a stream of text (default RDF/XML, for the XML download):
   * the worker serialises it and hands it over in pieces. Fails (before the first piece) like exportGraph.
   */
  async exportStream(
    key: string,
    scopes: readonly string[],
    format: GraphFormat = 'rdfxml',
    options: { deadlineMs?: number; group?: string } = {},
  ): Promise<Readable> {
    this.assertOpen();
    const selection = resolveScopes(scopes);
    if (!this.datasets.has(key)) throw new SparqlError('unknown_dataset', `dataset ${key} is not loaded`);
    const stream = new Readable({ read() {} });
    let started: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (started = resolve));
    const done = this.submit({
      ...(options.group !== undefined ? { group: options.group } : {}),
      request: { type: 'export', key, selection, format, stream: true },
      deadlineMs: options.deadlineMs ?? this.options.deadlineMs,
      onChunk: (chunk) => {
        started();
        stream.push(chunk, 'utf8');
      },
    });
    done.then(
      () => {
        started();
        stream.push(null);
      },
      (error: Error) => stream.destroy(error),
    );
    // The answer starts once the worker has serialised the graph (errors before that are thrown here).
    await Promise.race([first, done]);
    return stream;
  }

  /** The whole subgraph `scopes` permit, serialised (default RDF/XML, for the XML download). */
  async exportGraph(
    key: string,
    scopes: readonly string[] | CategorySelection,
    format: GraphFormat = 'rdfxml',
    options: { deadlineMs?: number } = {},
  ): Promise<string> {
    this.assertOpen();
    const selection = Array.isArray(scopes) ? resolveScopes(scopes) : (scopes as CategorySelection);
    if (!this.datasets.has(key)) throw new SparqlError('unknown_dataset', `dataset ${key} is not loaded`);
    const output = await this.submit({
      request: { type: 'export', key, selection, format },
      deadlineMs: options.deadlineMs ?? this.options.deadlineMs,
    });
    return output.body;
  }

  stats(): { workers: number; ready: number; busy: number; queued: number; restarts: number; datasets: number } {
    const live = this.pool.filter((member) => !member.dead);
    return {
      workers: live.length,
      ready: live.filter((member) => member.ready).length,
      busy: live.filter((member) => member.running).length,
      queued: this.queue.length,
      restarts: this.restarts,
      datasets: this.datasets.size,
    };
  }

  /** Stops every worker; queued and running work is refused with `engine_closed`. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    const closedError = () => new SparqlError('engine_closed', 'the SPARQL engine was closed');
    for (const job of this.queue.splice(0)) job.reject?.(closedError());
    for (const entry of this.datasets.values()) for (const waiter of entry.waiters.splice(0)) waiter.reject(closedError());
    await Promise.all(
      this.pool.map(async (member) => {
        const running = member.running;
        member.running = undefined;
        member.dead = true;
        if (running?.timer) clearTimeout(running.timer);
        running?.job.reject?.(closedError());
        await member.worker.terminate();
      }),
    );
  }

  // ---------------------------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new SparqlError('engine_closed', 'the SPARQL engine was closed');
    if (this.broken) throw this.broken;
  }

  /** The live worker holding the fewest bytes of single-copy datasets. */
  private lightestWorker(): PoolWorker | undefined {
    let best: PoolWorker | undefined;
    let bestBytes = Number.POSITIVE_INFINITY;
    for (const member of this.pool) {
      if (member.dead) continue;
      let bytes = 0;
      for (const entry of this.datasets.values()) if (entry.holder === member) bytes += entry.bytes;
      if (bytes < bestBytes) [best, bestBytes] = [member, bytes];
    }
    return best;
  }

  private submit(job: Omit<Job, 'resolve' | 'reject'>): Promise<QueryOutput> {
    if (this.queue.length >= this.options.maxQueueLength) {
      return Promise.reject(new SparqlError('busy', 'too many queries waiting; try again later'));
    }
    return new Promise<QueryOutput>((resolve, reject) => {
      this.queue.push({ ...job, resolve, reject });
      this.pump();
    });
  }

  private spawn(): PoolWorker {
    const worker = new Worker(this.options.workerScript, {
      ...(this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {}),
    });
    const member: PoolWorker = { worker, ready: false, loaded: new Map(), views: new Map(), dead: false };
    worker.on('message', (event: WorkerEvent) => {
      if ('type' in event && event.type === 'ready') {
        member.ready = true;
        this.startupFailures = 0;
        this.pump();
        return;
      }
      if ('type' in event && event.type === 'chunk') {
        if (member.running?.id === event.id) member.running.job.onChunk?.(event.chunk);
        return;
      }
      const response = event as WorkerResponse;
      const running = member.running;
      if (!running || running.id !== response.id) return;
      if (running.timer) clearTimeout(running.timer);
      member.running = undefined;
      running.onDone(response);
      if (!response.ok && response.fatal) this.replace(member);
      this.pump();
    });
    worker.on('error', (error) => this.crashed(member, error.message));
    worker.on('exit', (code) => {
      if (!member.dead) this.crashed(member, `worker exited with code ${code}`);
    });
    this.updateRefs();
    return member;
  }

  private crashed(member: PoolWorker, message: string): void {
    if (member.dead) return;
    if (!member.ready) {
      this.startupFailures += 1;
      if (this.startupFailures >= 3) {
        this.giveUp(new SparqlError('worker_crashed', `the SPARQL worker cannot start: ${message}`));
        return;
      }
    }
    const running = member.running;
    member.running = undefined;
    if (running?.timer) clearTimeout(running.timer);
    if (running) {
      if (running.job.request.type === 'load') {
        const entry = this.datasets.get(running.job.request.key);
        if (entry && entry.version === running.job.request.version) {
          entry.crashes += 1;
          if (entry.crashes >= 2) this.failLoad(entry, new SparqlError('worker_crashed', `loading ${entry.key} crashed the worker: ${message}`));
        }
      }
      running.job.reject?.(new SparqlError('worker_crashed', `the SPARQL worker stopped: ${message}`));
    }
    this.replace(member);
    this.pump();
  }

  /** Workers keep failing to start (e.g. the WebAssembly module cannot load): refuse all work. */
  private giveUp(error: SparqlError): void {
    this.broken = error;
    for (const member of this.pool) {
      member.dead = true;
      if (member.running?.timer) clearTimeout(member.running.timer);
      member.running?.job.reject?.(error);
      member.running = undefined;
      void member.worker.terminate().catch(() => undefined);
    }
    for (const job of this.queue.splice(0)) job.reject?.(error);
    for (const entry of this.datasets.values()) for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
    if (this.watchdog) clearInterval(this.watchdog);
  }

  /** Terminates a worker (if still running) and starts a fresh one in its place. */
  private replace(member: PoolWorker): void {
    if (member.dead) return;
    member.dead = true;
    void member.worker.terminate().catch(() => undefined);
    const index = this.pool.indexOf(member);
    if (this.closed) return;
    this.restarts += 1;
    const fresh = this.spawn();
    if (index >= 0) this.pool[index] = fresh;
    else this.pool.push(fresh);
    for (const entry of [...this.datasets.values()]) {
      if (entry.holder !== member) continue;
      if (entry.data !== undefined) {
        entry.holder = fresh; // not loaded yet: the replacement loads it
      } else {
        // Its only copy is gone with the worker, and its text was not kept: forgotten (has() is false).
        this.datasets.delete(entry.key);
        for (const waiter of entry.waiters.splice(0)) waiter.reject(new SparqlError('unknown_dataset', `dataset ${entry.key} was lost with its worker`));
      }
    }
  }

  private kill(member: PoolWorker, reason: SparqlErrorReason, message: string): void {
    const running = member.running;
    if (!running || member.dead) return;
    member.running = undefined;
    if (running.timer) clearTimeout(running.timer);
    running.job.reject?.(new SparqlError(reason, message));
    this.replace(member);
    this.pump();
  }

  private failLoad(entry: DatasetEntry, error: Error): void {
    if (this.datasets.get(entry.key) !== entry) return;
    if (entry.previous) this.datasets.set(entry.key, entry.previous);
    else this.datasets.delete(entry.key);
    for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
  }

  /** Hands work to idle workers: first bring them up to date with the datasets, then queries. */
  private pump(): void {
    if (this.closed) return;
    for (const member of this.pool) {
      if (member.dead || !member.ready || member.running) continue;
      const sync = this.nextSyncJob(member);
      if (sync) {
        this.dispatch(member, sync);
        continue;
      }
      const job = this.takeFairly(member);
      if (!job) continue;
      const request = job.request;
      if ((request.type === 'query' || request.type === 'export') && !request.selection.all) {
        const view = selectionKey(request.selection);
        if (!job.viewTried && this.datasets.has(request.key) && !member.views.get(request.key)?.has(view)) {
          job.viewTried = true;
          // Build the view first, without the query's deadline (it is work on the data, not the query's).
          this.queue.unshift(job);
          this.dispatch(member, { request: { type: 'view', key: request.key, selection: request.selection } });
          continue;
        }
      }
      this.dispatch(member, job);
    }
    this.growIfWaiting();
    this.updateRefs();
    this.updateWatchdog();
  }

  /**
   * Starts one more worker (up to `workers`) when a queued job waits that a new worker could take
   * (not one bound to the worker holding its single-copy dataset) and none is idle or starting.
   */
  private growIfWaiting(): void {
    if (this.broken) return;
    const live = this.pool.filter((member) => !member.dead);
    if (live.length >= this.options.workers || live.some((member) => !member.ready || !member.running)) return;
    const movable = this.queue.some((job) => {
      const holder = 'key' in job.request ? this.datasets.get(job.request.key)?.holder : undefined;
      return holder === undefined || holder.dead;
    });
    if (movable) this.pool.push(this.spawn());
  }

  /**
   * The next queued job, fairly between groups: the group with the fewest running jobs, then the
   * one served least recently, then the oldest job (ungrouped jobs count as one group).
   */
  private takeFairly(member: PoolWorker): Job | undefined {
    if (this.queue.length === 0) return undefined;
    // A single-copy dataset's queries go to its holder only.
    const eligible = (job: Job) => {
      if (!('key' in job.request)) return true;
      const holder = this.datasets.get(job.request.key)?.holder;
      return holder === undefined || holder === member;
    };
    const running = new Map<string | undefined, number>();
    for (const member of this.pool) {
      if (member.running) running.set(member.running.job.group, (running.get(member.running.job.group) ?? 0) + 1);
    }
    const rank = (job: Job): [number, number] => [running.get(job.group) ?? 0, this.lastServed.get(job.group) ?? -1];
    let best = -1;
    for (let index = 0; index < this.queue.length; index += 1) {
      if (!eligible(this.queue[index])) continue;
      if (best === -1) {
        best = index;
        continue;
      }
      const [runs, served] = rank(this.queue[index]);
      const [bestRuns, bestServed] = rank(this.queue[best]);
      if (runs < bestRuns || (runs === bestRuns && served < bestServed)) best = index;
    }
    if (best === -1) return undefined;
    const [job] = this.queue.splice(best, 1);
    if (this.lastServed.size > 10_000) this.lastServed.clear();
    this.lastServed.set(job.group, this.served++);
    return job;
  }

  private nextSyncJob(member: PoolWorker): Job | undefined {
    for (const entry of this.datasets.values()) {
      if (entry.holder !== undefined && entry.holder !== member) continue;
      if (member.loaded.get(entry.key) !== entry.version && entry.data !== undefined) {
        return {
          request: {
            type: 'load',
            key: entry.key,
            version: entry.version,
            data: entry.data,
            ...(entry.baseIri ? { baseIri: entry.baseIri } : {}),
            ...(entry.format ? { format: entry.format } : {}),
            ...(entry.countCategories === false ? { countCategories: false } : {}),
          },
        };
      }
    }
    for (const key of member.loaded.keys()) {
      const entry = this.datasets.get(key);
      if (!entry || (entry.holder !== undefined && entry.holder !== member)) return { request: { type: 'unload', key } };
    }
    return undefined;
  }

  private dispatch(member: PoolWorker, job: Job): void {
    const id = this.nextId++;
    const request = { ...job.request, id } as WorkerRequest;
    job.startedAt = Date.now();
    const onDone = (response: WorkerResponse) => this.completed(member, job, response);
    member.running = { id, job, onDone };
    if (job.deadlineMs !== undefined) {
      const deadline = job.deadlineMs;
      member.running.timer = setTimeout(
        () => this.kill(member, 'timeout', `the query did not finish within ${deadline} ms`),
        deadline,
      );
    }
    // A single-copy dataset's bytes move to its worker instead of being copied (its text is not kept anyway).
    const entry = request.type === 'load' ? this.datasets.get(request.key) : undefined;
    const data = request.type === 'load' ? request.data : undefined;
    if (entry?.holder && entry.data === data && data instanceof Uint8Array && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer) {
      entry.data = undefined;
      member.worker.postMessage(request, [data.buffer]);
      return;
    }
    member.worker.postMessage(request);
  }

  private completed(member: PoolWorker, job: Job, response: WorkerResponse): void {
    const request = job.request;
    if (request.type === 'load') {
      const entry = this.datasets.get(request.key);
      if (response.ok) {
        member.loaded.set(request.key, request.version);
        member.views.delete(request.key);
        if (entry && entry.version === request.version && !entry.info) {
          entry.info = response.result as LoadInfo;
          entry.previous = undefined;
          // One copy, held by its worker: the text is not needed again.
          if (entry.holder) entry.data = undefined;
          for (const waiter of entry.waiters.splice(0)) waiter.resolve(entry.info);
        }
      } else if (!response.fatal && entry && entry.version === request.version) {
        this.failLoad(entry, new SparqlError(response.error.reason, response.error.message));
      } else if (response.fatal && entry && entry.version === request.version) {
        entry.crashes += 1;
        if (entry.crashes >= 2) this.failLoad(entry, new SparqlError(response.error.reason, response.error.message));
      }
      return;
    }
    if (request.type === 'unload') {
      member.loaded.delete(request.key);
      member.views.delete(request.key);
      return;
    }
    if (response.ok && (response.result as QueryOutput | null)?.views) member.views.set(request.key, new Map((response.result as QueryOutput).views));
    if (request.type === 'view') {
      if (!response.ok) member.views.delete(request.key);
      return;
    }
    if (response.ok) job.resolve?.(response.result as QueryOutput);
    else job.reject?.(new SparqlError(response.error.reason, response.error.message));
  }

  /** Workers keep the process alive only while there is work for them. */
  private updateRefs(): void {
    const pending =
      this.queue.length > 0 ||
      this.pool.some((member) => member.running) ||
      [...this.datasets.values()].some((entry) => entry.waiters.length > 0);
    for (const member of this.pool) {
      if (member.dead) continue;
      if (pending) member.worker.ref();
      else member.worker.unref();
    }
  }

  private updateWatchdog(): void {
    const limit = this.options.maxRssMb;
    if (!limit) return;
    const queriesRunning = this.pool.some((member) => member.running && member.running.job.request.type !== 'load');
    if (queriesRunning && !this.watchdog) {
      this.watchdog = setInterval(() => {
        if (process.memoryUsage.rss() / (1024 * 1024) <= limit) return;
        for (const member of this.pool) {
          const type = member.running?.job.request.type;
          if (type === 'query' || type === 'export') {
            this.kill(member, 'memory_limit', `the query used too much memory (over ${limit} MB)`);
          }
        }
      }, 100);
      this.watchdog.unref();
    } else if (!queriesRunning && this.watchdog) {
      clearInterval(this.watchdog);
      this.watchdog = undefined;
    }
  }
}
