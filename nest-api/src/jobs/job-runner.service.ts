import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { Metrics } from '../metrics/metrics';
import { JobRunsRepository } from './job-runs.repository';
import { QueuedJobs, type QueuedJob } from './queued-jobs';
import { MAX_INTERVAL_SECONDS, TimedJobs, type TimedJob } from './timed-jobs';

export const JOB_SCHEMA = 'pgboss';
const RETRY_DELAY_SECONDS = 10;
const DEFAULT_RETRY_LIMIT = 3;
/** A run going longer is failed by pg-boss (and retried). */
const EXPIRE_SECONDS = 3600;

const DAY_SECONDS = 24 * 60 * 60;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** Polling only, no cron clock of its own. */
export function jobQueue(connectionString: string, supervise: boolean): PgBoss {
  return new PgBoss({
    connectionString,
    schema: JOB_SCHEMA,
    max: 2,
    application_name: 'datahub-jobs',
    supervise,
    schedule: false,
    migrate: true,
    archiveCompletedAfterSeconds: MAX_INTERVAL_SECONDS,
    archiveFailedAfterSeconds: MAX_INTERVAL_SECONDS,
  });
}

export async function migrateJobSchema(connectionString: string): Promise<void> {
  const boss = jobQueue(connectionString, false);
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

// Once per cluster per interval (ADR 0023): each process offers the job with singletonSeconds = interval; pg-boss keeps one per slot.
@Injectable()
export class JobRunner implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private boss: PgBoss | null = null;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: TimedJobs,
    private readonly runs: JobRunsRepository,
    private readonly metrics: Metrics,
    private readonly queued: QueuedJobs,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: 'job-runs-prune', intervalSeconds: DAY_SECONDS, handler: () => this.runs.prune() });
  }

  async onApplicationBootstrap(): Promise<void> {
    const active = this.jobs.list().filter((job) => job.intervalSeconds > 0);
    const queued = this.queued.list();
    if (active.length === 0 && queued.length === 0) return;
    const { url } = this.dataSource.options as { url: string };
    const boss = jobQueue(url, true);
    boss.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    await boss.start();
    this.boss = boss;
    for (const job of active) await this.schedule(boss, job);
    const workers = new Map<string, string>();
    for (const job of queued) workers.set(job.name, await this.serve(boss, job));
    this.queued.attach(boss, workers);
  }

  /** One-off jobs (QueuedJobs.send): polled twice a second, retried with backoff, not kept in timed_job_runs. */
  private async serve(boss: PgBoss, job: QueuedJob): Promise<string> {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    });
    return boss.work<object>(job.name, { pollingIntervalSeconds: 0.5 }, async (taken) => {
      for (const one of taken) {
        try {
          await job.handler(one.data);
          this.metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
        } catch (error) {
          this.logger.warn(`${job.name} failed: ${error instanceof Error ? error.message : String(error)}`);
          this.metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
          throw error;
        }
      }
    });
  }

  private async schedule(boss: PgBoss, job: TimedJob): Promise<void> {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: job.retryDelaySeconds ?? RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: EXPIRE_SECONDS,
    });
    const offer = () =>
      boss.send(job.name, {}, { singletonKey: job.name, singletonSeconds: job.intervalSeconds }).catch((error: Error) => {
        if (this.boss) this.logger.warn(`${job.name}: not queued: ${error.message}`);
      });
    await offer();
    const pollingIntervalSeconds = clamp(job.intervalSeconds / 4, 0.5, 5);
    await boss.work<object>(job.name, { pollingIntervalSeconds, includeMetadata: true }, async ([taken]) => this.run(job, taken));
    const timer = setInterval(() => void offer(), clamp((job.intervalSeconds * 1000) / 4, 500, 60_000));
    timer.unref();
    this.timers.push(timer);
  }

  private async run(job: TimedJob, taken: PgBoss.JobWithMetadata<object>): Promise<void> {
    const id = await this.runs.started(job.name, taken.singletonOn ?? null, taken.retryCount + 1);
    try {
      await job.handler();
      await this.runs.finished(id, 'ok', null);
      this.metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`${job.name} failed (attempt ${taken.retryCount + 1}): ${message}`);
      this.metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
      await this.runs.finished(id, 'failed', message);
      throw error;
    }
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    const boss = this.boss;
    this.boss = null;
    this.queued.attach(null);
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
