/** Outbound mode: one WebSocket to the hub (data-source token); Hub Protocol requests are answered through the agent's own HTTP server, streamed back with backpressure, reconnecting with jittered backoff. */
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import WebSocket from 'ws';
import type { DatasourceCredentials } from '../credentials';
import type { Logger } from '../log';
import { signDatasourceToken } from '../tokens';
import { duplexPair } from './duplex-pair';

export const CONNECT_PATH = 'api/datasource-protocol/connect';
/** Pieces of an answer's body: small enough to interleave answers, large enough to be cheap. */
const PIECE_BYTES = 64 * 1024;
/** Bytes waiting in the socket before this side stops reading answers until it drains. */
const MAX_BUFFERED = 1024 * 1024;
/** No ping from the hub for this long: the connection is taken for dead and made again. */
const SILENCE_MS = 45_000;
/** Answer headers the hub reads; nothing else travels. */
const PASSED_HEADERS = ['content-type', 'x-datahub-truncated'];
const PROTOCOL_PATH = /^\/(?:$|\?|datasets\/[^/?]+(?:\/(?:metadata|dump))?(?:\?|$))/;

export interface DialerOptions {
  hubUrl: string;
  credentials: Pick<DatasourceCredentials, 'datasourceId' | 'secret'>;
  /** The agent's HTTP server (not listening): each request is handed to it. */
  server: Server;
  log: Logger;
  initialRetryMs?: number;
  maxRetryMs?: number;
}

interface Answering {
  response?: IncomingMessage;
  pausedByHub: boolean;
  cancel(): void;
}

export class HubDialer {
  private socket?: WebSocket;
  private stopped = false;
  private failures = 0;
  private timer?: NodeJS.Timeout;
  private silence?: NodeJS.Timeout;
  private lastError?: string;
  private connectedAt?: Date;
  private readonly answering = new Map<number, Answering>();

  constructor(private readonly options: DialerOptions) {}

