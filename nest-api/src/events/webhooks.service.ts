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

const COLUMNS = `id, url, kinds, created_by_name AS created_by, created_at, failing_since, disabled_at`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
/** Deliveries shown per webhook, newest first. */
const LOG_SIZE = 50;

type WebhookRow = Omit<WebhookView, 'created_at' | 'failing_since' | 'disabled_at'> & { created_at: Date; failing_since: Date | null; disabled_at: Date | null };
const toView = (row: WebhookRow): WebhookView => ({
  ...row, created_at: iso(row.created_at)!, failing_since: iso(row.failing_since), disabled_at: iso(row.disabled_at),
});

/** An organisation's webhooks and their delivery log: Organization.Update in that organisation (ADR 0026). */
@Injectable()
export class WebhooksService {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: EventClock,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  async list(actor: AuthenticatedUser, organizationId: string): Promise<WebhookView[]> {
    requirePermissionIn(actor, 'Organization.Update', organizationId);
    const rows: WebhookRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM webhooks WHERE organization_id = $1 ORDER BY created_at, id`, [organizationId]);
    return rows.map(toView);
  }

  /**
   * https only (plain http and private addresses only where WEBHOOK_PRIVATE_HOSTS_ALLOWED lists the
   * host:port; the data sources' PRIVATE_HOSTS_ALLOWED does not count); checked again at every delivery.
   */
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

  /** The organisation's own (issue 32): a webhook sends its events out, so a platform admin may not subscribe one for another organisation. */
  async create(actor: AuthenticatedUser, organizationId: string, dto: CreateWebhookDto): Promise<CreatedWebhookView> {
    requirePermissionInOwn(actor, 'Organization.Update', organizationId);
    const url = await this.checkedUrl(dto.url);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
      const [{ count }] = await manager.query('SELECT count(*)::int AS count FROM webhooks WHERE organization_id = $1', [organizationId]);
      if (count >= MAX_WEBHOOKS) throw ApiError.conflict(WEBHOOK_LABELS.limitReached);
      const [row]: WebhookRow[] = await manager.query(
        `INSERT INTO webhooks (organization_id, url, kinds, secret_encrypted, created_by_name) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [organizationId, url, [...new Set(dto.kinds)], this.box.seal(secret), `${actor.firstname} ${actor.lastname}`.trim() || actor.email],
      );
      await this.audit.record(manager, actor, { kind: 'webhook.created', organizationId, subjectId: row.id, after: { url: row.url, kinds: row.kinds } });
      return { ...toView(row), secret };
    });
  }

  /**
   * The organisation's own webhook, else 404 (no reach into other organisations by id). `making`:
   * what makes it send again (switching on, resending) is the organisation's own, as creating is (issue 32).
   */
  private async own(actor: AuthenticatedUser, organizationId: string, webhookId: string, making = false): Promise<void> {
    (making ? requirePermissionInOwn : requirePermissionIn)(actor, 'Organization.Update', organizationId);
    const [row] = await this.dataSource.query('SELECT id FROM webhooks WHERE id = $1 AND organization_id = $2', [webhookId, organizationId]);
    if (!row) throw ApiError.notFound();
  }

  /** Removal: the organisation, or a platform admin handling abuse; in the Logboek either way. */
  async remove(actor: AuthenticatedUser, organizationId: string, webhookId: string): Promise<void> {
    await this.own(actor, organizationId, webhookId);
    await this.dataSource.transaction(async (manager) => {
      const [deleted]: { url: string; kinds: string[] }[][] = await manager.query('DELETE FROM webhooks WHERE id = $1 RETURNING url, kinds', [webhookId]);
      if (deleted.length === 0) throw ApiError.notFound();
      await this.audit.record(manager, actor, { kind: 'webhook.deleted', organizationId, subjectId: webhookId, before: { url: deleted[0].url, kinds: deleted[0].kinds } });
    });
  }

  /** Switches a webhook back on: its waiting deliveries get a fresh 24 hours, starting now. */
  async enable(actor: AuthenticatedUser, organizationId: string, webhookId: string): Promise<WebhookView> {
    await this.own(actor, organizationId, webhookId, true);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const [[row]]: WebhookRow[][] = await manager.query(`UPDATE webhooks SET disabled_at = NULL, failing_since = NULL WHERE id = $1 RETURNING ${COLUMNS}`, [webhookId]);
      if (!row) throw ApiError.notFound();
      await this.audit.record(manager, actor, { kind: 'webhook.enabled', organizationId, subjectId: webhookId, after: { url: row.url, kinds: row.kinds } });
      await manager.query(`UPDATE webhook_deliveries SET next_attempt_at = $2, retry_until = $3 WHERE webhook_id = $1 AND status = 'pending'`, [
        webhookId, now, retryUntil(now),
      ]);
      await manager.query(`SELECT pg_notify('datahub_events', '')`);
      return toView(row);
    });
  }

  async deliveries(actor: AuthenticatedUser, organizationId: string, webhookId: string): Promise<WebhookDeliveryView[]> {
    await this.own(actor, organizationId, webhookId);
    const rows: (Omit<WebhookDeliveryView, 'created_at' | 'last_attempt_at' | 'next_attempt_at'> & Record<'created_at' | 'last_attempt_at' | 'next_attempt_at', Date | null>)[] =
      await this.dataSource.query(
        `SELECT d.id::text AS id, d.kind, d.status, d.attempts, d.response_status, d.duration_ms, d.created_at, d.last_attempt_at, d.next_attempt_at
         FROM webhook_deliveries d WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT $2`,
        [webhookId, LOG_SIZE],
      );
    return rows.map((row) => ({
      ...row, created_at: iso(row.created_at)!, last_attempt_at: iso(row.last_attempt_at), next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    }));
  }

  /** 'Opnieuw versturen': the delivery is sent again now, with a fresh 24 hours of retries. */
  async resend(actor: AuthenticatedUser, organizationId: string, webhookId: string, deliveryId: string): Promise<void> {
    await this.own(actor, organizationId, webhookId, true);
    if (!/^\d{1,18}$/.test(deliveryId)) throw ApiError.notFound();
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const [updated]: unknown[][] = await manager.query(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3, retry_until = $4 WHERE id = $1 AND webhook_id = $2 RETURNING id`,
        [deliveryId, webhookId, now, retryUntil(now)],
      );
      if (updated.length === 0) throw ApiError.notFound();
      await manager.query(`SELECT pg_notify('datahub_events', '')`);
    });
  }
}
