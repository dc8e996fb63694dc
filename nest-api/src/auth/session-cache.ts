import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Client, type Notification } from 'pg';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { DatabasePool } from '../database/database-pool';

/** The channel the database triggers (migration SessionNotifications) notify on. */
const SESSION_CHANNEL = 'datahub_sessions';

export type CachedSession = Omit<AuthenticatedUser, 'via'>;

interface Entry {
  session: CachedSession;
  storedAt: number;
}

const RECONNECT_MS = 1_000;
const SYNC_TIMEOUT_MS = 2_000;
/** The listening connections' name: a sync counts them to know how many acknowledgements to await. */
const LISTENER_NAME = 'datahub-nest-api-listen';

/**
 * Sessions read from PostgreSQL are kept here for a few seconds, so a signed-in request needs no
 * database read. Revocation stays immediate because triggers on sessions, users, role_assignments
 * and organizations NOTIFY every API process, each of which drops what changed. Without a working
 * LISTEN connection nothing is cached (every request reads the database, as before).
 */
@Injectable()
export class SessionCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionCache.name);
  private readonly entries: LRUCache<string, Entry>;
  /** Syncs in progress: acknowledgements seen, and how many listeners must acknowledge (once known). */
  private readonly waiting = new Map<string, { acks: number; expected: number | null; done: () => void }>();
  private listener: Client | null = null;
  private listening = false;
  private closed = false;
  /** Raised on every invalidation: a lookup that started before one must not store its (maybe stale) row. */
  private generation = 0;
  /** Other in-memory copies kept current by the same connection (the catalogue): told of every change, 'all' when knowledge was lost. */
  private readonly subscribers = new Set<(kind: string, id: string) => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pool: DatabasePool,
  ) {
    this.entries = new LRUCache({ max: config.cacheEntries.sessions });
  }

  get enabled(): boolean {
    return this.listening && this.config.sessionCacheSeconds > 0;
  }

  /** True while notifications arrive: a copy kept current by subscribe() may be used. */
  get listeningForChanges(): boolean {
    return this.listening;
  }

  /**
   * Every notification (kind and id, e.g. 'catalogue', 'organization'), and ('all', '') whenever this
   * process may have missed some. The sync after a write covers subscribers too: same connection, same order.
   */
  subscribe(handler: (kind: string, id: string) => void): void {
    this.subscribers.add(handler);
  }

  async onModuleInit(): Promise<void> {
    if (this.config.sessionCacheSeconds > 0) await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listening = false;
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    const client = new Client({ connectionString: options.url, application_name: LISTENER_NAME });
    client.on('notification', (message) => this.onNotification(message));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      this.listener = client;
      this.listening = true;
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** No notifications means no knowledge of changes: forget everything and stop caching until listening again. */
  private lost(client: Client, error?: unknown): void {
    if (this.listener !== null && this.listener !== client) return;
    const wasListening = this.listening;
    this.listening = false;
    this.listener = null;
    this.clear();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasListening || error) this.logger.warn(`Session notifications lost${error instanceof Error ? `: ${error.message}` : ''}; reconnecting`);
    setTimeout(() => void this.listen(), RECONNECT_MS).unref();
  }

  private onNotification(message: Notification): void {
    const payload = message.payload ?? '';
    const [kind, id] = payload.split(':', 2);
    if (kind === 'sync') {
      // Everything committed before this sync has been handled here (delivery is in commit order).
      this.listener?.query('SELECT pg_notify($1, $2)', [SESSION_CHANNEL, `ack:${id}`]).catch(() => undefined);
      return;
    }
    if (kind === 'ack') {
      const wait = this.waiting.get(id);
      if (wait) {
        wait.acks += 1;
        if (wait.expected !== null && wait.acks >= wait.expected) wait.done();
      }
      return;
    }
    this.generation += 1;
    for (const handler of this.subscribers) handler(kind, id ?? '');
    const dropped = [...this.entries.entries()].filter(
      ([sessionId, { session }]) =>
        kind === 'all' ||
        (kind === 'session' && sessionId === id) ||
        (kind === 'user' && session.id === id) ||
        (kind === 'organization' && session.organizationId === id),
    );
    for (const [sessionId] of dropped) this.entries.delete(sessionId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    for (const handler of this.subscribers) handler('all', '');
  }

  get(sessionId: string): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.config.sessionCacheSeconds * 1000) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.session;
  }

  /** Reads the session through `load`, storing it only when nothing was invalidated meanwhile. */
  async load(sessionId: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const generation = this.generation;
    const session = await load();
    if (session && this.enabled && generation === this.generation) {
      this.entries.set(sessionId, { session, storedAt: Date.now() });
    }
    return session;
  }

  /**
   * Waits until every API process listening on this database has seen every notification committed
   * so far: each answers a `sync` with an `ack`, and PostgreSQL delivers notifications in commit
   * order. After a write, the answer leaves only once every process's cache reflects it.
   */
  async sync(): Promise<void> {
    if (!this.enabled) return;
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const acknowledged = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
      this.waiting.set(nonce, { acks: 0, expected: null, done: () => resolve(true) });
    });
    try {
      const { rows } = await this.pool.query<{ listeners: number }>({
        text: `SELECT pg_notify($1, $2), (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND application_name = $3) AS listeners`,
        values: [SESSION_CHANNEL, `sync:${nonce}`, LISTENER_NAME],
      });
      const wait = this.waiting.get(nonce)!;
      wait.expected = Math.max(1, rows[0].listeners);
      if (wait.acks >= wait.expected) wait.done();
      if (!(await acknowledged)) {
        this.logger.warn('Not every API process acknowledged a session change in time; this process forgets its sessions');
        this.clear();
      }
    } catch {
      this.clear();
    } finally {
      clearTimeout(timer);
      this.waiting.delete(nonce);
    }
  }
}
