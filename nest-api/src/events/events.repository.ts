import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';

export interface OutboxRow {
  id: string;
  kind: string;
  object_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/** Notified by the outbox's trigger and by a re-enabled webhook. */
const CHANNEL = 'datahub_events';

@Injectable()
export class EventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The insert's trigger wakes the drainers at commit. */
  async insert(event: { kind: string; objectId: string; parties: string[]; payload: string }, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO event_outbox (kind, object_id, parties, payload) VALUES ($1, $2, $3::uuid[], $4::jsonb)', [
      event.kind,
      event.objectId,
      event.parties,
      event.payload,
    ]);
  }

  /** The oldest undrained event of each object no other drainer holds (SKIP LOCKED), so a held object's later events never overtake it. */
  async lockNextBatch(objects: number, db: Queryable = this.dataSource): Promise<OutboxRow[]> {
    const heads = await rows<{ object_id: string }>(
      db,
      `SELECT e.object_id FROM event_outbox e
       WHERE e.drained_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM event_outbox p WHERE p.object_id = e.object_id AND p.drained_at IS NULL AND p.id < e.id)
       ORDER BY e.id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [objects],
    );
    if (heads.length === 0) return [];
    return rows<OutboxRow>(
      db,
      `SELECT e.id::text AS id, e.kind, e.object_id, e.payload, e.occurred_at FROM event_outbox e
       WHERE e.drained_at IS NULL AND e.object_id = ANY($1::text[]) ORDER BY e.id FOR UPDATE`,
      [heads.map((head) => head.object_id)],
    );
  }

  async queueWebhookDeliveries(rows: OutboxRow[], bodies: string[], now: Date, retryUntil: Date, db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, kind, object_id, body, created_at, next_attempt_at, retry_until)
       SELECT w.id, e.id, e.kind, e.object_id, b.body, $3, $3, $4
       FROM unnest($1::bigint[], $2::text[]) AS b(event_id, body)
       JOIN event_outbox e ON e.id = b.event_id
       JOIN webhooks w ON w.organization_id = ANY(e.parties) AND e.kind = ANY(w.kinds) AND w.disabled_at IS NULL
       ORDER BY e.id, w.id
       ON CONFLICT (webhook_id, event_id) DO NOTHING`,
      [rows.map((row) => row.id), bodies, now, retryUntil],
    );
  }

  async markDrained(ids: string[], db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE event_outbox SET drained_at = now() WHERE id = ANY($1::bigint[])', [ids]);
  }

  async recordExpiredGrants(db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `WITH expired AS (
         UPDATE authorisation_assignments a SET expiry_recorded_at = now()
         FROM datasets d JOIN datasources ds ON ds.id = d.datasource_id
         WHERE d.id = a.dataset_id AND a.expiry_recorded_at IS NULL AND a.expiration_date < (now() AT TIME ZONE 'Europe/Amsterdam')::date
         RETURNING a.id, a.dataset_id, d.name AS dataset_name, ds.organization_id AS owner_id, a.assignee_organization_id, a.authorisation, a.expiration_date
       )
       INSERT INTO event_outbox (kind, object_id, parties, payload)
       SELECT 'authorisation.expired', id::text, ARRAY[owner_id, assignee_organization_id],
              jsonb_build_object('authorisation_assignment_id', id, 'dataset_id', dataset_id, 'dataset_name', dataset_name, 'owner_organization', owner_id,
                                 'assignee_organization', assignee_organization_id, 'authorisation', authorisation, 'expiration_date', expiration_date::text)
       FROM expired ORDER BY expiration_date, id`,
    );
  }

  async backlog(db: Queryable = this.dataSource): Promise<number> {
    const row = await firstRow<{ backlog: number }>(db, 'SELECT count(*)::int AS backlog FROM event_outbox WHERE drained_at IS NULL');
    return row!.backlog;
  }

  async purge(before: Date, db: Queryable = this.dataSource): Promise<{ events: number; deliveries: number }> {
    const [, events] = await db.query('DELETE FROM event_outbox WHERE drained_at IS NOT NULL AND drained_at < $1', [before]);
    const [, deliveries] = await db.query(
      "DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND coalesce(last_attempt_at, created_at) < $1",
      [before],
    );
    return { events, deliveries };
  }

  async listen(client: Client): Promise<void> {
    await client.query(`LISTEN ${CHANNEL}`);
  }

  /** At commit; webhook deliveries made due again. */
  async wakeDrainers(db: Queryable = this.dataSource): Promise<void> {
    await db.query(`SELECT pg_notify('${CHANNEL}', '')`);
  }
}
