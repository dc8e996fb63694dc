import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startPortal } from './portal-process.test-support';

/**
 * The production server stops gracefully: a request in flight when SIGTERM arrives still gets its
 * whole answer, and the process then exits 0 — with one process and with cluster workers.
 * The request goes through the portal's /api proxy to a slow upstream standing in for nest-api.
 */
const upstreams: Server[] = [];

afterEach(async () => {
  for (const upstream of upstreams.splice(0)) await new Promise((r) => upstream.close(r));
});

async function slowUpstream(): Promise<{ port: number; arrived: Promise<IncomingMessage> }> {
  let arrivedResolve: (request: IncomingMessage) => void = () => {};
  const arrived = new Promise<IncomingMessage>((r) => (arrivedResolve = r));
  const upstream = createServer((request, response) => {
    arrivedResolve(request);
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end('traag antwoord compleet'), 1500);
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreams.push(upstream);
  return { port: (upstream.address() as AddressInfo).port, arrived };
}

describe('graceful shutdown of the portal', () => {
  it.each([['1'], ['2']])('with PORTAL_WORKERS=%s a request in flight at SIGTERM is answered in full', async (workers) => {
    const upstream = await slowUpstream();
    const portal = await startPortal(upstream.port, workers);
    try {
      const answer = fetch(`http://127.0.0.1:${portal.port}/api/health`);
      await upstream.arrived;
      portal.child.kill('SIGTERM');
      const response = await answer;
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('traag antwoord compleet');
      expect(await portal.exited).toBe(0);
    } finally {
      if (portal.child.exitCode === null) portal.child.kill('SIGKILL');
    }
  }, 30_000);
});
