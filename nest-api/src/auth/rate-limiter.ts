/**
 * Fixed-window counters in one process's memory: with n API processes a limit here allows n times
 * its number. Only the invitations limit still uses it (docs/cluster.md); account and mail limits
 * use ClusterLimit on AttemptCounters (PostgreSQL).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly windowMs: number) {}

  /** True while `key` has had fewer than `limit` hits in the current window. */
  isAllowed(key: string, limit: number, now = Date.now()): boolean {
    const window = this.windows.get(key);
    return !window || window.resetAt <= now || window.count < limit;
  }

  hit(key: string, now = Date.now()): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    else window.count += 1;
    if (this.windows.size > 50_000) this.sweep(now);
  }

  /** Whole seconds until `key`'s window ends (at least 1), for Retry-After. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    return Math.max(1, Math.ceil(((window?.resetAt ?? now) - now) / 1000));
  }

  /** Hits in `key`'s current window. */
  count(key: string, now = Date.now()): number {
    const window = this.windows.get(key);
    return !window || window.resetAt <= now ? 0 : window.count;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
