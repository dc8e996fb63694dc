import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization?: string;
  claims?: jwt.JwtPayload;
}

export interface FakeHub {
  url: string;
  calls: RecordedCall[];
  datasets: Set<string>;
  failNext(n: number): void;
  assignNextId(id: string): void;
  close(): Promise<void>;
}

export async function startFakeHub(secret: string, datasourceId: string): Promise<FakeHub> {
  const calls: RecordedCall[] = [];
  const datasets = new Set<string>();
  let failures = 0;
  let nextId: string | undefined;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://hub.invalid').pathname;
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      let claims: jwt.JwtPayload | undefined;
      try {
        claims = jwt.verify((request.headers.authorization ?? '').replace(/^Bearer /, ''), secret, {
          algorithms: ['HS256'],
          issuer: `datahub-datasource:${datasourceId}`,
          audience: 'datahub-portal-api',
        }) as jwt.JwtPayload;
      } catch {
        claims = undefined;
      }
      calls.push({ method: request.method ?? '', path, body, authorization: request.headers.authorization, claims });
      const reply = (status: number, value?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(value === undefined ? '' : JSON.stringify(value));
      };
      if (failures > 0) {
        failures -= 1;
        return reply(503, { statusCode: 503, detail: 'unavailable' });
      }
      if (!claims) return reply(401, { statusCode: 401, detail: 'not authenticated' });
      if (request.method === 'POST' && path === '/api/datasource-protocol/host') return reply(200, { hostname: (body as { hostname: string }).hostname });
      if (request.method === 'POST' && path === '/api/datasource-protocol/datasets') {
        const id = nextId ?? (body as { dataset_id?: string }).dataset_id ?? randomUUID();
        nextId = undefined;
        datasets.add(id);
        return reply(201, { dataset_id: id });
      }
      if (request.method === 'GET' && path === '/api/datasource-protocol/datasets') {
        return reply(200, [...datasets].map((id) => ({ dataset_id: id })));
      }
      const deletion = /^\/api\/datasource-protocol\/datasets\/([^/]+)$/.exec(path);
      if (request.method === 'DELETE' && deletion) {
        const id = decodeURIComponent(deletion[1]);
        if (!datasets.delete(id)) return reply(404, { statusCode: 404, detail: 'not found' });
        return reply(204);
      }
      return reply(404, { statusCode: 404, detail: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    datasets,
    failNext: (n) => {
      failures = n;
    },
    assignNextId: (id) => {
      nextId = id;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
