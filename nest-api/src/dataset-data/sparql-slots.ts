import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { DETAILS } from '@datahub/domain';
import { SPARQL_LIMITS, SparqlError } from '@datahub/sparql';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { SparqlSlotsRepository, type SlotKind } from './sparql-slots.repository';

export type { SlotKind } from './sparql-slots.repository';
/** Longest sleep of a waiting organisation between tries while notifications arrive (a slot whose lease ran out announces nothing). */
const LISTENING_WAIT_MS = 5_000;
const POLLING_WAIT_MS = 500;
const RELISTEN_MS = 2_000;
/** How long a process may hand a released organisation slot straight to its own next waiter before it frees the row for others. */
const LOCAL_TURN_MS = 1_000;

/** A taken slot; release() frees it (once) and wakes its waiters, or hands it to this process's next one; it resolves once done. */
export interface SparqlSlot {
  release(): Promise<void>;
}

interface Attempt {
  slot: number | null;
  /** A free slot was seen but another process took it first: try again at once. */
  raced: boolean;
  untilExpiryMs: number | null;
}

interface Waiting {
  resolve: (slot: SparqlSlot) => void;
  reject: (error: Error) => void;
}

/** ADR 0042: a leased row per running query's user and organisation slot; a user without a slot is refused, an organisation's query queues here. */
@Injectable()
export class SparqlSlots implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('SparqlSlots');
  /** This process's rows; a new id per start, so a restarted process never renews a dead one's rows. */
  readonly processId = randomUUID();
  private readonly leaseSeconds: number;
  /** The slots this process holds (kind, owner, number): renewed while held, and only these. */
  private readonly held = new Map<string, { kind: SlotKind; ownerId: string; slot: number }>();
  private renewer: NodeJS.Timeout | null = null;
  private readonly queues = new Map<string, Waiting[]>();
  private readonly wakers = new Map<string, () => void>();
  /** Organisations whose release came while their loop was asking the database, not asleep: it asks again at once. */
  private readonly missed = new Set<string>();
  private listener: Client | null = null;
  private listening: Promise<void> | null = null;
  private listenFailedAt = 0;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly slots: SparqlSlotsRepository,
  ) {
    this.leaseSeconds = config.sparql.slotLeaseSeconds;
  }

  onModuleInit(): void {
    // Renewed well before the lease ends: a process that is merely busy never loses its slots.
    this.renewer = setInterval(() => void this.renew(), (this.leaseSeconds * 1000) / 3);
    this.renewer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.renewer) clearInterval(this.renewer);
    for (const queue of this.queues.values()) for (const waiting of queue.splice(0)) waiting.reject(new SparqlError('engine_closed', 'the API is stopping'));
    for (const wake of this.wakers.values()) wake();
    await this.slots.releaseAll(this.processId).catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
  }

  get waiting(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  async asUser<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const slot = await this.tryTake('user', userId, this.config.sparql.perUserConcurrency);
    if (!slot) throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, DETAILS.tooManyQueries);
    try {
      return await work();
    } finally {
      await slot.release();
    }
  }

  async asOrganization<T>(organizationId: string, work: () => Promise<T>): Promise<T> {
    const slot = await this.take(organizationId, this.config.sparql.maxRunningPerOrganization);
    try {
      return await work();
    } finally {
      await slot.release();
    }
  }

  async tryTake(kind: SlotKind, ownerId: string, limit: number): Promise<SparqlSlot | null> {
    for (let attempt = 0; attempt <= limit; attempt += 1) {
      const result = await this.attempt(kind, ownerId, limit);
      if (result.slot !== null) return this.taken(kind, ownerId, result.slot);
      if (!result.raced) return null;
    }
    return null;
  }

  /** Waits in arrival order within this process; more waiters than the engine's queue length are refused as busy. */
  take(organizationId: string, limit: number): Promise<SparqlSlot> {
    if (this.stopped) return Promise.reject(new SparqlError('engine_closed', 'the API is stopping'));
    if (this.waiting >= SPARQL_LIMITS.maxQueueLength) return Promise.reject(new SparqlError('busy', 'too many queries waiting; try again later'));
    return new Promise<SparqlSlot>((resolve, reject) => {
      const queue = this.queues.get(organizationId);
      if (queue) {
        queue.push({ resolve, reject });
        return;
      }
      this.queues.set(organizationId, [{ resolve, reject }]);
      void this.serve(organizationId, limit);
    });
  }

  private async serve(organizationId: string, limit: number): Promise<void> {
    const queue = this.queues.get(organizationId)!;
    let first = true;
    while (queue.length > 0 && !this.stopped) {
      // Listening before the try: a release after it is never missed.
      if (!first) await this.listen();
      first = false;
      if (queue.length === 0) break;
      this.missed.delete(organizationId);
      let result: Attempt;
      try {
        result = await this.attempt('organization', organizationId, limit);
      } catch (error) {
        for (const waiting of queue.splice(0)) waiting.reject(error as Error);
        break;
      }
      if (result.slot !== null) {
        const slot = this.taken('organization', organizationId, result.slot);
        const waiting = queue.shift();
        if (waiting) waiting.resolve(slot);
        else void slot.release();
        continue;
      }
      if (result.raced) continue;
      const cap = this.listener ? LISTENING_WAIT_MS : POLLING_WAIT_MS;
      await this.sleep(organizationId, Math.max(20, Math.min(cap, result.untilExpiryMs ?? cap)));
    }
    this.queues.delete(organizationId);
  }

  private sleep(organizationId: string, ms: number): Promise<void> {
    if (this.missed.delete(organizationId)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wakers.get(organizationId) === done) this.wakers.delete(organizationId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.set(organizationId, done);
    });
  }

  private async attempt(kind: SlotKind, ownerId: string, limit: number): Promise<Attempt> {
    const row = await this.slots.take(kind, ownerId, this.processId, limit, this.leaseSeconds);
    return { slot: row.slot, raced: row.slot === null && row.free > 0, untilExpiryMs: row.until_expiry_ms };
  }

  private wake(organizationId: string): void {
    const wake = this.wakers.get(organizationId);
    if (wake) wake();
    else if (this.queues.has(organizationId)) this.missed.add(organizationId);
  }

  /** Handed to this process's next waiter without statements for at most LOCAL_TURN_MS, then freed so other processes get a turn. */
  private handOver(ownerId: string, slot: number, handedSince: number | null): boolean {
    const queue = this.queues.get(ownerId);
    if (this.stopped || !queue?.length || (handedSince !== null && Date.now() - handedSince > LOCAL_TURN_MS)) return false;
    queue.shift()!.resolve(this.taken('organization', ownerId, slot, handedSince ?? Date.now()));
    if (queue.length === 0) this.wake(ownerId);
    return true;
  }

  private taken(kind: SlotKind, ownerId: string, slot: number, handedSince: number | null = null): SparqlSlot {
    const key = `${kind}:${ownerId}:${slot}`;
    this.held.set(key, { kind, ownerId, slot });
    let released: Promise<void> | undefined;
    return {
      release: () => {
        if (released) return released;
        if (kind === 'organization' && this.handOver(ownerId, slot, handedSince)) return (released = Promise.resolve());
        this.held.delete(key);
        // Only our own row: after a lease that ran out (a frozen process) the slot may be another's now.
        // Awaited by the asker: its next query must find the slot free (a limit of one would refuse it).
        released = this.slots
          .release(kind, ownerId, slot, this.processId)
          .then(
            () => undefined,
            (error: Error) => this.logger.warn(`A SPARQL slot was not freed (its lease ends it): ${error.message}`),
          )
          .finally(() => this.wake(ownerId));
        return released;
      },
    };
  }

  private async renew(): Promise<void> {
    if (this.held.size === 0 || this.stopped) return;
    const held = [...this.held.values()];
    await this.slots
      .renew(this.processId, this.leaseSeconds, held)
      .catch((error: Error) => this.logger.warn(`SPARQL slots not renewed: ${error.message}`));
  }

  /** One LISTEN connection, opened when a query first waits (most processes never need it). */
  private listen(): Promise<void> {
    if (this.listener || this.stopped || Date.now() - this.listenFailedAt < RELISTEN_MS) return Promise.resolve();
    this.listening ??= (async () => {
      const { url } = this.dataSource.options as { url?: string };
      const client = new Client({ connectionString: url, application_name: 'datahub-sparql-slots-listen' });
      const lost = () => {
        if (this.listener === client) this.listener = null;
        client.end().catch(() => undefined);
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (message) => this.wake(message.payload ?? ''));
      try {
        await client.connect();
        await this.slots.listen(client);
        this.listener = client;
      } catch (error) {
        this.logger.warn(`SPARQL slot notifications unavailable (polling): ${(error as Error).message}`);
        lost();
        // Not tried again at every try: the waiters poll meanwhile.
        this.listenFailedAt = Date.now();
      } finally {
        this.listening = null;
      }
    })();
    return this.listening;
  }
}
