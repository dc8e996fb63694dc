/**
 * Watches the resident memory of the whole process while queries run: above the limit, `onOver` is
 * called (the engine stops the running queries). Checked every 25 ms, only while queries run.
 */
export class MemoryWatchdog {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly limitMb: number | undefined,
    private readonly onOver: (limitMb: number) => void,
    private readonly intervalMs = 25,
  ) {}

  /** Starts or stops watching, as queries run or not. */
  update(queriesRunning: boolean): void {
    const limit = this.limitMb;
    if (!limit) return;
    if (queriesRunning && !this.timer) {
      this.timer = setInterval(() => {
        if (process.memoryUsage.rss() / (1024 * 1024) > limit) this.onOver(limit);
      }, this.intervalMs);
      this.timer.unref();
    } else if (!queriesRunning && this.timer) {
      this.stop();
    }
  }

  /** True when the process uses more than `fraction` of the limit (never without a limit). */
  nearLimit(fraction = 0.75): boolean {
    return !!this.limitMb && process.memoryUsage.rss() / (1024 * 1024) > this.limitMb * fraction;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
