import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/database/embedded-postgres';
import { stopProcess } from './harness';
import { until, waitForHealth } from './waiting';

/** Debian's haproxy unless HAPROXY_PATH names another (CI installs it like Chromium). */
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export interface Balancer {
  url: string;
  /** The portals' frontend, when portals were given. */
  portalUrl: string;
  /** haproxy's view of a server ('UP', 'DOWN', …), read from its admin socket. */
  state: (server: string) => Promise<string>;
  /** Waits until haproxy's health check sees `server` in `state`. */
  waitFor: (server: string, state: 'UP' | 'DOWN') => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A real haproxy, round robin and without sticky sessions, in front of `servers` (name → base URL).
 * Health checks every 200 ms on /api/health: a killed process is taken out within a second, a
 * stopped one within about five (a check waits 2 s); a refused connection is sent to another server. Each answer says in X-Served-By who gave it.
 * `portals` (name → base URL), when given, get a second frontend in the same haproxy, checked on a static file.
 */
export async function startBalancer(servers: Record<string, string>, portals: Record<string, string> = {}, apiPort?: number): Promise<Balancer> {
  // A port chosen beforehand lets the portals behind this balancer reach the APIs through it.
  const port = apiPort ?? (await freePort());
  const portalPort = await freePort();
  const hasPortals = Object.keys(portals).length > 0;
  const dir = mkdtempSync(join(tmpdir(), 'datahub-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      `    stats socket ${socket} level admin`,
      'defaults',
      '    mode http',
      '    timeout connect 2s',
      '    timeout client 30s',
      '    timeout server 30s',
      // Generous: on a loaded machine a healthy process may take a while to answer; a stopped one never does.
      '    timeout check 2s',
      '    retries 3',
      '    option redispatch',
      'frontend api',
      `    bind 127.0.0.1:${port}`,
      '    option forwardfor',
      '    default_backend apis',
      'backend apis',
      '    balance roundrobin',
      '    option httpchk GET /api/health',
      '    default-server inter 200ms fall 2 rise 2',
      '    http-response set-header X-Served-By %s',
      ...Object.entries(servers).map(([name, url]) => `    server ${name} ${new URL(url).host} check`),
      ...(hasPortals
        ? [
            'frontend portal',
            `    bind 127.0.0.1:${portalPort}`,
            '    option forwardfor',
            '    default_backend portals',
            'backend portals',
            '    balance roundrobin',
            // A static file: the portal's pages need the APIs, which have their own checks.
            '    option httpchk GET /favicon.svg',
            '    default-server inter 200ms fall 2 rise 2',
            '    http-response set-header X-Served-By %s',
            ...Object.entries(portals).map(([name, url]) => `    server ${name} ${new URL(url).host} check`),
          ]
        : []),
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/health`);

  const state = (server: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = connect(socket);
      let text = '';
      connection.on('data', (chunk) => (text += chunk.toString()));
      connection.on('error', reject);
      connection.on('end', () => {
        const [header, ...rows] = text.trim().split('\n');
        const columns = header.replace(/^# /, '').split(',');
        const backend = server in portals ? 'portals' : 'apis';
        const row = rows.map((line) => line.split(',')).find((cells) => cells[0] === backend && cells[1] === server);
        resolve(row ? row[columns.indexOf('status')] : 'UNKNOWN');
      });
      connection.end('show stat\n');
    });
  const balancer: Balancer = {
    url,
    portalUrl: `http://127.0.0.1:${portalPort}`,
    state,
    waitFor: async (server, wanted) => {
      await until(async () => ((await state(server)).startsWith(wanted) ? true : undefined), `haproxy to see ${server} ${wanted}`);
    },
    close: async () => {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await Promise.all([...Object.keys(servers), ...Object.keys(portals)].map((name) => balancer.waitFor(name, 'UP')));
  return balancer;
}
