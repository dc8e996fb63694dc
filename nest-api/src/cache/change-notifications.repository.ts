import { Injectable } from '@nestjs/common';
import type { Client } from 'pg';
import { DatabasePool } from '../database/database-pool';

/** The channel the database triggers (migration SessionNotifications) notify on. */
export const CHANGES_CHANNEL = 'datahub_sessions';

export interface ListenerLease {
  pid: number;
  remaining_ms: number;
}

/** The listening connections ($1) and the ms left of each lease ($2 after its last state change), optionally only backends $3. */
const LIVE_LISTENERS_SQL = `SELECT pid, (extract(epoch FROM state_change - clock_timestamp()) * 1000 + $2::int)::int AS remaining_ms
  FROM pg_stat_activity
  WHERE datname = current_database() AND application_name = $1 AND ($3::int[] IS NULL OR pid = ANY($3::int[]))`;

/** LISTEN/NOTIFY for ChangeNotifications: the listening connection's own statements and the sync handshake. */
@Injectable()
export class ChangeNotificationsRepository {
  constructor(private readonly pool: DatabasePool) {}

  async listen(client: Pick<Client, 'query'>): Promise<void> {
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
  }

  /** A query on the listening connection moves its `state_change`: the lease others read. */
  async heartbeat(client: Pick<Client, 'query'>): Promise<void> {
    await client.query('SELECT 1');
  }

  /** Answers a sync, naming this listener's backend, so the syncing process knows who answered. */
  async acknowledge(client: Pick<Client, 'query'>, nonce: string): Promise<void> {
    await client.query(`SELECT pg_notify($1, 'ack:' || $2 || ':' || pg_backend_pid())`, [CHANGES_CHANNEL, nonce]);
  }

  /** One statement: the sync notification (sent at its commit) and the listeners it must reach. */
  async sendSync(listenerName: string, leaseMs: number, nonce: string): Promise<ListenerLease[]> {
    const { rows } = await this.pool.query<ListenerLease>({
      text: `WITH sent AS MATERIALIZED (SELECT pg_notify($4, $5)) SELECT live.pid, live.remaining_ms FROM sent LEFT JOIN (${LIVE_LISTENERS_SQL}) AS live ON true`,
      values: [listenerName, leaseMs, null, CHANGES_CHANNEL, `sync:${nonce}`],
    });
    return rows;
  }

  async listenerLeases(listenerName: string, leaseMs: number, pids: number[]): Promise<ListenerLease[]> {
    const { rows } = await this.pool.query<ListenerLease>({ text: LIVE_LISTENERS_SQL, values: [listenerName, leaseMs, pids] });
    return rows;
  }
}
