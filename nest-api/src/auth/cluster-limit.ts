import { ApiError } from '../common/errors';
import type { AttemptCountersRepository, CounterRow } from './attempt-counters.repository';

/** Every API process counts the same hits, so n processes never allow n times the limit. */
export class ClusterLimit {
  constructor(
    private readonly counters: AttemptCountersRepository,
    private readonly windowMs: number,
    private readonly limit: number,
  ) {}

  async refuseWhenReached(key: string): Promise<void> {
    const [window] = await this.counters.open([key]);
    if (window && window.count >= this.limit) throw tooMany(window);
  }

  async hit(key: string): Promise<void> {
    await this.counters.hit([key], this.windowMs / 1000);
  }

  /** One hit, refused (429) when it goes over the limit: one atomic upsert, so two processes never both pass. */
  async take(key: string): Promise<void> {
    const [window] = await this.counters.hit([key], this.windowMs / 1000);
    if (window.count > this.limit) throw tooMany(window);
  }

  reset(key: string): Promise<void> {
    return this.counters.reset(key);
  }
}

function tooMany(window: CounterRow): ApiError {
  return ApiError.tooManyRequests(Math.max(1, window.retry_after));
}
