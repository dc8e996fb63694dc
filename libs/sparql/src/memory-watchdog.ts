/** Calls `onOver` (stop running queries) above the RSS limit, else `onSample` (per-query budgets); every 25 ms while queries run. */
export class MemoryWatchdog {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly limitMb: number | undefined,
    private readonly onOver: (limitMb: number) => void,
    private readonly intervalMs = 25,
    private readonly onSample?: (rssMb: number) => void,
  ) {}

  update(queriesRunning: boolean): void {
    const limit = this.limitMb;
    if (!limit && !this.onSample) return;
    if (queriesRunning && !this.timer) {
      this.timer = setInterval(() => {
        const rss = process.memoryUsage.rss() / (1024 * 1024);
        if (limit && rss > limit) this.onOver(limit);
        else this.onSample?.(rss);
      }, this.intervalMs);
      this.timer.unref();
    } else if (!queriesRunning && this.timer) {
      this.stop();
    }
  }

  mark(): number | undefined {
    return this.limitMb ? process.memoryUsage.rss() / (1024 * 1024) : undefined;
  }

  grewMuch(mark: number | undefined): boolean {
    if (!this.limitMb || mark === undefined) return false;
    return process.memoryUsage.rss() / (1024 * 1024) - mark > Math.max(64, this.limitMb / 8);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
