import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';

/** Away from the request that asked for it, on the timed jobs' pg-boss queue. */
export interface QueuedJob<T extends object = object> {
  name: string;
  handler: (data: T) => Promise<unknown>;
  retryLimit?: number;
}

/** Register in `onModuleInit`, `send(name, data)` from a request: it answers once the job is stored, any API process runs it. */
@Injectable()
export class QueuedJobs {
  private readonly jobs = new Map<string, QueuedJob>();
  private boss: PgBoss | null = null;
  private readonly workers = new Map<string, string>();

  register<T extends object>(job: QueuedJob<T>): void {
    if (!/^[a-z][a-z0-9-]{0,60}$/.test(job.name)) throw new Error(`queued job name ${job.name} is not lower-case letters, digits and dashes`);
    if (this.jobs.has(job.name)) throw new Error(`queued job ${job.name} is registered twice`);
    this.jobs.set(job.name, job as QueuedJob);
  }

  list(): QueuedJob[] {
    return [...this.jobs.values()];
  }

  attach(boss: PgBoss | null, workers: Map<string, string> = new Map()): void {
    this.boss = boss;
    this.workers.clear();
    for (const [name, id] of workers) this.workers.set(name, id);
  }

  /** This process's worker is woken at once instead of waiting for its next poll. */
  async send(name: string, data: object): Promise<void> {
    const boss = this.boss;
    if (!boss || !this.jobs.has(name)) throw new Error(`queued job ${name} cannot be sent: the job queue is not running or the job is not registered`);
    await boss.send(name, data);
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
  }
}
