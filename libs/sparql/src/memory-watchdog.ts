/**
 * Watches the resident memory of the whole process while queries run: above the limit, `onOver` is
 * called (the engine stops the running queries); else `onSample` (each query's own budget).
 * Checked every 25 ms, only while queries run.
 */
export class MemoryWatchdog {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly limitMb: number | undefined,
    private readonly onOver: (limitMb: number) => void,
    private readonly intervalMs = 25,
    /** Called with the resident memory (MB) at every look below the limit: the per-query budgets. */
    private readonly onSample?: (rssMb: number) => void,
  ) {}

  /** Starts or stops watching, as queries run or not. */
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

  /** The process's resident memory now, MB, when there is a limit (a mark for grewMuch). */
  mark(): number | undefined {
    return this.limitMb ? process.memoryUsage.rss() / (1024 * 1024) : undefined;
  }

  /**
   * True when the process grew by more than an eighth of the limit (at least 64 MB) since `mark`:
   * what a query grew in oxigraph's WebAssembly memory stays until its worker ends.
   */
  grewMuch(mark: number | undefined): boolean {
    if (!this.limitMb || mark === undefined) return false;
    return process.memoryUsage.rss() / (1024 * 1024) - mark > Math.max(64, this.limitMb / 8);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
