import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DatabasePool } from '../database/database-pool';
import type { Queryable } from '../database/queryable';

/** The channel the database triggers (migration SessionNotifications) notify on. */
export const SESSION_CHANNEL = 'datahub_sessions';

/** What a signed-in request acts as, read when its session is not in memory. */
export interface SessionRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  organization_admin: boolean;
  roles: string[];
  two_factor_missing: boolean;
}

export interface ListenerLease {
  pid: number;
  remaining_ms: number;
}

// One indexed round trip per request: the session must exist, be unrevoked and unexpired.
const SESSION_SQL = `
  SELECT u.id, u.email, u.firstname, u.lastname, u.organization_id,
         o.name AS organization_name, o.slug AS organization_slug, o.is_admin AS organization_admin,
         COALESCE((SELECT array_agg(r.role) FROM role_assignments r WHERE r.user_id = u.id), '{}') AS roles,
         (o.is_admin AND u.password_hash IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL)) AS two_factor_missing
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN organizations o ON o.id = u.organization_id
   WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`;

/** The listening connections ($1) and the ms left of each lease ($2 after its last state change), optionally only backends $3. */
const LIVE_LISTENERS_SQL = `SELECT pid, (extract(epoch FROM state_change - clock_timestamp()) * 1000 + $2::int)::int AS remaining_ms
  FROM pg_stat_activity
  WHERE datname = current_database() AND application_name = $1 AND ($3::int[] IS NULL OR pid = ANY($3::int[]))`;

/** ADR 0045; the hot-path reads are named statements on DatabasePool. */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pool: DatabasePool,
  ) {}

  async insert(id: string, userId: string, expiresAt: Date, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, $3)', [id, userId, expiresAt]);
  }

  /** A named statement straight on the pool: Postgres plans it once per connection, not per request. */
  async live(sessionId: string, userId: string): Promise<SessionRow | null> {
    const result = await this.pool.query<SessionRow>({ name: 'session-lookup', text: SESSION_SQL, values: [sessionId, userId] });
    return result.rows[0] ?? null;
  }

  async revoke(sessionId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  }

  async revokeAllOf(userId: string, exceptSessionId: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2', [userId, exceptSessionId]);
  }

  async purgeExpired(db: Queryable = this.dataSource): Promise<void> {
    await db.query(`DELETE FROM sessions WHERE expires_at < now() - interval '1 day'`);
  }

  /** On commit, every API process drops the user's cached sessions (they carry what changed). */
  async notifyUserChanged(userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(`SELECT pg_notify('${SESSION_CHANNEL}', 'user:' || $1::text)`, [userId]);
  }

  async listen(client: Pick<Client, 'query'>): Promise<void> {
    await client.query(`LISTEN ${SESSION_CHANNEL}`);
  }

  /** A query on the listening connection moves its `state_change`: the lease others read. */
  async heartbeat(client: Pick<Client, 'query'>): Promise<void> {
    await client.query('SELECT 1');
  }

  /** Answers a sync, naming this listener's backend, so the syncing process knows who answered. */
  async acknowledge(client: Pick<Client, 'query'>, nonce: string): Promise<void> {
    await client.query(`SELECT pg_notify($1, 'ack:' || $2 || ':' || pg_backend_pid())`, [SESSION_CHANNEL, nonce]);
  }

  /** One statement: the sync notification (sent at its commit) and the listeners it must reach. */
  async sendSync(listenerName: string, leaseMs: number, nonce: string): Promise<ListenerLease[]> {
    const { rows } = await this.pool.query<ListenerLease>({
      text: `WITH sent AS MATERIALIZED (SELECT pg_notify($4, $5)) SELECT live.pid, live.remaining_ms FROM sent LEFT JOIN (${LIVE_LISTENERS_SQL}) AS live ON true`,
      values: [listenerName, leaseMs, null, SESSION_CHANNEL, `sync:${nonce}`],
    });
    return rows;
  }

  async listenerLeases(listenerName: string, leaseMs: number, pids: number[]): Promise<ListenerLease[]> {
    const { rows } = await this.pool.query<ListenerLease>({ text: LIVE_LISTENERS_SQL, values: [listenerName, leaseMs, pids] });
    return rows;
  }
}
