import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WebSocketServer, type WebSocket } from 'ws';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';
import { DatasourcesService } from '../../datasources/datasources.service';
import { DatasourceAuthService } from '../datasource-auth.service';
import { AgentConnection } from './agent-connection';
import { DatasourceConnectionsRepository } from './datasource-connections.repository';

/** Where a data source dials in (through nest-api's own address; the portal's /api proxy passes no upgrades). */
export const CONNECT_PATH = '/api/datasource-protocol/connect';
/** A holder's lease in PostgreSQL; renewed every third of it, so one missed renewal loses nothing. */
const LEASE_SECONDS = 30;
/** A connection that answers no ping within this time is dropped (the data source reconnects). */
const PING_MS = 15_000;
/** Frames from a data source: pieces of ≤ 64 KB and small heads. */
const MAX_FRAME_BYTES = 1024 * 1024;
/** A relay request's age at most (its signature covers the time). */
const RELAY_MAX_AGE_MS = 60_000;
const RELAY_MAX_BODY = 512 * 1024;

const keyDigest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export interface RelayRequest {
  datasource_id: string;
  path: string;
  headers: Record<string, string>;
  timeout_ms: number;
}

/** ADR 0046: accepts data sources' WebSockets with the Hub Protocol token check, holds a lease in PostgreSQL, and serves the relay other processes forward to. */
@Injectable()
export class HubConnections implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('HubConnections');
  /** This process, as holder of leases (a new one each start: a crashed process's leases are never taken for its successor's). */
  readonly holderId = randomUUID();
  private readonly local = new Map<string, AgentConnection>();
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  private readonly relaySecret: Buffer;
  private relay?: Server;
  private relayUrlValue = '';
  private renewTimer?: NodeJS.Timeout;
  private pingTimer?: NodeJS.Timeout;
  private readonly alive = new WeakSet<WebSocket>();
  private readonly listeners: ((datasourceId: string) => void)[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly connections: DatasourceConnectionsRepository,
    private readonly datasources: DatasourcesService,
    private readonly auth: DatasourceAuthService,
  ) {
    // Every process can decrypt the data sources' secrets with the same key, so it signs relays too.
    this.relaySecret = createHash('sha256').update(`datahub-hub-relay:${config.encryptionKey}`, 'utf8').digest();
  }

  get relayUrl(): string {
    return this.relayUrlValue;
  }

  connectionOf(datasourceId: string): AgentConnection | undefined {
    const connection = this.local.get(datasourceId);
    return connection?.open ? connection : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    server?.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(request, socket, head).catch((error: Error) => {
        this.logger.warn(`connection refused: ${error.message}`);
        refuse(socket, 500);
      });
    });
    this.relay = createServer((request, response) => this.serveRelay(request, response));
    await new Promise<void>((resolve, reject) => {
      this.relay!.once('error', reject);
      this.relay!.listen(this.config.hubRelay.port, this.config.hubRelay.host, () => resolve());
    });
    const address = this.relay.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.relayUrlValue = this.config.hubRelay.url ?? `http://${host}:${address.port}`;
    this.renewTimer = setInterval(() => void this.renew().catch((error: Error) => this.logger.warn(`lease renewal failed: ${error.message}`)), (LEASE_SECONDS * 1000) / 3);
    this.renewTimer.unref();
    this.pingTimer = setInterval(() => this.ping(), PING_MS);
    this.pingTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.renewTimer);
    clearInterval(this.pingTimer);
    const held = [...this.local.entries()];
    this.local.clear();
    for (const [, connection] of held) connection.close(1001, 'hub stopping');
    await Promise.all(held.map(([id]) => this.connections.release(id, this.holderId).catch(() => undefined)));
    this.sockets.close();
    // Kept-alive relay connections from other processes would hold the close for seconds: cut now (their answers failed with the connections above).
    const closed = new Promise<void>((resolve) => (this.relay ? this.relay.close(() => resolve()) : resolve()));
    this.relay?.closeAllConnections();
    await closed;
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const path = (request.url ?? '').split('?')[0];
    if (path !== CONNECT_PATH) return refuse(socket, 404);
    const caller = await this.auth.authenticate(request.headers.authorization);
    if (!caller) return refuse(socket, 401);
    const secret = await this.datasources.secretOf(caller.id);
    if (!secret) return refuse(socket, 401);
    this.sockets.handleUpgrade(request, socket, head, (ws) => {
      void this.adopt(caller.id, ws, keyDigest(secret)).catch((error: Error) => {
        this.logger.warn(`${caller.id}: connection not recorded: ${error.message}`);
        ws.close(1011, 'not recorded');
      });
    });
  }

  private async adopt(datasourceId: string, ws: WebSocket, digest: string): Promise<void> {
    const connection = new AgentConnection(datasourceId, ws, digest);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    // The newest connection of a data source wins (a restarted data source, or a half-open old one).
    const previous = this.local.get(datasourceId);
    this.local.set(datasourceId, connection);
    previous?.close(4000, 'replaced by a newer connection');
    ws.on('close', () => {
      if (this.local.get(datasourceId) !== connection) return;
      this.local.delete(datasourceId);
      void this.connections.release(datasourceId, this.holderId).catch(() => undefined);
      this.logger.log(`${datasourceId}: disconnected`);
      this.rediscover(datasourceId);
    });
    await this.connections.claim(datasourceId, this.holderId, this.relayUrlValue, LEASE_SECONDS);
    this.logger.log(`${datasourceId}: connected`);
    await this.datasources.recordContact(datasourceId, true);
    this.rediscover(datasourceId);
  }

  onChange(listener: (datasourceId: string) => void): void {
    this.listeners.push(listener);
  }

  /** Connected or gone: its datasets' status and metadata follow now, not at the next round. */
  private rediscover(datasourceId: string): void {
    for (const listener of this.listeners) listener(datasourceId);
  }

  /** Leases kept; a connection whose lease another process took, or whose key changed, ends. */
  private async renew(): Promise<void> {
    const ids = [...this.local.keys()];
    const kept = new Set(await this.connections.renew(ids, this.holderId, LEASE_SECONDS));
    for (const id of ids) {
      const connection = this.local.get(id);
      if (!connection) continue;
      if (!kept.has(id)) {
        this.local.delete(id);
        connection.close(4001, 'connected elsewhere');
        continue;
      }
      // A new key stops the old one at once, in both directions (hub-protocol.md): so does its connection.
      const secret = await this.datasources.secretOf(id);
      if (!secret || keyDigest(secret) !== connection.keyDigest) {
        this.local.delete(id);
        await this.connections.release(id, this.holderId);
        connection.close(4003, 'key no longer valid');
      }
    }
  }

  private ping(): void {
    for (const ws of this.sockets.clients) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }

  sign(time: string, body: string): string {
    return createHmac('sha256', this.relaySecret).update(`${time}\n${body}`).digest('base64url');
  }

  private verify(time: string | undefined, signature: string | undefined, body: string): boolean {
    if (!time || !signature || !/^\d{1,16}$/.test(time) || Math.abs(Date.now() - Number(time)) > RELAY_MAX_AGE_MS) return false;
    const expected = Buffer.from(this.sign(time, body));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private serveRelay(request: IncomingMessage, response: import('node:http').ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > RELAY_MAX_BODY) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (request.method !== 'POST' || request.url !== '/relay') return void response.writeHead(404).end();
      if (!this.verify(header(request, 'x-relay-time'), header(request, 'x-relay-signature'), body)) return void response.writeHead(401).end();
      let relayed: RelayRequest;
      try {
        relayed = JSON.parse(body) as RelayRequest;
      } catch {
        return void response.writeHead(400).end();
      }
      const connection = this.connectionOf(relayed.datasource_id);
      if (!connection) return void response.writeHead(409, { 'x-relay-not-held': 'true' }).end();
      connection.request(relayed.path, relayed.headers, Math.min(relayed.timeout_ms, 3600_000)).then(
        (answer) => {
          response.writeHead(answer.status, {
            'content-type': answer.contentType,
            ...(answer.truncated ? { 'x-datahub-truncated': 'true' } : {}),
          });
          response.on('close', () => answer.body.destroy());
          answer.body.on('error', () => response.destroy());
          answer.body.pipe(response);
        },
        (error: Error) => void response.writeHead(502, { 'x-relay-error': error.message.replace(/[^\x20-\x7e]/g, '').slice(0, 200) }).end(),
      );
    });
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function refuse(socket: Duplex, status: 401 | 404 | 500): void {
  const text = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Internal Server Error';
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
}
