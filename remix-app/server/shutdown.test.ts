import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The production server stops gracefully: a request in flight when SIGTERM arrives still gets its
 * whole answer, and the process then exits 0 — with one process and with cluster workers.
 * The request goes through the portal's /api proxy to a slow upstream standing in for nest-api.
 */
const portalDir = fileURLToPath(new URL('..', import.meta.url));
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

async function startPortal(apiPort: number, workers: string) {
  const child = spawn(process.execPath, ['server.js'], {
    cwd: portalDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${apiPort}`,
      CSRF_SECRET: 'x'.repeat(40),
      PORTAL_WORKERS: workers,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', () => reject(new Error(`the portal exited: ${output}`)));
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port, exited };
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
