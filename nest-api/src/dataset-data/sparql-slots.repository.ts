import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../database/queryable';

/** Released organisation slots are announced here: a process with queries waiting for one tries again at once. */
const CHANNEL = 'datahub_sparql_slots';

export type SlotKind = 'user' | 'organization';

export interface SlotAttemptRow {
  slot: number | null;
  free: number;
  until_expiry_ms: number | null;
}

@Injectable()
export class SparqlSlotsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async take(kind: SlotKind, ownerId: string, processId: string, limit: number, leaseSeconds: number, db: Queryable = this.dataSource): Promise<SlotAttemptRow> {
    const row = await firstRow<SlotAttemptRow>(
      db,
      `WITH candidate AS (
         SELECT n FROM generate_series(1, $4::int) AS n
         WHERE NOT EXISTS (SELECT 1 FROM sparql_slots s WHERE s.kind = $1 AND s.owner_id = $2 AND s.slot = n AND s.expires_at > now())
         ORDER BY n LIMIT 1
       ), taken AS (
         INSERT INTO sparql_slots (kind, owner_id, slot, process_id, expires_at)
         SELECT $1, $2, n, $3, now() + make_interval(secs => $5) FROM candidate
         ON CONFLICT (kind, owner_id, slot) DO UPDATE SET process_id = EXCLUDED.process_id, expires_at = EXCLUDED.expires_at
           WHERE sparql_slots.expires_at <= now()
         RETURNING slot
       )
       SELECT (SELECT slot FROM taken) AS slot, (SELECT count(*)::int FROM candidate) AS free,
         (SELECT ceil(extract(epoch FROM min(expires_at) - now()) * 1000)::int FROM sparql_slots WHERE kind = $1 AND owner_id = $2 AND slot <= $4 AND expires_at > now()) AS until_expiry_ms`,
      [kind, ownerId, processId, limit, leaseSeconds],
    );
    return row!;
  }

  async release(kind: SlotKind, ownerId: string, slot: number, processId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `WITH gone AS (DELETE FROM sparql_slots WHERE kind = $1 AND owner_id = $2 AND slot = $3 AND process_id = $4 RETURNING kind)
       SELECT pg_notify($5, $2::text) FROM gone WHERE kind = 'organization'`,
      [kind, ownerId, slot, processId, CHANNEL],
    );
  }

  async renew(processId: string, leaseSeconds: number, held: { kind: SlotKind; ownerId: string; slot: number }[], db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `UPDATE sparql_slots s SET expires_at = now() + make_interval(secs => $2)
       FROM unnest($3::text[], $4::uuid[], $5::int[]) AS h(kind, owner_id, slot)
       WHERE s.process_id = $1 AND s.kind = h.kind AND s.owner_id = h.owner_id AND s.slot = h.slot`,
      [processId, leaseSeconds, held.map((h) => h.kind), held.map((h) => h.ownerId), held.map((h) => h.slot)],
    );
  }

  async releaseAll(processId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM sparql_slots WHERE process_id = $1', [processId]);
  }

  async listen(client: Client): Promise<void> {
    await client.query(`LISTEN ${CHANNEL}`);
  }
}
