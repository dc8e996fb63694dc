import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';
import type { WebhookDeliveryView, WebhookView } from './dto/webhook.dto';

export type WebhookRow = Omit<WebhookView, 'created_at' | 'failing_since' | 'disabled_at'> & { created_at: Date; failing_since: Date | null; disabled_at: Date | null };

export type DeliveryLogRow = Omit<WebhookDeliveryView, 'created_at' | 'last_attempt_at' | 'next_attempt_at'> &
  Record<'created_at' | 'last_attempt_at' | 'next_attempt_at', Date | null>;

export interface DueDelivery {
  id: string;
  webhook_id: string;
  kind: string;
  body: string;
  attempts: number;
  retry_until: Date;
  url: string;
  secret_encrypted: string;
  failing_since: Date | null;
}

const COLUMNS = `id, url, kinds, created_by_name AS created_by, created_at, failing_since, disabled_at`;

@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(organizationId: string, db: Queryable = this.dataSource): Promise<WebhookRow[]> {
    return rows<WebhookRow>(db, `SELECT ${COLUMNS} FROM webhooks WHERE organization_id = $1 ORDER BY created_at, id`, [organizationId]);
  }

  /** Counted under a lock on the organisation so two creations cannot both pass the limit. */
  async countLocked(organizationId: string, db: Queryable): Promise<number> {
    await db.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
    const row = await firstRow<{ count: number }>(db, 'SELECT count(*)::int AS count FROM webhooks WHERE organization_id = $1', [organizationId]);
    return row!.count;
  }

  async insert(
    webhook: { organizationId: string; url: string; kinds: string[]; secretEncrypted: string; createdByName: string },
    db: Queryable = this.dataSource,
  ): Promise<WebhookRow> {
    const row = await firstRow<WebhookRow>(
      db,
      `INSERT INTO webhooks (organization_id, url, kinds, secret_encrypted, created_by_name) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [webhook.organizationId, webhook.url, webhook.kinds, webhook.secretEncrypted, webhook.createdByName],
    );
    return row!;
  }

  async existsIn(webhookId: string, organizationId: string, db: Queryable = this.dataSource): Promise<boolean> {
    return (await firstRow(db, 'SELECT id FROM webhooks WHERE id = $1 AND organization_id = $2', [webhookId, organizationId])) !== null;
  }

  async delete(webhookId: string, db: Queryable = this.dataSource): Promise<{ url: string; kinds: string[] } | null> {
    const [deleted]: { url: string; kinds: string[] }[][] = await db.query('DELETE FROM webhooks WHERE id = $1 RETURNING url, kinds', [webhookId]);
    return deleted[0] ?? null;
  }

  async enable(webhookId: string, db: Queryable = this.dataSource): Promise<WebhookRow | null> {
    const [[row]]: WebhookRow[][] = await db.query(`UPDATE webhooks SET disabled_at = NULL, failing_since = NULL WHERE id = $1 RETURNING ${COLUMNS}`, [webhookId]);
    return row ?? null;
  }

  async reschedulePending(webhookId: string, now: Date, retryUntil: Date, db: Queryable = this.dataSource): Promise<void> {
    await db.query(`UPDATE webhook_deliveries SET next_attempt_at = $2, retry_until = $3 WHERE webhook_id = $1 AND status = 'pending'`, [webhookId, now, retryUntil]);
  }

  deliveries(webhookId: string, limit: number, db: Queryable = this.dataSource): Promise<DeliveryLogRow[]> {
    return rows<DeliveryLogRow>(
      db,
      `SELECT d.id::text AS id, d.kind, d.status, d.attempts, d.response_status, d.duration_ms, d.created_at, d.last_attempt_at, d.next_attempt_at
       FROM webhook_deliveries d WHERE d.webhook_id = $1 ORDER BY d.id DESC LIMIT $2`,
      [webhookId, limit],
    );
  }

  async resend(deliveryId: string, webhookId: string, now: Date, retryUntil: Date, db: Queryable = this.dataSource): Promise<boolean> {
    const [updated]: unknown[][] = await db.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3, retry_until = $4 WHERE id = $1 AND webhook_id = $2 RETURNING id`,
      [deliveryId, webhookId, now, retryUntil],
    );
    return updated.length > 0;
  }

  /** Others' locks skipped; only the oldest pending one per webhook and object, so they arrive in order. */
  lockDue(now: Date, limit: number, db: Queryable): Promise<DueDelivery[]> {
    return rows<DueDelivery>(
      db,
      `SELECT d.id::text AS id, d.webhook_id, d.kind, d.body, d.attempts, d.retry_until, w.url, w.secret_encrypted, w.failing_since
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND w.disabled_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.webhook_id = d.webhook_id AND p.object_id = d.object_id AND p.status = 'pending' AND p.id < d.id)
       ORDER BY d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED`,
      [now, limit],
    );
  }

  async recordAttempt(
    attempt: { id: string; status: string; attempts: number; at: Date; next: Date; responseStatus: number | null; durationMs: number },
    db: Queryable = this.dataSource,
  ): Promise<void> {
    await db.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = $3, last_attempt_at = $4, next_attempt_at = $5, response_status = $6, duration_ms = $7 WHERE id = $1`,
      [attempt.id, attempt.status, attempt.attempts, attempt.at, attempt.next, attempt.responseStatus, attempt.durationMs],
    );
  }

  async clearFailing(webhookId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE webhooks SET failing_since = NULL WHERE id = $1', [webhookId]);
  }

  async markFailing(webhookId: string, at: Date, db: Queryable = this.dataSource): Promise<{ failing_since: Date; disabled_at: Date | null }> {
    const [[webhook]]: { failing_since: Date; disabled_at: Date | null }[][] = await db.query(
      'UPDATE webhooks SET failing_since = coalesce(failing_since, $2) WHERE id = $1 RETURNING failing_since, disabled_at',
      [webhookId, at],
    );
    return webhook;
  }

  async disable(webhookId: string, at: Date, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE webhooks SET disabled_at = $2 WHERE id = $1', [webhookId, at]);
  }

  alarmRecipients(webhookId: string, roles: string[], db: Queryable = this.dataSource): Promise<{ email: string; url: string; organization: string }[]> {
    return rows(
      db,
      `SELECT DISTINCT u.email, w.url, o.name AS organization
       FROM webhooks w JOIN organizations o ON o.id = w.organization_id
       JOIN users u ON u.organization_id = o.id JOIN role_assignments r ON r.user_id = u.id
       WHERE w.id = $1 AND r.role = ANY($2::text[]) ORDER BY u.email`,
      [webhookId, roles],
    );
  }
}
