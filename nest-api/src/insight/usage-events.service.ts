import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UsageEventKind } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { TimedJobs } from '../jobs/timed-jobs';
import { InsightRepository, type UsageEventRow } from './insight.repository';

interface QueuedEvent extends UsageEventRow {
  /** So its VISIT is written once; never stored in the event itself. */
  sessionId: string | null;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Only with consent. Never waits or throws: a bounded queue written in batches, dropped and counted when full. Ids only, no names. */
@Injectable()
export class UsageEventsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Insight');
  private queue: QueuedEvent[] = [];
  private flushing: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  dropped = 0;
  written = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly insight: InsightRepository,
    private readonly timedJobs: TimedJobs,
    private readonly audit: AuditService,
  ) {}

  onModuleInit(): void {
    this.timedJobs.register({ name: 'insight-purge', intervalSeconds: DAY_SECONDS, handler: () => this.purge() });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.flush();
  }

  record(actor: AuthenticatedUser, kind: UsageEventKind, fields: { route?: string; subjectId?: string; subjectSlug?: string } = {}): void {
    if (!actor.usageConsent) return;
    if (this.queue.length >= this.config.insight.queueMax) {
      this.dropped += 1;
      return;
    }
    this.queue.push({
      kind,
      route: fields.route ?? null,
      subjectId: fields.subjectId ?? null,
      subjectSlug: fields.subjectSlug ?? null,
      userId: actor.id,
      organizationId: actor.organizationId,
      sessionId: kind === 'PAGE_VIEW' ? actor.sessionId : null,
      occurredAt: new Date(),
    });
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        void this.flush();
      }, this.config.insight.flushMs);
      this.flushTimer.unref();
    }
  }

  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.write(batch)
      .then(() => {
        this.written += batch.length;
      })
      .catch((error) => {
        this.dropped += batch.length;
        this.logger.warn(`${batch.length} usage events dropped: ${String(error)}`);
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  private async write(batch: QueuedEvent[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const sessions = [...new Set(batch.filter((event) => event.sessionId).map((event) => event.sessionId!))];
      const freshSessions = new Set(sessions.length ? await this.insight.markVisits(sessions, manager) : []);
      const rows: QueuedEvent[] = [];
      for (const event of batch) {
        if (event.sessionId && freshSessions.delete(event.sessionId)) rows.push({ ...event, kind: 'VISIT', route: null, subjectId: null, subjectSlug: null });
        rows.push(event);
      }
      await this.insight.insertUsageEvents(rows, manager);
    });
  }

  async purge(): Promise<number> {
    const months = this.config.insight.retentionMonths;
    const deleted = await this.insight.purge(months);
    // The audit trail's daily work (expiries recorded, read rows past AUDIT_RETENTION_MONTHS deleted) shares this daily job.
    await this.audit.daily();
    return deleted;
  }

  status(): { queued: number; dropped: number; written: number } {
    return { queued: this.queue.length, dropped: this.dropped, written: this.written };
  }
}
