import type { EntityManager } from 'typeorm';

export interface OutboxRow {
  id: string;
  kind: string;
  object_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

/**
 * The next events to drain, locked for this transaction. Safe with several API processes:
 * first the oldest undrained event of each object that no other drainer holds (FOR UPDATE SKIP
 * LOCKED; an object whose oldest event is held by another drainer is skipped, so its later
 * events are never sent ahead of it), then every undrained event of those objects, in order.
 */
export async function lockNextBatch(manager: EntityManager, objects: number): Promise<OutboxRow[]> {
  const heads: { object_id: string }[] = await manager.query(
    `SELECT e.object_id FROM event_outbox e
     WHERE e.drained_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM event_outbox p WHERE p.object_id = e.object_id AND p.drained_at IS NULL AND p.id < e.id)
     ORDER BY e.id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [objects],
  );
  if (heads.length === 0) return [];
  return manager.query(
    `SELECT e.id::text AS id, e.kind, e.object_id, e.payload, e.occurred_at FROM event_outbox e
     WHERE e.drained_at IS NULL AND e.object_id = ANY($1::text[]) ORDER BY e.id FOR UPDATE`,
    [heads.map((head) => head.object_id)],
  );
}

/** The message integrators receive, over RabbitMQ and webhooks alike. */
export function messageBody(row: OutboxRow): string {
  return JSON.stringify({ id: row.id, kind: row.kind, occurred_at: new Date(row.occurred_at).toISOString(), object_id: row.object_id, data: row.payload });
}

/** One delivery per event for each active webhook of an organisation party to it that chose its kind. */
export async function queueWebhookDeliveries(manager: EntityManager, rows: OutboxRow[], bodies: string[], now: Date, retryUntil: Date): Promise<void> {
  await manager.query(
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

/** Records 'authorisation.expired' once for each grant whose last day has passed (Europe/Amsterdam). */
export async function recordExpiredGrants(manager: EntityManager): Promise<void> {
  await manager.query(
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
