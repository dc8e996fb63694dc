/**
 * Outbound mode (issue 35) against a stand-in hub: a real WebSocket server on loopback. The agent
 * opens no port, authenticates with its data-source token, answers Hub Protocol requests over the
 * connection (through its own HTTP handler: tokens and scopes as over HTTP), refuses anything else,
 * and connects again when the hub drops it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { WebSocketServer, type WebSocket } from 'ws';
import { startAgent, type RunningAgent } from '../agent';
import type { Logger } from '../log';
import { TEST_DATASOURCE_ID, TEST_SECRET, readFixtureTurtle } from '../testing/fixtures';
import { canonicalResults, referenceAnswer } from '../testing/reference';
import { signHubToken } from '../tokens';

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: Buffer[];
  ended: boolean;
  error?: string;
}

const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const fixture = readFixtureTurtle();
const QUERY = 'SELECT ?s ?p ?o WHERE { ?s ?p ?o }';

describe('hub connection (outbound mode)', () => {
  let dir: string;
  let hub: WebSocketServer;
  let agent: RunningAgent;
  const connections: { socket: WebSocket; authorization: string | undefined; answers: Map<number, Answer> }[] = [];
  let nextId = 1;

  const latest = () => connections[connections.length - 1];
  const waitFor = async <T>(probe: () => T | undefined, what: string): Promise<T> => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const value = probe();
      if (value !== undefined) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  /** Sends one request over the latest connection and waits for its whole answer. */
  const ask = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const connection = await waitFor(() => (latest()?.socket.readyState === 1 ? latest() : undefined), 'a connection');
    const id = nextId++;
    connection.answers.set(id, { body: [], ended: false });
    connection.socket.send(JSON.stringify({ t: 'req', id, method: 'GET', path, headers }));
    return waitFor(() => {
      const answer = connection.answers.get(id)!;
      return answer.ended || answer.error ? answer : undefined;
    }, `the answer to ${path}`);
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agent-dial-'));
    writeFileSync(path.join(dir, 'kas.ttl'), fixture);
    writeFileSync(path.join(dir, 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    dataset_id: kas-2026\n    name: Kas\n');
    hub = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => hub.once('listening', () => resolve()));
    hub.on('connection', (socket, request) => {
      const entry = { socket, authorization: request.headers.authorization, answers: new Map<number, Answer>() };
      connections.push(entry);
      socket.on('message', (data, isBinary) => {
        const bytes = data as Buffer;
        if (isBinary) return void entry.answers.get(bytes.readUInt32BE(0))?.body.push(bytes.subarray(4));
        const frame = JSON.parse(bytes.toString()) as { t: string; id: number; status?: number; headers?: Record<string, string>; message?: string };
        const answer = entry.answers.get(frame.id);
        if (!answer) return;
        if (frame.t === 'head') Object.assign(answer, { status: frame.status, headers: frame.headers });
        if (frame.t === 'end') answer.ended = true;
        if (frame.t === 'error') answer.error = frame.message;
      });
    });
    const { port } = hub.address() as { port: number };
    agent = await startAgent({
      credentials: { datasourceId: TEST_DATASOURCE_ID, secret: TEST_SECRET },
      dataDir: dir,
      hubUrl: `http://127.0.0.1:${port}`,
      hubConnect: true,
      port: 0,
      hubRetryMs: 100,
      log: quiet,
    });
  }, 60_000);

  afterAll(async () => {
    await agent?.stop();
    hub?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens no port and dials the hub with its data-source token', async () => {
    expect(agent.port).toBe(0);
    expect(agent.url).toBe('');
    const { authorization } = await waitFor(() => latest(), 'a connection');
    const claims = jwt.verify(authorization!.replace(/^Bearer /, ''), TEST_SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ iss: `datahub-datasource:${TEST_DATASOURCE_ID}`, aud: 'datahub-portal-api', sub: TEST_DATASOURCE_ID });
  });

  it('answers the Hub Protocol over the connection, with the same token and scope checks', async () => {
    const health = await ask('/');
    expect(health.status).toBe(200);
    expect(JSON.parse(Buffer.concat(health.body).toString())).toMatchObject({ status: 'ok', datasource_id: TEST_DATASOURCE_ID });

    const water = signHubToken(TEST_SECRET, { datasetId: 'kas-2026', sub: 'teler-west', scopes: ['Dataset.ReadWater'] });
    const answer = await ask(`/datasets/kas-2026?sparql_query=${encodeURIComponent(QUERY)}`, { authorization: `Bearer ${water}`, accept: 'application/sparql-results+json' });
    expect(answer.status).toBe(200);
    expect(answer.headers?.['content-type']).toMatch(/^application\/sparql-results\+json/);
    expect(canonicalResults(Buffer.concat(answer.body).toString())).toEqual(referenceAnswer(fixture, ['Dataset.ReadWater'], QUERY, false));

    const forged = signHubToken('another-secret-that-is-long-enough', { datasetId: 'kas-2026', sub: 'x', scopes: ['Dataset.ReadAll'] });
    expect((await ask('/datasets/kas-2026/dump', { authorization: `Bearer ${forged}` })).status).toBe(401);
  });

  it('answers nothing outside the Hub Protocol', async () => {
    for (const path of ['/licences', '/../etc/passwd', '/datasets/kas-2026/other', 'http://elsewhere.test/']) {
      expect((await ask(path)).error, path).toBe('not a Hub Protocol path');
    }
  });

  it('connects again when the hub drops the connection', async () => {
    const before = connections.length;
    latest().socket.terminate();
    await waitFor(() => (connections.length > before && latest().socket.readyState === 1 ? true : undefined), 'a new connection');
    expect((await ask('/')).status).toBe(200);
  });
});
