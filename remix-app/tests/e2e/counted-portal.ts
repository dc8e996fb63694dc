import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './agent';
import { API_PORT, CSRF_SECRET } from './settings';

const REMIX_APP = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A second portal process (no page cache) that talks to nest-api through a counting proxy, which
 * files every call under the portal request's X-Request-Id (the portal forwards it and returns it).
 */
export class CountedPortal {
  private constructor(
    readonly url: string,
    private readonly calls: Map<string, string[]>,
    /** Every call in the order it came. */
    readonly log: string[],
    private readonly portal: ChildProcess,
    private readonly proxy: http.Server,
  ) {}

  static async start(): Promise<CountedPortal> {
    const calls = new Map<string, string[]>();
    const log: string[] = [];
    const proxyPort = await freePort();
    const proxy = http.createServer((req, res) => {
      const id = req.headers['x-request-id'];
      const call = `${req.method} ${req.url?.split('?')[0]}`;
      log.push(call);
      if (typeof id === 'string') calls.set(id, [...(calls.get(id) ?? []), call]);
      const upstream = http.request({ host: '127.0.0.1', port: API_PORT, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((done) => proxy.listen(proxyPort, '127.0.0.1', done));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const portal = spawn(process.execPath, ['server.js'], {
      cwd: REMIX_APP,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: `http://127.0.0.1:${proxyPort}`, CSRF_SECRET, PAGE_CACHE_MB: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const counted = new CountedPortal(url, calls, log, portal, proxy);
    let output = '';
    portal.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-5_000)));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (portal.exitCode !== null) throw new Error(`the counted portal exited:\n${output}`);
      if (await fetch(`${url}/inloggen`).then((response) => response.ok, () => false)) return counted;
      await new Promise((wait) => setTimeout(wait, 300));
    }
    await counted.stop();
    throw new Error(`the counted portal did not start:\n${output}`);
  }

  /** The status and body of one GET of `path` and the calls to nest-api made while the portal answered it, sorted. */
  async get(path: string, token: string): Promise<{ status: number; calls: string[]; body: string }> {
    const response = await fetch(`${this.url}${path}`, { headers: { Cookie: `access_token=${token}` }, redirect: 'manual' });
    const body = await response.text();
    const id = response.headers.get('x-request-id');
    if (!id) throw new Error(`${path}: no X-Request-Id in the answer`);
    return { status: response.status, calls: [...(this.calls.get(id) ?? [])].sort(), body };
  }

  async stop(): Promise<void> {
    if (this.portal.exitCode === null && this.portal.signalCode === null) {
      const exited = new Promise((done) => this.portal.once('exit', done));
      this.portal.kill('SIGTERM');
      await exited;
    }
    await new Promise((done) => this.proxy.close(done));
  }
}
