import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { WEBHOOK_SIGNATURE_HEADER } from '@datahub/domain';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { OutboundClient } from '../hub/outbound';
import { Metrics } from '../metrics/metrics';
import { EventClock, RETRY_WINDOW_MS } from './event-clock';
import { signatureHeader } from './webhook-signature';
import { WebhookAlarm } from './webhook-alarm';
import { WebhooksRepository, type DueDelivery } from './webhooks.repository';

/** Sent in parallel: each is the oldest waiting one of its webhook and object. */
const DELIVERIES_PER_BATCH = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;

/** 30 s, 1 min, 2 min, ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

// Ordered per webhook and object, retried for 24 hours; then the webhook is switched off and its organisation told (ADR 0026).
@Injectable()
export class WebhookSender implements OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private readonly client: OutboundClient;
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly clock: EventClock,
    private readonly alarm: WebhookAlarm,
    private readonly metrics: Metrics,
  ) {
    this.client = new OutboundClient({
      allowPrivate: config.allowPrivateHosts,
      // Their own allow-list: a data source allowed on loopback is no address for webhook POSTs.
      privateHostsAllowed: config.webhookPrivateHostsAllowed,
      connectTimeoutMs: 3000, totalTimeoutMs: 10_000, maxBytes: 64 * 1024 });
    this.box = new SecretBox(config.encryptionKey);
  }

  async onModuleDestroy(): Promise<void> {
    await this.client.close();
  }

  async deliverDue(): Promise<number> {
    let attempted = 0;
    for (let count = await this.deliverBatch(); count > 0; count = await this.deliverBatch()) attempted += count;
    return attempted;
  }

  private async deliverBatch(): Promise<number> {
    const disabled: string[] = [];
    const count = await this.dataSource.transaction(async (manager) => {
      const now = this.clock.now();
      const due = await this.webhooks.lockDue(now, DELIVERIES_PER_BATCH, manager);
      const outcomes = await Promise.all(due.map((delivery) => this.send(delivery)));
      for (const [index, delivery] of due.entries()) {
        if (await this.settle(manager, delivery, outcomes[index])) disabled.push(delivery.webhook_id);
      }
      return due.length;
    });
    for (const webhookId of new Set(disabled)) await this.alarm.disabled(webhookId).catch((error) => this.logger.warn(`Mail failed: ${(error as Error).message}`));
    return count;
  }

  private async send(delivery: DueDelivery): Promise<{ ok: boolean; status: number | null; durationMs: number; at: Date }> {
    const at = this.clock.now();
    const started = performance.now();
    try {
      const response = await this.client.post(delivery.url, delivery.body, {
        'content-type': 'application/json',
        'user-agent': 'Datahub-Tuinbouw-Webhooks',
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(this.box.open(delivery.secret_encrypted), delivery.body, at),
        'x-datahub-event': delivery.kind,
        'x-datahub-delivery': delivery.id,
      });
      return { ok: response.status >= 200 && response.status < 300, status: response.status, durationMs: Math.round(performance.now() - started), at };
    } catch {
      return { ok: false, status: null, durationMs: Math.round(performance.now() - started), at };
    }
  }

  private async settle(manager: EntityManager, delivery: DueDelivery, outcome: { ok: boolean; status: number | null; durationMs: number; at: Date }): Promise<boolean> {
    const attempts = delivery.attempts + 1;
    const next = new Date(outcome.at.getTime() + retryDelayMs(attempts));
    const status = outcome.ok ? 'delivered' : next.getTime() > new Date(delivery.retry_until).getTime() ? 'failed' : 'pending';
    this.metrics.webhookDeliveries.inc({ outcome: status === 'pending' ? 'retry' : status });
    await this.webhooks.recordAttempt(
      { id: delivery.id, status, attempts, at: outcome.at, next, responseStatus: outcome.status, durationMs: outcome.durationMs },
      manager,
    );
    if (outcome.ok) {
      await this.webhooks.clearFailing(delivery.webhook_id, manager);
      return false;
    }
    const webhook = await this.webhooks.markFailing(delivery.webhook_id, outcome.at, manager);
    if (webhook.disabled_at || outcome.at.getTime() - new Date(webhook.failing_since).getTime() < RETRY_WINDOW_MS) return false;
    await this.webhooks.disable(delivery.webhook_id, outcome.at, manager);
    return true;
  }
}
