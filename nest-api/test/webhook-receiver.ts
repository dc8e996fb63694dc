import { createServer } from 'node:http';
import { freePort } from '../src/database/embedded-postgres';

export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  event: { id: string; kind: string; object_id: string; occurred_at: string; data: Record<string, unknown> };
}

/** A real HTTP webhook receiver on loopback (allow it with WEBHOOK_PRIVATE_HOSTS_ALLOWED=127.0.0.1:{port}): answers 200, or `failWith.status` on `failWith.path` while it is set. */
export async function startWebhookReceiver(): Promise<{
  port: number;
  url: (path: string) => string;
  received: ReceivedDelivery[];
  failWith: { status: number | null; path: string };
  close: () => Promise<void>;
}> {
  const port = await freePort();
  const received: ReceivedDelivery[] = [];
  const failWith = { status: null as number | null, path: '' };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failWith.status !== null && request.url === failWith.path) return response.writeHead(failWith.status).end('nee');
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: request.url ?? '', headers: request.headers, body, event: JSON.parse(body) });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    failWith,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
