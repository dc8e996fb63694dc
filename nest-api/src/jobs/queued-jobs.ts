import { Injectable } from '@nestjs/common';
import type PgBoss from 'pg-boss';

/** A task done once per `send`, away from the request that asked for it (the same pg-boss queue as the timed jobs). */
export interface QueuedJob<T extends object = object> {
  name: string;
  /** Throws to fail the attempt: pg-boss retries it with backoff. */
  handler: (data: T) => Promise<unknown>;
  retryLimit?: number;
}

/**
 * The registry of queued one-off jobs. A feature registers its job in `onModuleInit`
 * (`queuedJobs.register({ name: 'password-reset-mail', handler })`) and calls `send(name, data)`
 * from a request: the request answers once the job is stored, any API process of the cluster runs it.
 */
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

  /** Called by the job runner once pg-boss runs, with the worker id of each queue. */
  attach(boss: PgBoss | null, workers: Map<string, string> = new Map()): void {
    this.boss = boss;
    this.workers.clear();
    for (const [name, id] of workers) this.workers.set(name, id);
  }

  /** Stores the job; this process's worker is woken at once, so it does not wait for its next poll. */
  async send(name: string, data: object): Promise<void> {
    const boss = this.boss;
    if (!boss || !this.jobs.has(name)) throw new Error(`queued job ${name} cannot be sent: the job queue is not running or the job is not registered`);
    await boss.send(name, data);
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
  }
}
