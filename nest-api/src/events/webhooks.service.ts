import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MAX_WEBHOOKS, WEBHOOK_LABELS } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { AuditService } from '../audit/audit.service';
import { requirePermissionIn, requirePermissionInOwn } from '../common/organization-access';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { hostPortKey } from '../hub/outbound';
import { isRefusedPrivateHost } from '../hub/private-hosts';
import type { CreateWebhookDto, CreatedWebhookView, WebhookDeliveryView, WebhookView } from './dto/webhook.dto';
import { EventClock, retryUntil } from './event-clock';
import { EventsRepository } from './events.repository';
import { WebhooksRepository, type WebhookRow } from './webhooks.repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const LOG_SIZE = 50;

const toView = (row: WebhookRow): WebhookView => ({
  ...row, created_at: iso(row.created_at)!, failing_since: iso(row.failing_since), disabled_at: iso(row.disabled_at),
});

/** Organization.Update in that organisation (ADR 0026). */
@Injectable()
export class WebhooksService {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly outbox: EventsRepository,
    private readonly clock: EventClock,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  async list(actor: AuthenticatedUser, organizationId: string): Promise<WebhookView[]> {
    requirePermissionIn(actor, 'Organization.Update', organizationId);
    return (await this.webhooks.list(organizationId)).map(toView);
  }

  /** https only; plain http and private addresses only where WEBHOOK_PRIVATE_HOSTS_ALLOWED lists host:port. Checked again at every delivery. */
  private async checkedUrl(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw ApiError.validation({ url: WEBHOOK_LABELS.urlInvalid });
    }
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const parsed = { host, port: url.port ? Number(url.port) : url.protocol === 'http:' ? 80 : null };
    const rules = { allowPrivateHosts: this.config.allowPrivateHosts, privateHostsAllowed: this.config.webhookPrivateHostsAllowed };
    const allowListed = rules.allowPrivateHosts || rules.privateHostsAllowed.includes(hostPortKey(host, parsed.port ?? 443));
    if ((url.protocol !== 'https:' && !(url.protocol === 'http:' && allowListed)) || url.username || url.password || !host)
      throw ApiError.validation({ url: WEBHOOK_LABELS.urlInvalid });
    if (await isRefusedPrivateHost(rules, parsed)) throw ApiError.validation({ url: WEBHOOK_LABELS.urlPrivate });
    return url.toString();
  }

  /** A webhook sends its events out, so a platform admin may not subscribe one for another organisation. */
  async create(actor: AuthenticatedUser, organizationId: string, dto: CreateWebhookDto): Promise<CreatedWebhookView> {
    requirePermissionInOwn(actor, 'Organization.Update', organizationId);
    const url = await this.checkedUrl(dto.url);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    return this.dataSource.transaction(async (manager) => {
      if ((await this.webhooks.countLocked(organizationId, manager)) >= MAX_WEBHOOKS) throw ApiError.conflict(WEBHOOK_LABELS.limitReached);
      const row = await this.webhooks.insert(
        { organizationId, url, kinds: [...new Set(dto.kinds)], secretEncrypted: this.box.seal(secret), createdByName: `${actor.firstname} ${actor.lastname}`.trim() || actor.email },
        manager,
      );
      await this.audit.record(manager, actor, { kind: 'webhook.created', organizationId, subjectId: row.id, after: { url: row.url, kinds: row.kinds } });
      return { ...toView(row), secret };
    });
  }

  /** Else 404 (no reach into other organisations by id). `making`: making it send again is the organisation's own, as creating is. */
  private async own(actor: AuthenticatedUser, organizationId: string, webhookId: string, making = false): Promise<void> {
    (making ? requirePermissionInOwn : requirePermissionIn)(actor, 'Organization.Update', organizationId);
    if (!(await this.webhooks.existsIn(webhookId, organizationId))) throw ApiError.notFound();
  }

  /** The organisation, or a platform admin handling abuse; in the Logboek either way. */
  async remove(actor: AuthenticatedUser, organizationId: string, webhookId: string): Promise<void> {
    await this.own(actor, organizationId, webhookId);
    await this.dataSource.transaction(async (manager) => {
      const deleted = await this.webhooks.delete(webhookId, manager);
      if (!deleted) throw ApiError.notFound();
      await this.audit.record(manager, actor, { kind: 'webhook.deleted', organizationId, subjectId: webhookId, before: { url: deleted.url, kinds: deleted.kinds } });
    });
  }

  /** Its waiting deliveries get a fresh 24 hours, starting now. */
  async enable(actor: AuthenticatedUser, organizationId: string, webhookId: string): Promise<WebhookView> {
    await this.own(actor, organizationId, webhookId, true);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const row = await this.webhooks.enable(webhookId, manager);
      if (!row) throw ApiError.notFound();
      await this.audit.record(manager, actor, { kind: 'webhook.enabled', organizationId, subjectId: webhookId, after: { url: row.url, kinds: row.kinds } });
      await this.webhooks.reschedulePending(webhookId, now, retryUntil(now), manager);
      await this.outbox.wakeDrainers(manager);
      return toView(row);
    });
  }

  async deliveries(actor: AuthenticatedUser, organizationId: string, webhookId: string): Promise<WebhookDeliveryView[]> {
    await this.own(actor, organizationId, webhookId);
    const rows = await this.webhooks.deliveries(webhookId, LOG_SIZE);
    return rows.map((row) => ({
      ...row, created_at: iso(row.created_at)!, last_attempt_at: iso(row.last_attempt_at), next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    }));
  }

  async resend(actor: AuthenticatedUser, organizationId: string, webhookId: string, deliveryId: string): Promise<void> {
    await this.own(actor, organizationId, webhookId, true);
    if (!/^\d{1,18}$/.test(deliveryId)) throw ApiError.notFound();
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.webhooks.resend(deliveryId, webhookId, now, retryUntil(now), manager))) throw ApiError.notFound();
      await this.outbox.wakeDrainers(manager);
    });
  }
}
