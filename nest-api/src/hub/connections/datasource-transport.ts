import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Injectable } from '@nestjs/common';
import { fetch } from 'undici';
import { OutboundError, type OutboundClient } from '../outbound';
import type { ConnectionAnswer } from './agent-connection';
import { DatasourceConnectionsRepository } from './datasource-connections.repository';
import { HubConnections, type RelayRequest } from './hub-connections.service';

/** `.invalid` never resolves (RFC 6761), so an address built on it can never leave over plain HTTP. */
export const CONNECTION_HOST = 'hub-connection.invalid';
export const CONNECTION_BASE = `http://${CONNECTION_HOST}`;

type Answer = { status: number; body: Buffer; contentType: string; truncated: boolean };
type StreamedAnswer = { status: number; body: Readable; contentType: string; truncated: boolean };

/** Over the data source's own connection (here or relayed) when it dialled in, else over HTTP; same URL, headers, token, cap and timeout. */
@Injectable()
export class DatasourceTransport {
  constructor(
    private readonly hub: HubConnections,
    private readonly connections: DatasourceConnectionsRepository,
  ) {}

  async connected(datasourceId: string): Promise<boolean> {
    return this.hub.connectionOf(datasourceId) !== undefined || (await this.connections.holder(datasourceId)) !== null;
  }

  async get(datasourceId: string, url: string, headers: Record<string, string>, client: OutboundClient): Promise<Answer> {
    const answer = await this.open(datasourceId, url, headers, client.options.totalTimeoutMs ?? 10_000);
    if (!answer) return client.get(url, headers);
    return { ...answer, body: await readCapped(answer.body, client.options.maxBytes ?? 1_048_576) };
  }

  async stream(datasourceId: string, url: string, headers: Record<string, string>, client: OutboundClient): Promise<StreamedAnswer> {
    return (await this.open(datasourceId, url, headers, client.options.totalTimeoutMs ?? 10_000)) ?? client.stream(url, headers);
  }

  private async open(datasourceId: string, url: string, headers: Record<string, string>, timeoutMs: number): Promise<ConnectionAnswer | null> {
    const target = new URL(url);
    const path = `${target.pathname}${target.search}`;
    const local = this.hub.connectionOf(datasourceId);
    if (local) return local.request(path, headers, timeoutMs);
    const holder = await this.connections.holder(datasourceId);
    if (holder && holder.holder_id !== this.hub.holderId) return this.relay(holder.relay_url, { datasource_id: datasourceId, path, headers, timeout_ms: timeoutMs });
    if (target.hostname === CONNECTION_HOST) throw new OutboundError('request failed: the data source is not connected');
    return null;
  }

  /** Forwarded to the process that holds the connection, over its internal relay (signed; ADR 0046). */
  private async relay(relayUrl: string, request: RelayRequest): Promise<ConnectionAnswer> {
    const body = JSON.stringify(request);
    const time = String(Date.now());
    let response;
    try {
      response = await fetch(`${relayUrl}/relay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-relay-time': time, 'x-relay-signature': this.hub.sign(time, body) },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(request.timeout_ms + 1000),
      });
    } catch (error) {
      throw new OutboundError(`request failed: relay: ${(error as Error).message}`);
    }
    if (response.headers.get('x-relay-not-held') === 'true') {
      await response.body?.cancel().catch(() => undefined);
      throw new OutboundError('request failed: the data source is not connected');
    }
    const failed = response.headers.get('x-relay-error');
    if (failed !== null || response.status === 401 || response.status === 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new OutboundError(`request failed: ${failed ?? `relay answered ${response.status}`}`);
    }
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      truncated: response.headers.get('x-datahub-truncated') === 'true',
      body: response.body ? Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>) : Readable.from([]),
    };
  }
}

/** The whole body within the cap, as OutboundClient reads one ('refused: response too large' past it). */
async function readCapped(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.destroy();
        throw new OutboundError('refused: response too large');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError(`request failed: ${(error as Error).message}`);
  }
  return Buffer.concat(chunks, size);
}
