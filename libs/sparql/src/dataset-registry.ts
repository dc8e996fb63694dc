/** The datasets the workers hold: newest version, the text to load it from (dropped once a single-copy dataset loaded), its holder and waiters. */
import { SparqlError } from './errors';
import type { Job } from './jobs';
import type { PoolWorker } from './worker-pool';
import type { DataFormat, LoadInfo } from './worker-protocol';

interface DatasetEntry {
  key: string;
  version: number;
  data?: string | Uint8Array;
  bytes: number;
  baseIri?: string;
  format?: DataFormat;
  countCategories?: boolean;
  holder?: PoolWorker;
  info?: LoadInfo;
  /** Kept until this one has loaded somewhere, to roll back on failure. */
  previous?: DatasetEntry;
  waiters: { resolve: (info: LoadInfo) => void; reject: (error: Error) => void }[];
  crashes: number;
}

export interface LoadOptions {
  baseIri?: string;
  format?: DataFormat;
  countCategories?: boolean;
}

export class DatasetRegistry {
  private readonly entries = new Map<string, DatasetEntry>();
  private nextVersion = 1;

  constructor(private readonly replicateMaxBytes: number) {}

  get(key: string): DatasetEntry | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  get size(): number {
    return this.entries.size;
  }

  values(): DatasetEntry[] {
    return [...this.entries.values()];
  }

  add(key: string, data: string | Uint8Array, options: LoadOptions, waiter: DatasetEntry['waiters'][number], live: readonly PoolWorker[]): void {
    const existing = this.entries.get(key);
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    const entry: DatasetEntry = {
      key,
      version: this.nextVersion++,
      data,
      bytes,
      ...(options.baseIri ? { baseIri: options.baseIri } : {}),
      ...(options.format ? { format: options.format } : {}),
      ...(options.countCategories === false ? { countCategories: false } : {}),
      waiters: [waiter],
      crashes: 0,
    };
    if (bytes > this.replicateMaxBytes) entry.holder = existing?.holder && !existing.holder.dead ? existing.holder : this.lightestWorker(live);
    if (existing) {
      if (existing.info) {
        entry.previous = { ...existing, previous: undefined, waiters: [] };
      } else {
        // Superseded before any worker loaded it: its callers get this version's outcome.
        entry.waiters.push(...existing.waiters);
        if (existing.previous) entry.previous = existing.previous;
      }
    }
    this.entries.set(key, entry);
  }

  remove(key: string, error: Error): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
  }

  rejectWaiters(error: () => Error): void {
    for (const entry of this.entries.values()) for (const waiter of entry.waiters.splice(0)) waiter.reject(error());
  }

  hasWaiters(): boolean {
    return [...this.entries.values()].some((entry) => entry.waiters.length > 0);
  }

  private lightestWorker(live: readonly PoolWorker[]): PoolWorker | undefined {
    let best: PoolWorker | undefined;
    let bestBytes = Number.POSITIVE_INFINITY;
    for (const member of live) {
      let bytes = 0;
      for (const entry of this.entries.values()) if (entry.holder === member) bytes += entry.bytes;
      if (bytes < bestBytes) [best, bestBytes] = [member, bytes];
    }
    return best;
  }

  failLoad(entry: DatasetEntry, error: Error): void {
    if (this.entries.get(entry.key) !== entry) return;
    if (entry.previous) this.entries.set(entry.key, entry.previous);
    else this.entries.delete(entry.key);
    for (const waiter of entry.waiters.splice(0)) waiter.reject(error);
  }

  loadCrashed(key: string, version: number, error: () => Error): void {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return;
    entry.crashes += 1;
    if (entry.crashes >= 2) this.failLoad(entry, error());
  }

  loaded(key: string, version: number, info: LoadInfo): void {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.info) return;
    entry.info = info;
    entry.previous = undefined;
    if (entry.holder) entry.data = undefined;
    for (const waiter of entry.waiters.splice(0)) waiter.resolve(info);
  }

  moveHolder(from: PoolWorker, to: PoolWorker): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.holder !== from) continue;
      if (entry.data !== undefined) {
        entry.holder = to; // not loaded yet: the replacement loads it
      } else {
        this.remove(entry.key, new SparqlError('unknown_dataset', `dataset ${entry.key} was lost with its worker`));
      }
    }
  }

  holderOf(job: Job): PoolWorker | undefined {
    return 'key' in job.request ? this.entries.get(job.request.key)?.holder : undefined;
  }

  nextSyncJob(member: PoolWorker): Job | undefined {
    for (const entry of this.entries.values()) {
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
      const entry = this.entries.get(key);
      if (!entry || (entry.holder !== undefined && entry.holder !== member)) return { request: { type: 'unload', key } };
    }
    return undefined;
  }

  /** Single-copy datasets' text is not kept anyway, so it is moved, not copied; undefined when it must be copied. */
  transferable(job: Job): ArrayBuffer | undefined {
    const request = job.request;
    if (request.type !== 'load') return undefined;
    const entry = this.entries.get(request.key);
    const data = request.data;
    if (entry?.holder && entry.data === data && data instanceof Uint8Array && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer) {
      entry.data = undefined;
      return data.buffer;
    }
    return undefined;
  }
}
