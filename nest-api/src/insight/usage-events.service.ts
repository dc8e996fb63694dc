import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UsageEventKind } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { AuditService } from '../audit/audit.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { TimedJobs } from '../jobs/timed-jobs';

interface QueuedEvent {
  kind: UsageEventKind;
  route: string | null;
  subjectId: string | null;
  /** Page views of a dataset or application page: its slug, resolved to the id when written. */
  subjectSlug: string | null;
  userId: string;
  organizationId: string;
  /** Page views only: the session, so its VISIT is written once. Never stored in the event itself. */
  sessionId: string | null;
  occurredAt: Date;
}

const DAY_SECONDS = 24 * 60 * 60;
/** The page patterns whose views count per dataset and per application. */
export const DATASET_ROUTE = '/dataset/:slug';
export const APPLICATION_ROUTE = '/applicatie/:slug';

/**
 * Usage events, only for requests with consent. Recording never waits for the database and never
 * throws: events go into a bounded queue written in batches; when the queue is full (or a write
 * fails) they are dropped and counted. Events hold ids only — no names or e-mail addresses.
 */
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
    private readonly timedJobs: TimedJobs,
    private readonly audit: AuditService,
  ) {}

  /** The retention purge is a daily timed job, once per cluster. */
  onModuleInit(): void {
    this.timedJobs.register({ name: 'insight-purge', intervalSeconds: DAY_SECONDS, handler: () => this.purge() });
  }

  async onModuleDestroy(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.flush();
  }

  /** A domain event or page view of `actor`; a no-op without consent. */
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

  /** Writes what is queued (tests and shutdown call it directly). */
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
      const fresh: { session_id: string }[] = sessions.length
        ? await manager.query('INSERT INTO session_visits (session_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING RETURNING session_id', [sessions])
        : [];
      const freshSessions = new Set(fresh.map((row) => row.session_id));
      const rows: QueuedEvent[] = [];
      for (const event of batch) {
        if (event.sessionId && freshSessions.delete(event.sessionId)) rows.push({ ...event, kind: 'VISIT', route: null, subjectId: null, subjectSlug: null });
        rows.push(event);
      }
      await manager.query(
        `INSERT INTO usage_events (kind, route, subject_id, user_id, organization_id, occurred_at)
         SELECT e.kind, e.route,
                COALESCE(e.subject_id, CASE e.route WHEN '${DATASET_ROUTE}' THEN (SELECT id FROM datasets WHERE slug = e.slug)
                                                    WHEN '${APPLICATION_ROUTE}' THEN (SELECT id FROM applications WHERE slug = e.slug) END),
                e.user_id, e.organization_id, e.occurred_at
         FROM unnest($1::text[], $2::text[], $3::uuid[], $4::uuid[], $5::uuid[], $6::timestamptz[], $7::text[])
              AS e(kind, route, subject_id, user_id, organization_id, occurred_at, slug)`,
        [
          rows.map((row) => row.kind),
          rows.map((row) => row.route),
          rows.map((row) => row.subjectId),
          rows.map((row) => row.userId),
          rows.map((row) => row.organizationId),
          rows.map((row) => row.occurredAt.toISOString()),
          rows.map((row) => row.subjectSlug),
        ],
      );
    });
  }

  /** Removes events (and the sessions' visit marks) older than the retention period. */
  async purge(): Promise<number> {
    const months = this.config.insight.retentionMonths;
    const [, deleted] = await this.dataSource.query('DELETE FROM usage_events WHERE occurred_at < now() - make_interval(months => $1)', [months]);
    await this.dataSource.query('DELETE FROM session_visits WHERE recorded_at < now() - make_interval(months => $1)', [months]);
    // The audit trail's daily work (expiries recorded, read rows past AUDIT_RETENTION_MONTHS deleted) shares this daily job.
    await this.audit.daily();
    return Number(deleted ?? 0);
  }

  status(): { queued: number; dropped: number; written: number } {
    return { queued: this.queue.length, dropped: this.dropped, written: this.written };
  }
}
