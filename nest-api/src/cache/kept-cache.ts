import { LRUCache } from 'lru-cache';

/** A committed change as the database triggers announce it ('all': this process may have missed some). */
export interface Change {
  kind: string;
  id: string;
}

/** What keeps kept copies current across processes (ChangeNotifications). */
export interface ChangeFeed {
  /** False while this process may miss a change: nothing is then answered from memory or kept. */
  readonly listeningForChanges: boolean;
  subscribe(handler: (kind: string, id: string) => void): void;
}

export interface KeptCacheOptions<V> {
  max: number;
  /** How long an entry may be answered; absent: until dropped or evicted. */
  ttlMs?: number;
  /**
   * Which entries a change makes stale ('all' drops every one). Without it the key must name everything
   * the value depends on (a version, the token's text), so no change can make an entry stale.
   */
  changes?: { feed: ChangeFeed; drops: (change: Change, value: V, key: string) => boolean };
}

/** nest-api's one cache helper (ADR 0061): lru-cache, kept current in every process by the database's change notifications. */
export class KeptCache<V extends object | string> {
  private readonly entries: LRUCache<string, V>;
  private readonly feed: ChangeFeed | null;
  /** Raised by every change: a value read before one must not be stored. */
  private generation = 0;

  constructor(options: KeptCacheOptions<V>) {
    this.entries = new LRUCache<string, V>(options.ttlMs ? { max: options.max, ttl: options.ttlMs } : { max: options.max });
    this.feed = options.changes?.feed ?? null;
    const drops = options.changes?.drops;
    this.feed?.subscribe((kind, id) => this.change({ kind, id }, drops!));
  }

  private get current(): boolean {
    return this.feed === null || this.feed.listeningForChanges;
  }

  get(key: string): V | undefined {
    return this.current ? this.entries.get(key) : undefined;
  }

  /** Taken before a read; `set` with it refuses the value if a change arrived meanwhile. */
  mark(): number {
    return this.generation;
  }

  set(key: string, value: V, mark: number = this.generation): void {
    if (this.current && mark === this.generation) this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** The kept value, or `load`'s, kept unless a change arrived while it was read. */
  async load(key: string, load: () => Promise<V>): Promise<V> {
    const known = this.get(key);
    if (known !== undefined) return known;
    const mark = this.generation;
    const value = await load();
    this.set(key, value, mark);
    return value;
  }

  private change(change: Change, drops: (change: Change, value: V, key: string) => boolean): void {
    this.generation += 1;
    if (change.kind === 'all') {
      this.entries.clear();
      return;
    }
    const stale = [...this.entries.entries()].filter(([key, value]) => drops(change, value, key)).map(([key]) => key);
    for (const key of stale) this.entries.delete(key);
  }
}
