import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client, type Notification } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { ChangeNotificationsRepository } from './change-notifications.repository';
import { KeptCache, type Change, type ChangeFeed, type KeptCacheOptions } from './kept-cache';

const RECONNECT_MS = 1_000;
/** The listening connections' name: a sync lists them to know whose acknowledgements to await. */
const LISTENER_NAME = 'datahub-nest-api-listen';
/** A sync awaits only listeners whose `state_change` is younger than LEASE_MS, so a frozen process stops being awaited. */
const HEARTBEAT_MS = 250;
const LEASE_MS = 1_500;
/** A process trusts its own memory a little shorter than the database counts it as live. */
const OWN_LEASE_MS = LEASE_MS - 250;

/** Database triggers NOTIFY every process of changes; a write's answer waits until every live process has heard them, so revocation stays immediate. */
@Injectable()
export class ChangeNotifications implements ChangeFeed, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ChangeNotifications.name);
  /** Syncs in progress: told the backend pid of each listener that acknowledges. */
  private readonly waiting = new Map<string, (pid: number) => void>();
  private listener: Client | null = null;
  private listening = false;
  /** performance.now() until which this process may answer from memory: its last heartbeat's start plus OWN_LEASE_MS. */
  private leaseUntil = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private heartbeatPending = false;
  /** Queries on the listening connection, one after another (pg wants no overlapping queries on one client). */
  private listenerQueries: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The kept caches: told of every change, 'all' when knowledge was lost. */
  private readonly subscribers = new Set<(kind: string, id: string) => void>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: ChangeNotificationsRepository,
  ) {}

  /** A lapsed lease means other processes may have stopped awaiting this one. */
  get listeningForChanges(): boolean {
    return this.listening && performance.now() < this.leaseUntil;
  }

  /** And ('all', '') whenever this process may have missed some; the sync after a write covers subscribers too. */
  subscribe(handler: (kind: string, id: string) => void): void {
    this.subscribers.add(handler);
  }

  /** A cache whose entries these notifications drop when `drops` says a change concerns them. */
  kept<V extends object | string>(options: Omit<KeptCacheOptions<V>, 'changes'> & { drops: (change: Change, value: V, key: string) => boolean }): KeptCache<V> {
    return new KeptCache<V>({ max: options.max, ttlMs: options.ttlMs, changes: { feed: this, drops: options.drops } });
  }

  async onModuleInit(): Promise<void> {
    // SESSION_CACHE_SECONDS=0 keeps nothing in memory: without listening, no notified cache answers.
    if (this.config.sessionCacheSeconds > 0) await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.heartbeat) clearInterval(this.heartbeat);
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
      await this.repository.listen(client);
      this.listener = client;
      await this.beat(client);
      this.listening = true;
      this.heartbeat ??= setInterval(() => {
        if (this.listener && !this.heartbeatPending) void this.beat(this.listener).catch(() => undefined);
      }, HEARTBEAT_MS).unref();
    } catch (error) {
      this.lost(client, error);
    }
  }

  /** Renewing a lapsed lease forgets everything first: meanwhile writes elsewhere did not wait for this process. */
  private async beat(client: Client): Promise<void> {
    this.heartbeatPending = true;
    const started = performance.now();
    try {
      await this.onListener(client, () => this.repository.heartbeat(client));
    } finally {
      this.heartbeatPending = false;
    }
    if (this.listener !== client) return;
    if (performance.now() >= this.leaseUntil) this.clear();
    this.leaseUntil = Math.max(this.leaseUntil, started + OWN_LEASE_MS);
  }

  /** No notifications means no knowledge of changes: forget everything and stop caching until listening again. */
  private lost(client: Client, error?: unknown): void {
    if (this.listener !== null && this.listener !== client) return;
    const wasListening = this.listening;
    this.listening = false;
    this.listener = null;
    this.leaseUntil = 0;
    this.clear();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasListening || error) this.logger.warn(`Change notifications lost${error instanceof Error ? `: ${error.message}` : ''}; reconnecting`);
    setTimeout(() => void this.listen(), RECONNECT_MS).unref();
  }

  private onListener(client: Client, run: () => Promise<unknown>): Promise<unknown> {
    const result = this.listenerQueries.then(run);
    this.listenerQueries = result.catch(() => undefined);
    return result;
  }

  private onNotification(message: Notification): void {
    const payload = message.payload ?? '';
    const [kind, id] = payload.split(':', 2);
    if (kind === 'sync') {
      // Everything committed before this sync has been handled here (delivery is in commit order).
      // The ack names this listener's backend, so the syncing process knows who answered.
      const listener = this.listener;
      if (listener) void this.onListener(listener, () => this.repository.acknowledge(listener, id)).catch(() => undefined);
      return;
    }
    if (kind === 'ack') {
      this.waiting.get(id)?.(Number(payload.split(':')[2]));
      return;
    }
    for (const handler of this.subscribers) handler(kind, id ?? '');
  }

  private clear(): void {
    for (const handler of this.subscribers) handler('all', '');
  }

  /** Each live listener answers a `sync` with an `ack` (delivery is in commit order); one whose lease runs out is dropped from the wait. */
  async sync(): Promise<void> {
    if (!this.listeningForChanges) return;
    const nonce = randomUUID();
    const acked = new Set<number>();
    let wake = (): void => undefined;
    this.waiting.set(nonce, (pid) => {
      acked.add(pid);
      wake();
    });
    const deadline = performance.now() + this.config.sessionSyncTimeoutMs;
    try {
      const rows = await this.repository.sendSync(LISTENER_NAME, LEASE_MS, nonce);
      /** Awaited listeners (backend pid) and when, on this clock, their lease runs out unless renewed. */
      const leases = new Map(rows.filter((row) => row.pid !== null && row.remaining_ms > 0).map((row) => [row.pid, performance.now() + row.remaining_ms]));
      for (;;) {
        const pending = [...leases].filter(([pid]) => !acked.has(pid));
        if (pending.length === 0) return;
        const now = performance.now();
        if (now >= deadline) break;
        const nextLapse = Math.min(...pending.map(([, until]) => until));
        if (nextLapse > now) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(nextLapse, deadline) - now);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = () => undefined;
          continue;
        }
        // Leases ran out without an answer: ask whether those listeners renewed them meanwhile.
        const lapsed = pending.filter(([, until]) => until <= now).map(([pid]) => pid);
        const renewed = await this.repository.listenerLeases(LISTENER_NAME, LEASE_MS, lapsed);
        for (const pid of lapsed) {
          const row = renewed.find((candidate) => candidate.pid === pid);
          if (row && row.remaining_ms > 0) leases.set(pid, performance.now() + row.remaining_ms);
          else leases.delete(pid);
        }
      }
      this.logger.warn('Not every live API process acknowledged a change in time; this process forgets what it kept');
      this.clear();
    } catch {
      this.clear();
    } finally {
      this.waiting.delete(nonce);
    }
  }
}
