import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { AgentConnection } from './agent-connection';

/**
 * The hub's side of a data source's connection over a real WebSocket on loopback: answers are
 * streamed with back-pressure (pause when the reader falls behind, resume when it reads on), a
 * reader that stops cancels the answer, and pieces of requests never sent are dropped.
 */
const PIECE = 64 * 1024;
let server: WebSocketServer | undefined;
let client: WebSocket | undefined;

afterEach(() => {
  client?.terminate();
  server?.close();
});

/** A hub connection and the data source's end of it; `frames` collects what the hub sent. */
async function pair(): Promise<{ connection: AgentConnection; source: WebSocket; frames: { t: string; id: number; path?: string }[] }> {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
  const accepted = new Promise<WebSocket>((resolve) => server!.once('connection', resolve));
  client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const frames: { t: string; id: number; path?: string }[] = [];
  client.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise((resolve) => client!.once('open', resolve));
  return { connection: new AgentConnection('ds', await accepted, 'digest'), source: client, frames };
}

const piece = (id: number, fill: number) => {
  const frame = Buffer.alloc(4 + PIECE, fill);
  frame.writeUInt32BE(id, 0);
  return frame;
};

const until = async (probe: () => boolean, what: string) => {
  for (let attempt = 0; attempt < 200 && !probe(); attempt += 1) await new Promise((r) => setTimeout(r, 20));
  expect(probe(), what).toBe(true);
};

describe('AgentConnection', () => {
  it('asks the data source to pause while the reader is behind, and to resume when it reads on', async () => {
    const { connection, source, frames } = await pair();
    const answering = connection.request('/datasets/x/dump', { accept: 'text/turtle' }, 10_000);
    await until(() => frames.some((f) => f.t === 'req'), 'the request');
    const { id, path } = frames.find((f) => f.t === 'req')!;
    expect(path).toBe('/datasets/x/dump');
    source.send(JSON.stringify({ t: 'head', id, status: 200, headers: { 'content-type': 'text/turtle', 'x-datahub-truncated': 'true' } }));
    const answer = await answering;
    expect(answer).toMatchObject({ status: 200, contentType: 'text/turtle', truncated: true });
    // 16 pieces of 64 KB = 1 MB, twice the stream's buffer, and nobody reading yet.
    for (let n = 0; n < 16; n += 1) source.send(piece(id, n));
    await until(() => frames.some((f) => f.t === 'pause' && f.id === id), 'a pause');
    expect(frames.some((f) => f.t === 'resume')).toBe(false);
    const received: Buffer[] = [];
    answer.body.on('data', (chunk: Buffer) => received.push(chunk));
    await until(() => frames.some((f) => f.t === 'resume' && f.id === id), 'a resume');
    source.send(JSON.stringify({ t: 'end', id }));
    await new Promise((resolve) => answer.body.once('end', resolve));
    const whole = Buffer.concat(received);
    expect(whole.length).toBe(16 * PIECE);
    expect(whole[15 * PIECE]).toBe(15);
  });

  it('cancels an answer whose reader stopped, and drops pieces of requests it never sent', async () => {
    const { connection, source, frames } = await pair();
    const answering = connection.request('/datasets/x?sparql_query=q', {}, 10_000);
    await until(() => frames.some((f) => f.t === 'req'), 'the request');
    const { id } = frames.find((f) => f.t === 'req')!;
    source.send(piece(id + 100, 1)); // not asked: ignored
    source.send(JSON.stringify({ t: 'head', id, status: 200, headers: {} }));
    const answer = await answering;
    source.send(piece(id, 7));
    const first: Buffer = await new Promise((resolve) => answer.body.once('data', resolve));
    expect(first.length).toBe(PIECE);
    expect(first[0]).toBe(7);
    answer.body.destroy();
    await until(() => frames.some((f) => f.t === 'cancel' && f.id === id), 'a cancel');
  });

  it('fails what is under way when the data source goes, and refuses new requests', async () => {
    const { connection, source, frames } = await pair();
    const answering = connection.request('/', {}, 10_000);
    await until(() => frames.length > 0, 'the request');
    source.terminate();
    await expect(answering).rejects.toThrow(/disconnected/);
    await expect(connection.request('/', {}, 1000)).rejects.toThrow(/not connected/);
  });
});
