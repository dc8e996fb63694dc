import { Injectable } from '@nestjs/common';

/** pg-boss keeps a finished job (the mark of its slot) this long before archiving it. */
export const MAX_INTERVAL_SECONDS = 7 * 24 * 60 * 60;

export interface TimedJob {
  name: string;
  /** Once per cluster; 0 turns the job off (listed, never run). */
  intervalSeconds: number;
  handler: () => Promise<unknown>;
  retryLimit?: number;
  retryDelaySeconds?: number;
}

@Injectable()
export class TimedJobs {
  private readonly jobs = new Map<string, TimedJob>();

  register(job: TimedJob): void {
    if (!/^[a-z][a-z0-9-]{0,60}$/.test(job.name)) throw new Error(`timed job name ${job.name} is not lower-case letters, digits and dashes`);
    if (this.jobs.has(job.name)) throw new Error(`timed job ${job.name} is registered twice`);
    if (!Number.isInteger(job.intervalSeconds) || job.intervalSeconds < 0 || job.intervalSeconds > MAX_INTERVAL_SECONDS)
      throw new Error(`timed job ${job.name}: interval must be a whole number of seconds, at most a week`);
    this.jobs.set(job.name, job);
  }

  list(): TimedJob[] {
    return [...this.jobs.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): TimedJob | undefined {
    return this.jobs.get(name);
  }
}
