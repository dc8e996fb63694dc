import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { TimedJobs } from '../jobs/timed-jobs';
import { Metrics } from '../metrics/metrics';
import { AmqpPublisher } from './amqp-publisher';
import { EventClock, retryUntil } from './event-clock';
import { EventsRepository } from './events.repository';
import { messageBody } from './outbox-batch';
import { WebhookSender } from './webhook-sender.service';

const OBJECTS_PER_BATCH = 50;
const RELISTEN_MS = 2000;
/** The delivery log shows them; purged daily. */
export const EVENTS_RETENTION_DAYS = 90;

// ADR 0025: woken by the outbox's NOTIFY, with EVENTS_DRAIN_INTERVAL_MS as fallback; processes drain side by side (lockNextBatch).
@Injectable()
export class OutboxDrainer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Events');
  private readonly amqp: AmqpPublisher | null;
  private listener: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: EventsRepository,
    private readonly clock: EventClock,
    private readonly webhooks: WebhookSender,
    metrics: Metrics,
    private readonly timedJobs: TimedJobs,
  ) {
    this.amqp = config.events.amqpUrl ? new AmqpPublisher(config.events.amqpUrl) : null;
    metrics.onCollect(async () => {
      metrics.outboxBacklog.set(await this.outbox.backlog());
    });
  }

  async onModuleInit(): Promise<void> {
    this.timedJobs.register({ name: 'events-purge', intervalSeconds: 24 * 60 * 60, handler: () => this.purge() });
    if (this.config.events.drainIntervalMs === 0) return;
    this.timer = setInterval(() => this.wake(), this.config.events.drainIntervalMs);
    this.timer.unref();
    await this.listen();
    this.wake();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    await this.amqp?.close();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const { url } = this.dataSource.options as { url?: string };
    const client = new Client({ connectionString: url, application_name: 'datahub-events-listen' });
    const relisten = () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      setTimeout(() => void this.listen(), RELISTEN_MS).unref();
    };
    client.on('error', relisten);
    client.on('end', relisten);
    client.on('notification', () => this.wake());
    this.listener = client;
    try {
      await client.connect();
      await this.outbox.listen(client);
    } catch (error) {
      this.logger.warn(`Event notifications unavailable: ${(error as Error).message}`);
      relisten();
    }
  }

  async purge(now: Date = this.clock.now()): Promise<{ events: number; deliveries: number }> {
    const before = new Date(now.getTime() - EVENTS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    return this.outbox.purge(before);
  }

  /** Never two at once in one process. */
  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.drainOnce().catch((error) => this.logger.warn(`Draining events failed: ${(error as Error).message}`));
  }

  /** Drains the outbox, then the due webhooks; while the broker fails both wait (one ordered stream). Answers how many left. */
  drainOnce(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let drained = 0;
      try {
        do {
          this.again = false;
          await this.outbox.recordExpiredGrants();
          try {
            for (let count = await this.drainBatch(); count > 0; count = await this.drainBatch()) drained += count;
          } catch (error) {
            // RabbitMQ down (or the database): the events stay in the outbox, in order, for the next wake-up.
            this.logger.warn(`Events wait in the outbox: ${(error as Error).message}`);
          }
          await this.webhooks.deliverDue();
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
      return drained;
    })();
    return this.running;
  }

  private drainBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await this.outbox.lockNextBatch(OBJECTS_PER_BATCH, manager);
      if (rows.length === 0) return 0;
      const bodies = rows.map(messageBody);
      // Published before the rows are marked: a crash in between sends again (at least once; the message id is the event id).
      await this.amqp?.publish(rows.map((row, index) => ({ id: row.id, kind: row.kind, body: bodies[index], occurredAt: new Date(row.occurred_at) })));
      const now = this.clock.now();
      await this.outbox.queueWebhookDeliveries(rows, bodies, now, retryUntil(now), manager);
      await this.outbox.markDrained(rows.map((row) => row.id), manager);
      return rows.length;
    });
  }
}
