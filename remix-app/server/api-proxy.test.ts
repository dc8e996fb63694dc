import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal } from './portal-process.test-support';

/** The /api proxy keeps its connections to nest-api open between calls (a connection per call cost a wait each). */
describe('the portal’s /api proxy', () => {
  const seen: { socket: string; connection: string | undefined; forwardedFor: string | undefined }[] = [];
  let upstream: Server;
  let portal: Awaited<ReturnType<typeof startPortal>>;

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      seen.push({ socket: `${request.socket.remoteAddress}:${request.socket.remotePort}`, connection: request.headers.connection, forwardedFor: request.headers['x-forwarded-for'] as string | undefined });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    portal = await startPortal((upstream.address() as AddressInfo).port);
  }, 30_000);

  afterAll(async () => {
    portal.child.kill('SIGTERM');
    await portal.exited;
    upstream.closeAllConnections();
    await new Promise((r) => upstream.close(r));
  });

  it('sends one call after another over the same connection, each with its own forwarding headers', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`http://127.0.0.1:${portal.port}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((call) => call.socket)).size).toBe(1);
    expect(seen.map((call) => call.connection)).not.toContain('close');
    expect(seen.map((call) => call.forwardedFor)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });
});