  start(): void {
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.silence);
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close(1001, 'data source stopping');
      setTimeout(() => {
        socket.terminate();
        resolve();
      }, 2000).unref();
    });
  }

  status(): { connected: boolean; since?: string; failures: number; last_error?: string } {
    return {
      connected: this.socket?.readyState === WebSocket.OPEN,
      ...(this.connectedAt ? { since: this.connectedAt.toISOString() } : {}),
      failures: this.failures,
      ...(this.lastError ? { last_error: this.lastError } : {}),
    };
  }

  private url(): string {
    const base = new URL(this.options.hubUrl.endsWith('/') ? this.options.hubUrl : `${this.options.hubUrl}/`);
    const url = new URL(CONNECT_PATH, base);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  private connect(): void {
    if (this.stopped) return;
    const { log, credentials } = this.options;
    const token = signDatasourceToken(credentials.datasourceId, credentials.secret);
    const socket = new WebSocket(this.url(), { headers: { authorization: `Bearer ${token}` }, handshakeTimeout: 10_000, maxPayload: 1024 * 1024, followRedirects: false });
    this.socket = socket;
    // The hub's refusal (401: a key it no longer accepts) is what the log should say, not the abort that follows it.
    let refusal: string | undefined;
    socket.on('open', () => {
      this.failures = 0;
      this.lastError = undefined;
      this.connectedAt = new Date();
      this.heard();
      log.info('connected to the hub', { hub: this.options.hubUrl });
    });
    socket.on('ping', () => this.heard());
    socket.on('unexpected-response', (_request, response) => {
      // 404: most likely the portal's address, whose /api proxy passes no WebSocket connections.
      refusal = `the hub answered ${response.statusCode}${response.statusCode === 404 ? ": give --hub the API's own address" : ''}`;
      this.lastError = refusal;
      response.resume();
      socket.terminate();
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      this.onFrame(data.toString());
    });
    socket.on('error', (error) => {
      this.lastError = refusal ?? error.message;
    });
    socket.on('close', (code, reason) => {
      clearTimeout(this.silence);
      for (const answering of this.answering.values()) answering.cancel();
      this.answering.clear();
      if (this.socket === socket) this.socket = undefined;
      if (this.stopped) return;
      if (this.connectedAt && code !== 1006) this.lastError = `closed ${code} ${reason.toString()}`.trim();
      this.connectedAt = undefined;
      this.retry();
    });
  }

  private heard(): void {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => this.socket?.terminate(), SILENCE_MS);
    this.silence.unref();
  }

  private retry(): void {
    this.failures += 1;
    const base = this.options.initialRetryMs ?? 1000;
    const max = this.options.maxRetryMs ?? 60_000;
    const delay = Math.min(max, base * 2 ** Math.min(this.failures - 1, 20));
    const jittered = Math.round(delay * (0.8 + Math.random() * 0.4));
    this.options.log.warn('hub connection lost; reconnecting', { attempt: this.failures, retry_in_ms: jittered, error: this.lastError });
    // Not unref'd: in outbound mode nothing else (no listening server) keeps the data source running.
    this.timer = setTimeout(() => this.connect(), jittered);
  }

  private send(frame: Record<string, unknown>): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private onFrame(text: string): void {
    let frame: { t?: unknown; id?: unknown; path?: unknown; headers?: unknown };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof frame.id !== 'number' || !Number.isInteger(frame.id) || frame.id < 1 || frame.id > 0xffffffff) return;
    const id = frame.id;
    const answering = this.answering.get(id);
    if (frame.t === 'pause' && answering) {
      answering.pausedByHub = true;
      answering.response?.pause();
    } else if (frame.t === 'resume' && answering) {
      answering.pausedByHub = false;
      this.flowing(answering);
    } else if (frame.t === 'cancel' && answering) {
      answering.cancel();
      this.answering.delete(id);
    } else if (frame.t === 'req' && !answering) {
      if (typeof frame.path !== 'string' || !PROTOCOL_PATH.test(frame.path)) return this.send({ t: 'error', id, message: 'not a Hub Protocol path' });
      const headers = (frame.headers ?? {}) as Record<string, unknown>;
      this.answer(id, frame.path, {
        ...(typeof headers.authorization === 'string' ? { authorization: headers.authorization } : {}),
        ...(typeof headers.accept === 'string' ? { accept: headers.accept } : {}),
      });
    }
  }

  private flowing(answering: Answering): void {
    if (answering.pausedByHub || !this.socket) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED) {
      answering.response?.pause();
      setTimeout(() => this.flowing(answering), 20).unref();
      return;
    }
    answering.response?.resume();
  }

  private answer(id: number, path: string, headers: Record<string, string>): void {
    const [serverSide, clientSide] = duplexPair();
    const answering: Answering = {
      pausedByHub: false,
      cancel: () => {
        request.destroy();
        serverSide.destroy();
      },
    };
    this.answering.set(id, answering);
    this.options.server.emit('connection', serverSide);
    const request = httpRequest({ createConnection: () => clientSide as never, method: 'GET', path, headers: { ...headers, host: 'hub-connection', connection: 'close' } }, (response) => {
      answering.response = response;
      const passed: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = response.headers[name];
        if (typeof value === 'string') passed[name] = value;
      }
      this.send({ t: 'head', id, status: response.statusCode ?? 502, headers: passed });
      response.on('data', (chunk: Buffer) => {
        for (let offset = 0; offset < chunk.length; offset += PIECE_BYTES) {
          const piece = chunk.subarray(offset, offset + PIECE_BYTES);
          const frame = Buffer.allocUnsafe(4 + piece.length);
          frame.writeUInt32BE(id, 0);
          piece.copy(frame, 4);
          this.socket?.send(frame);
        }
        if (this.socket && this.socket.bufferedAmount > MAX_BUFFERED) {
          response.pause();
          setTimeout(() => this.flowing(answering), 20).unref();
        }
      });
      response.on('end', () => {
        if (this.answering.get(id) !== answering) return;
        this.answering.delete(id);
        this.send({ t: 'end', id });
      });
      response.on('error', (error) => {
        if (this.answering.get(id) !== answering) return;
        this.answering.delete(id);
        this.send({ t: 'error', id, message: error.message });
      });
    });
    request.on('error', (error) => {
      if (this.answering.get(id) !== answering) return;
      this.answering.delete(id);
      this.send({ t: 'error', id, message: error.message });
    });
    request.end();
  }
}
