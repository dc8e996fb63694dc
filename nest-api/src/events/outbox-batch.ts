import type { OutboxRow } from './events.repository';

export function messageBody(row: OutboxRow): string {
  return JSON.stringify({ id: row.id, kind: row.kind, occurred_at: new Date(row.occurred_at).toISOString(), object_id: row.object_id, data: row.payload });
}
