import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TimedJobs } from '../jobs/timed-jobs';

export interface WindowCount {
  count: number;
  /** Whole seconds until the window ends (at least 1), for Retry-After. */
  retryAfterSeconds: number;
}

const NONE: WindowCount = { count: 0, retryAfterSeconds: 1 };

/**
 * Fixed-window counters in PostgreSQL (`attempt_counters`), the sign-in and sign-up limits of
 * every API process together (issue 32; issue 34 item 1). A window starts at its key's first hit
 * and ends `windowMs` later; a hit after the end starts a new one. Each hit is one atomic upsert,
 * so parallel requests on any process never both see the same count.
 */
@Injectable()
export class AttemptCounters implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly timedJobs: TimedJobs,
  ) {}

  onModuleInit(): void {
    this.timedJobs.register({ name: 'attempt-counters-prune', intervalSeconds: 3600, handler: () => this.prune() });
  }

  /** Hits in each key's open window (0 when none). */
  async counts(keys: string[]): Promise<Map<string, WindowCount>> {
    const rows: { key: string; count: number; retry_after: number }[] = await this.dataSource.query(
      `SELECT key, count, ceil(extract(epoch FROM window_ends - now()))::int AS retry_after
         FROM attempt_counters WHERE key = ANY($1::text[]) AND window_ends > now()`,
      [keys],
    );
    return new Map(keys.map((key) => [key, toCount(rows.find((row) => row.key === key))]));
  }

  /** One more hit on each key; the counts after it. Keys are taken in one order, so two hits never deadlock. */
  async hit(keys: string[], windowMs: number): Promise<Map<string, WindowCount>> {
    const sorted = [...new Set(keys)].sort();
    const rows: { key: string; count: number; retry_after: number }[] = await this.dataSource.query(
      `INSERT INTO attempt_counters AS c (key, count, window_ends)
       SELECT k, 1, now() + make_interval(secs => $2) FROM unnest($1::text[]) AS k ORDER BY k
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.window_ends <= now() THEN 1 ELSE c.count + 1 END,
         window_ends = CASE WHEN c.window_ends <= now() THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING key, count, ceil(extract(epoch FROM window_ends - now()))::int AS retry_after`,
      [sorted, windowMs / 1000],
    );
    return new Map(sorted.map((key) => [key, toCount(rows.find((row) => row.key === key))]));
  }

  async reset(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM attempt_counters WHERE key = $1', [key]);
  }

  /** Ended windows count for nothing; they are deleted hourly. */
  async prune(): Promise<void> {
    await this.dataSource.query('DELETE FROM attempt_counters WHERE window_ends <= now()');
  }
}

function toCount(row: { count: number; retry_after: number } | undefined): WindowCount {
  return row ? { count: row.count, retryAfterSeconds: Math.max(1, row.retry_after) } : NONE;
}

/**
 * Runs one task per key at a time, in arrival order (per process): parallel sign-in attempts on one
 * account are checked, slowed down and evaluated one after another, not all at once.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last task of a key removes it, so the map holds only accounts with attempts in flight.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with tasks running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
