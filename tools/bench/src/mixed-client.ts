// One simulated browser without JavaScript for bench:mixed: its own keep-alive connection and cookie jar.
import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  body: string;
  ms: number;
  location?: string;
  serverTiming?: string;
}

export class BrowserSession {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get(path: string, keepBody = false): Promise<Answer> {
    return this.send('GET', path, undefined, keepBody);
  }

  post(path: string, fields: Record<string, string>, keepBody = false): Promise<Answer> {
    return this.send('POST', path, new URLSearchParams(fields).toString(), keepBody);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(method: string, path: string, body: string | undefined, keepBody: boolean): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'text/html,application/json;q=0.9,*/*;q=0.8' };
    // Compressed pages are timed as sent; only bodies the bench reads are asked for plain.
    if (!keepBody) headers['accept-encoding'] = 'gzip, br';
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(body));
      headers.origin = this.origin;
    }
    const started = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = request(`${this.origin}${path}`, { method, headers, agent: this.agent }, (response) => {
        for (const line of response.headers['set-cookie'] ?? []) this.remember(line);
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (keepBody) chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const location = response.headers.location;
          const serverTiming = response.headers['server-timing'];
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
            ...(location ? { location } : {}),
            ...(serverTiming ? { serverTiming: String(serverTiming) } : {}),
          });
        });
      });
      outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('no answer within 30 s')));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  private remember(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at < 0) return;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export function csrfField(html: string): string | undefined {
  return /name="csrf"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+)"[^>]*name="csrf"/.exec(html)?.[1];
}
