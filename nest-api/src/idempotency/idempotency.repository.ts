import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../database/queryable';

interface Holder {
  pid: number;
  started: string;
}

export interface StoredKey {
  fingerprint: string;
  status_code: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

const HOLDER_NAME = 'datahub-idempotency-holder';
/** A dead machine's session (no FIN ever arrives) ends after about 30 + 3 × 10 s of silence, not the kernel's 2 h. */
const KEEPALIVE = ['SET tcp_keepalives_idle = 30', 'SET tcp_keepalives_interval = 10', 'SET tcp_keepalives_count = 3'];

// ADR 0043, 0045. A claim in flight names its holder, one idle database session per process: a dead process loses it, so a retry
// may take the claim over; a frozen one keeps its claims. A claim whose handler committed is never taken over.
@Injectable()
export class IdempotencyRepository implements OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyRepository');
  private holderClient: Client | null = null;
  private holder: Holder | null = null;
  private connecting: Promise<Holder | null> | null = null;
  /** Moved to a new holder session when the old one was lost. */
  private readonly inFlight = new Map<string, { userId: string; key: string }>();
  private closed = false;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One atomic upsert; free when absent, older than 24 h, or the same request's claim with a dead holder. */
  async claim(userId: string, key: string, fingerprint: string): Promise<boolean> {
    const holder = await this.currentHolder();
    const claimed = await firstRow(
      this.dataSource,
      `INSERT INTO idempotency_keys AS k (user_id, key, fingerprint, holder_pid, holder_started) VALUES ($1, $2, $3, $4, $5::timestamptz)
       ON CONFLICT (user_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status_code = NULL, headers = NULL, body = NULL, created_at = now(),
         holder_pid = EXCLUDED.holder_pid, holder_started = EXCLUDED.holder_started, handler_committed = false
         WHERE k.created_at <= now() - interval '24 hours'
            OR (k.status_code IS NULL AND NOT k.handler_committed AND k.fingerprint = EXCLUDED.fingerprint AND k.holder_pid IS NOT NULL
                -- backend_start is NULL for another database role's session: counted as alive.
                AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = k.holder_pid AND (a.backend_start IS NULL OR a.backend_start = k.holder_started)))
       RETURNING 1 AS claimed`,
      [userId, key, fingerprint, holder?.pid ?? null, holder?.started ?? null],
    );
    if (claimed) this.inFlight.set(`${userId} ${key}`, { userId, key });
    return claimed !== null;
  }

  /** Run in the handler's transaction just before it commits, so a retry never runs again even if this process dies. */
  async markCommitted(userId: string, key: string, db: Queryable): Promise<void> {
    await db.query('UPDATE idempotency_keys SET handler_committed = true WHERE user_id = $1 AND key = $2 AND status_code IS NULL', [userId, key]);
  }

  find(userId: string, key: string): Promise<StoredKey | null> {
    return firstRow<StoredKey>(this.dataSource, 'SELECT fingerprint, status_code, headers, body FROM idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key]);
  }

  async complete(userId: string, key: string, statusCode: number, headers: Record<string, string>, sealedBody: string | null): Promise<void> {
    await this.dataSource.query('UPDATE idempotency_keys SET status_code = $3, headers = $4, body = $5, holder_pid = NULL, holder_started = NULL WHERE user_id = $1 AND key = $2', [
      userId,
      key,
      statusCode,
      JSON.stringify(headers),
      sealedBody,
    ]);
    this.inFlight.delete(`${userId} ${key}`);
  }

  async release(userId: string, key: string): Promise<void> {
    this.inFlight.delete(`${userId} ${key}`);
    await this.dataSource.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code IS NULL', [userId, key]);
  }

  async prune(): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE created_at <= now() - interval '24 hours'`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.holderClient?.end().catch(() => undefined);
  }

  /** Null while it cannot be opened: a claim then has no holder and counts as alive for 24 h (never run twice). */
  private async currentHolder(): Promise<Holder | null> {
    if (this.holder || this.closed) return this.holder;
    this.connecting ??= this.openHolder().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async openHolder(): Promise<Holder | null> {
    const { url } = this.dataSource.options as { url?: string };
    const client = new Client({ connectionString: url, application_name: HOLDER_NAME, keepAlive: true });
    const lost = () => {
      const wasHolder = this.holderClient === client;
      if (wasHolder) {
        this.holderClient = null;
        this.holder = null;
      }
      client.end().catch(() => undefined);
      // Requests still running here: their claims get the new session at once, before a retry elsewhere sees them as dead.
      if (wasHolder && !this.closed && this.inFlight.size > 0) void this.currentHolder();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      // Only over TCP; a Unix socket has no keepalive and ignores these.
      for (const statement of KEEPALIVE) await client.query(statement).catch(() => undefined);
      const {
        rows: [row],
      } = await client.query<{ pid: number; started: string }>('SELECT pid, backend_start::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()');
      const holder = { pid: row.pid, started: row.started };
      // Claims this process still runs under a lost session are its own again, not free to take.
      const held = [...this.inFlight.values()];
      if (held.length > 0) {
        await this.dataSource.query(
          `UPDATE idempotency_keys k SET holder_pid = $1, holder_started = $2::timestamptz
           FROM unnest($3::uuid[], $4::text[]) AS h(user_id, key)
           WHERE k.user_id = h.user_id AND k.key = h.key AND k.status_code IS NULL`,
          [holder.pid, holder.started, held.map((h) => h.userId), held.map((h) => h.key)],
        );
      }
      if (this.closed) {
        lost();
        return null;
      }
      this.holderClient = client;
      this.holder = holder;
      return holder;
    } catch (error) {
      this.logger.warn(`Idempotency claim holder unavailable (claims count as alive for 24 h): ${(error as Error).message}`);
      lost();
      return null;
    }
  }
}
