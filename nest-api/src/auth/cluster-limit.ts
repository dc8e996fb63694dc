import { ApiError } from '../common/errors';
import type { AttemptCounters } from './attempt-counters';

/**
 * One fixed-window limit kept in PostgreSQL through AttemptCounters (issue 34 item 1): every API
 * process counts the same hits, so n processes never allow n times the limit. Replaces the
 * in-memory RateLimiter for the limits that guard accounts and mail.
 */
export class ClusterLimit {
  constructor(
    private readonly counters: AttemptCounters,
    private readonly windowMs: number,
    private readonly limit: number,
  ) {}

  /** 429 with Retry-After while `key` has reached the limit in its window (for limits that count failures only). */
  async refuseWhenReached(key: string): Promise<void> {
    const window = (await this.counters.counts([key])).get(key)!;
    if (window.count >= this.limit) throw ApiError.tooManyRequests(window.retryAfterSeconds);
  }

  async hit(key: string): Promise<void> {
    await this.counters.hit([key], this.windowMs);
  }

  /** One hit, refused (429) when it goes over the limit: one atomic upsert, so two processes never both pass. */
  async take(key: string): Promise<void> {
    const window = (await this.counters.hit([key], this.windowMs)).get(key)!;
    if (window.count > this.limit) throw ApiError.tooManyRequests(window.retryAfterSeconds);
  }

  reset(key: string): Promise<void> {
    return this.counters.reset(key);
  }
}
