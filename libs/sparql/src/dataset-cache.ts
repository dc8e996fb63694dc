/** The hub's copies of datasets, kept for a TTL within a memory bound (LRU); a dataset larger than the bound is queried where it lives. */
import type { DataFormat, SparqlEngine } from './engine';
import { collectGarbage } from './collect-garbage';
import { SparqlError } from './errors';
import { declaredPrefixes } from './declared-prefixes';

/** Loads from this many bytes up leave enough garbage behind to collect it right away. */
const COLLECT_AFTER_BYTES = 8 * 1024 * 1024;

export interface DatasetCacheOptions {
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export type CacheOutcome = 'hit' | 'loaded' | 'too_large';

interface Entry {
  bytes: number;
  loadedAt: number;
  lastUsed: number;
  triples: number;
  prefixes: [string, string][];
}

export class DatasetTooLargeError extends Error {}

export type FetchedData = string | { data: string | Uint8Array; format: DataFormat; triples?: number | null };
type Fetcher = (maxBytes: number) => Promise<FetchedData>;

export class DatasetCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CacheOutcome>>();
  /** Datasets found too large, until their TTL passes: not fetched again on every query. */
  private readonly tooLarge = new Map<string, number>();
  readonly incomplete = new Map<string, { declared: number; loaded: number }>();
  /** Bumped by invalidate(): a fetch that started before it is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly engine: SparqlEngine,
    private readonly options: DatasetCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  ensure(key: string, fetchTurtle: Fetcher): Promise<CacheOutcome> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.loadedAt < this.options.ttlMs && this.engine.has(key)) {
      entry.lastUsed = now;
      // Views built since (by earlier queries) count too: the least recently used other copies make room.
      this.evictOthers(key, 0);
      return Promise.resolve('hit');
    }
    const largeSince = this.tooLarge.get(key);
    if (largeSince !== undefined && now - largeSince < this.options.ttlMs) return Promise.resolve('too_large');
    const pending = this.loading.get(key);
    if (pending) return pending;
    const load = this.load(key, fetchTurtle).finally(() => this.loading.delete(key));
    this.loading.set(key, load);
    return load;
  }

  /** Loads `key` before its first query. Never evicts a copy queries use: skipped when held, fetching, too large, or the copies fill half the bound. */
  warm(key: string, fetchTurtle: Fetcher): Promise<CacheOutcome> | undefined {
    if (this.entries.has(key) && this.engine.has(key)) return undefined;
    if (this.loading.has(key) || this.tooLarge.has(key)) return undefined;
    if (this.usedBytes() * 2 >= this.options.maxBytes) return undefined;
    return this.ensure(key, fetchTurtle);
  }

  private async load(key: string, fetchTurtle: Fetcher): Promise<CacheOutcome> {
    const generation = this.generations.get(key) ?? 0;
    let fetched: FetchedData;
    try {
      fetched = await fetchTurtle(this.options.maxBytes);
    } catch (error) {
      if (error instanceof DatasetTooLargeError) {
        this.drop(key);
        this.tooLarge.set(key, this.now());
        return 'too_large';
      }
      throw error;
    }
    const { data, format, triples: declared } = typeof fetched === 'string' ? { data: fetched, format: 'turtle' as DataFormat, triples: undefined } : fetched;
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (bytes > this.options.maxBytes) {
      this.drop(key);
      this.tooLarge.set(key, this.now());
      return 'too_large';
    }
    if ((this.generations.get(key) ?? 0) !== generation) {
      throw new SparqlError('unknown_dataset', `dataset ${key} changed while it was fetched`);
    }
    this.tooLarge.delete(key);
    this.evictFor(key, bytes);
    const info = await this.engine.load(key, data, { format, countCategories: false });
    // A copy with fewer triples than declared was cut on the way (e.g. a store's row cap): never kept, queried where it lives.
    if (typeof declared === 'number' && info.triples < declared) {
      this.drop(key);
      this.tooLarge.set(key, this.now());
      this.incomplete.set(key, { declared, loaded: info.triples });
      return 'too_large';
    }
    this.incomplete.delete(key);
    // The download's pieces are garbage now; a large one is given back at once (after the caller's next step).
    if (bytes >= COLLECT_AFTER_BYTES) setImmediate(() => collectGarbage());
    const now = this.now();
    this.entries.set(key, { bytes, loadedAt: now, lastUsed: now, triples: info.triples, prefixes: declaredPrefixes(data, format) });
    return 'loaded';
  }

  private evictFor(key: string, bytes: number): void {
    this.drop(key);
    this.evictOthers(key, bytes);
  }

  private evictOthers(key: string, bytes: number): void {
    let total = this.usedBytes();
    if (total + bytes <= this.options.maxBytes) return;
    const byAge = [...this.entries.entries()].filter(([other]) => other !== key).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [other, entry] of byAge) {
      if (total + bytes <= this.options.maxBytes) break;
      total -= this.bytesOf(other, entry);
      this.drop(other);
    }
  }

  /** Views count at the copy's own bytes per triple (a view holds part of the triples, in every worker that built it). */
  private bytesOf(key: string, entry: Entry): number {
    const viewTriples = this.engine.viewTriples(key);
    return entry.bytes + (viewTriples > 0 && entry.triples > 0 ? Math.round((viewTriples * entry.bytes) / entry.triples) : 0);
  }

  private drop(key: string): void {
    this.entries.delete(key);
    if (this.engine.has(key)) this.engine.unload(key);
  }

  prefixes(key: string): [string, string][] {
    return this.entries.get(key)?.prefixes ?? [];
  }

  version(key: string): number {
    return this.generations.get(key) ?? 0;
  }

  invalidate(key: string): void {
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    this.tooLarge.delete(key);
    this.incomplete.delete(key);
    this.drop(key);
  }

  usedBytes(): number {
    let total = 0;
    for (const [key, entry] of this.entries) total += this.bytesOf(key, entry);
    return total;
  }

  keys(): string[] {
    return [...this.entries.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed).map(([key]) => key);
  }
}
