// Keyed by dataset version, so a reloaded dataset's answers are never found again; errors and answers over an eighth of the budget are not kept.
import { LRUCache } from 'lru-cache';
import type { QueryResult } from './engine-types';
import type { CategorySelection } from './scopes';

type Kept = Omit<QueryResult, 'body' | 'durationMs'>;

export interface ResultKey {
  key: string;
  version: number;
  text: string;
  selection: CategorySelection;
  parts: readonly (string | number)[];
}

export class ResultCache {
  private readonly kept: LRUCache<string, Kept>;
  private readonly largest: number;
  hits = 0;

  constructor(maxBytes: number) {
    this.largest = Math.floor(maxBytes / 8);
    this.kept = new LRUCache<string, Kept>({ maxSize: maxBytes, sizeCalculation: (value, key) => value.bytes.length + key.length * 2 + 64 });
  }

  static key({ key, version, text, selection, parts }: ResultKey): string {
    const categories = selection.all ? '*' : [...selection.categories].sort().join(',');
    return JSON.stringify([key, version, categories, ...parts, text]);
  }

  get(cacheKey: string): QueryResult | undefined {
    const kept = this.kept.get(cacheKey);
    if (!kept) return undefined;
    this.hits += 1;
    let body: string | undefined;
    return {
      ...kept,
      get body() {
        return (body ??= kept.bytes.toString('utf8'));
      },
      durationMs: 0,
    };
  }

  set(cacheKey: string, result: QueryResult): void {
    if (result.bytes.length > this.largest) return;
    const { form, contentType, bytes, truncated, count } = result;
    this.kept.set(cacheKey, { form, contentType, bytes, truncated, count });
  }

  forget(key: string): void {
    const prefix = JSON.stringify([key]).slice(0, -1) + ',';
    for (const cacheKey of this.kept.keys()) if (cacheKey.startsWith(prefix)) this.kept.delete(cacheKey);
  }
}
