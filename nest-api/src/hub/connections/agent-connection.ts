import { Readable } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import { OutboundError } from '../outbound';

/** ADR 0046 frames: JSON text ('req', 'pause'/'resume'/'cancel' to the data source; 'head', 'end', 'error' back) and binary answer pieces prefixed by a uint32 request id. */
export type HubFrame = { t: 'req'; id: number; method: 'GET'; path: string; headers: Record<string, string> } | { t: 'pause' | 'resume' | 'cancel'; id: number };

export interface ConnectionAnswer {
  status: number;
  contentType: string;
  truncated: boolean;
  body: Readable;
}

/** Answers buffered per request before the data source is asked to pause (its pieces are ≤ 64 KB). */
const STREAM_HIGH_WATER = 512 * 1024;
const MAX_IN_FLIGHT = 64;

interface Pending {
  body: Readable;
  answered: boolean;
  paused: boolean;
  resolve(answer: ConnectionAnswer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class AgentConnection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  constructor(
    readonly datasourceId: string,
    private readonly socket: WebSocket,
    /** A digest of the secret that authenticated it: a new key ends the connection. */
    readonly keyDigest: string,
  ) {
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => this.closeAll(new OutboundError('request failed: the data source disconnected')));
    socket.on('error', () => socket.terminate());
  }

  get open(): boolean {
    return !this.closed;
  }

  close(code = 1000, reason = ''): void {
    this.closeAll(new OutboundError('request failed: the connection was closed'));
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.closeAll(new OutboundError('request failed: the connection was closed'));
    this.socket.terminate();
  }

  /** Resolves with the head, the body streamed with back-pressure; `totalTimeoutMs` covers the whole answer, as over HTTP. */
  request(path: string, headers: Record<string, string>, totalTimeoutMs: number): Promise<ConnectionAnswer> {
    if (this.closed) return Promise.reject(new OutboundError('request failed: the data source is not connected'));
    if (this.pending.size >= MAX_IN_FLIGHT) return Promise.reject(new OutboundError('request failed: too many requests under way at the data source'));
    const id = this.nextId;
    this.nextId = this.nextId >= 0xffffffff ? 1 : this.nextId + 1;
    return new Promise<ConnectionAnswer>((resolve, reject) => {
      const body = new Readable({
        highWaterMark: STREAM_HIGH_WATER,
        read: () => {
          const entry = this.pending.get(id);
          if (entry?.paused) {
            entry.paused = false;
            this.send({ t: 'resume', id });
          }
        },
      });
      // A reader that stops early (a cap reached, the asker gone): the data source stops sending.
      body.on('close', () => {
        if (this.pending.has(id)) {
          this.forget(id);
          this.send({ t: 'cancel', id });
        }
      });
      const timer = setTimeout(() => this.fail(id, new OutboundError('request failed: timeout')), totalTimeoutMs);
      timer.unref();
      this.pending.set(id, { body, answered: false, paused: false, resolve, reject, timer });
      this.send({ t: 'req', id, method: 'GET', path, headers });
    });
  }

  private send(frame: HubFrame): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (isBinary) {
      if (bytes.length < 4) return this.protocolError('short binary frame');
      const entry = this.pending.get(bytes.readUInt32BE(0));
      // Pieces of a request not (or no longer) under way are dropped: only what the hub asked is answered.
      if (!entry?.answered) return;
      if (!entry.body.push(bytes.subarray(4)) && !entry.paused) {
        entry.paused = true;
        this.send({ t: 'pause', id: bytes.readUInt32BE(0) });
      }
      return;
    }
    let frame: { t?: unknown; id?: unknown; status?: unknown; headers?: unknown; message?: unknown };
    try {
      frame = JSON.parse(bytes.toString('utf8'));
    } catch {
      return this.protocolError('malformed frame');
    }
    if (typeof frame.id !== 'number') return this.protocolError('frame without id');
    const entry = this.pending.get(frame.id);
    if (!entry) return;
    if (frame.t === 'head' && !entry.answered && typeof frame.status === 'number') {
      entry.answered = true;
      const headers = (frame.headers ?? {}) as Record<string, unknown>;
      entry.resolve({
        status: frame.status,
        contentType: typeof headers['content-type'] === 'string' ? headers['content-type'] : '',
        truncated: headers['x-datahub-truncated'] === 'true',
        body: entry.body,
      });
    } else if (frame.t === 'end' && entry.answered) {
      clearTimeout(entry.timer);
      this.pending.delete(frame.id);
      entry.body.push(null);
    } else if (frame.t === 'error') {
      this.fail(frame.id, new OutboundError(`request failed: ${typeof frame.message === 'string' ? frame.message.slice(0, 200) : 'the data source failed'}`));
    } else {
      this.protocolError(`unexpected frame ${String(frame.t)}`);
    }
  }

  private protocolError(reason: string): void {
    this.closeAll(new OutboundError(`request failed: ${reason}`));
    this.socket.close(1002, reason);
  }

  private forget(id: number): Pending | undefined {
    const entry = this.pending.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.pending.delete(id);
    return entry;
  }

  private fail(id: number, error: Error): void {
    const entry = this.forget(id);
    if (!entry) return;
    this.send({ t: 'cancel', id });
    if (entry.answered) entry.body.destroy(error);
    else entry.reject(error);
  }

  private closeAll(error: Error): void {
    this.closed = true;
    for (const id of [...this.pending.keys()]) {
      const entry = this.forget(id)!;
      if (entry.answered) entry.body.destroy(error);
      else entry.reject(error);
    }
  }
}
