import { Injectable, type OnModuleInit } from '@nestjs/common';
import { TimedJobs } from '../jobs/timed-jobs';
import { AttemptCountersRepository } from './attempt-counters.repository';

export interface WindowCount {
  count: number;
  retryAfterSeconds: number;
}

const NONE: WindowCount = { count: 0, retryAfterSeconds: 1 };

/** One atomic upsert per hit, so parallel requests on any process never see the same count; a window starts at a key's first hit. */
@Injectable()
export class AttemptCounters implements OnModuleInit {
  constructor(
    private readonly counters: AttemptCountersRepository,
    private readonly timedJobs: TimedJobs,
  ) {}

  onModuleInit(): void {
    this.timedJobs.register({ name: 'attempt-counters-prune', intervalSeconds: 3600, handler: () => this.prune() });
  }

  async counts(keys: string[]): Promise<Map<string, WindowCount>> {
    const rows = await this.counters.open(keys);
    return new Map(keys.map((key) => [key, toCount(rows.find((row) => row.key === key))]));
  }

  async hit(keys: string[], windowMs: number): Promise<Map<string, WindowCount>> {
    const sorted = [...new Set(keys)].sort();
    const rows = await this.counters.hit(sorted, windowMs / 1000);
    return new Map(sorted.map((key) => [key, toCount(rows.find((row) => row.key === key))]));
  }

  async reset(key: string): Promise<void> {
    await this.counters.reset(key);
  }

  /** Ended windows count for nothing; they are deleted hourly. */
  async prune(): Promise<void> {
    await this.counters.deleteEnded();
  }
}

function toCount(row: { count: number; retry_after: number } | undefined): WindowCount {
  return row ? { count: row.count, retryAfterSeconds: Math.max(1, row.retry_after) } : NONE;
}

/** Per process, so parallel sign-in attempts on one account are checked and evaluated one after another. */
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

  get size(): number {
    return this.tails.size;
  }
}
