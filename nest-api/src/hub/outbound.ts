import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Agent, fetch, type Response } from 'undici';
import { collectGarbage } from '@datahub/sparql';

/** While a large body is read into one buffer: how often the pieces already copied are collected. */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

function isPrivateIPv4(address: string): boolean {
  const [a, b, c] = address.split('.').map(Number);
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (isIP(dotted[1]) !== 4) return null;
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/** Anything not plainly public: private ranges and every IPv6 form carrying an IPv4 inside; outside 2000::/3 never public; unparsable counts as private. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPrivateIPv4(address);
  if (version !== 6) return true;
  const g = ipv6Groups(address);
  if (!g) return true;
  // Only global unicast is public: this takes ::, ::1, IPv4-mapped/-translated/-compatible, NAT64,
  // 100:: (discard), unique-local, link-local, site-local, multicast and whatever is still unassigned.
  if ((g[0] & 0xe000) !== 0x2000) return true;
  if (g[0] === 0x2002) return true; // 6to4
  if (g[0] === 0x2001 && g[1] === 0) return true; // Teredo
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  return false;
}

/** 'localhost', '*.localhost' and their fully qualified forms with trailing dots ('localhost.'): loopback by name (RFC 6761), whatever DNS says. */
export function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** 'host:port' as the allow-list spells it: lower case, IPv6 in brackets, the port always written. */
export function hostPortKey(host: string, port: string | number, protocol: 'http:' | 'https:' = 'https:'): string {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  const name = isIP(bare) === 6 ? `[${bare}]` : bare.replace(/\.$/, '');
  return `${name}:${port || (protocol === 'http:' ? 80 : 443)}`;
}

export class OutboundError extends Error {}

/** Connects only to the address that passed the check (no DNS rebinding), with timeouts and a size cap. */
export class OutboundClient {
  private readonly agent: Agent;

  private readonly trustingAgent: Agent;
  private readonly allowList: Set<string>;

  constructor(
    readonly options: {
      /** Tests only (ALLOW_PRIVATE_HOSTS): every address, and plain http. */
      allowPrivate: boolean;
      /** Exact host:port entries that may be private (PRIVATE_HOSTS_ALLOWED, for webhooks WEBHOOK_PRIVATE_HOSTS_ALLOWED), e.g. the demo's 127.0.0.1:3002. */
      privateHostsAllowed?: string[];
      connectTimeoutMs?: number;
      totalTimeoutMs?: number;
      maxBytes?: number;
    },
  ) {
    this.allowList = new Set(options.privateHostsAllowed ?? []);
    this.trustingAgent = new Agent({ connect: { timeout: options.connectTimeoutMs ?? 3000 } });
    this.agent = new Agent({
      connect: {
        timeout: options.connectTimeoutMs ?? 3000,
        lookup: (hostname, lookupOptions, callback) => {
          lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
            if (error) return callback(error, '', 0);
            const list = (Array.isArray(addresses) ? addresses : [{ address: addresses as unknown as string, family: 4 }]) as { address: string; family: number }[];
            const allowed = list.filter((entry) => !isPrivateAddress(entry.address));
            if (allowed.length === 0) return callback(new OutboundError(`refused: ${hostname} resolves to a private address`), '', 0);
            if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof allowed) => void)(null, allowed);
            callback(null, allowed[0].address, allowed[0].family);
          });
        },
      },
    });
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; contentType: string; truncated: boolean }> {
    const response = await this.open(url, { method: 'GET', headers });
    return this.read(response);
  }

  async post(url: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; contentType: string; truncated: boolean }> {
    const response = await this.open(url, { method: 'POST', headers, body });
    return this.read(response);
  }

  private async open(url: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<Response> {
    const target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new OutboundError('refused: scheme');
    if (target.username || target.password) throw new OutboundError('refused: credentials in URL');
    const trusted = this.options.allowPrivate || this.allowList.has(hostPortKey(target.hostname, target.port, target.protocol));
    if (target.protocol !== 'https:' && !trusted) throw new OutboundError('refused: scheme');
    // Literal IPs skip DNS, so they are checked here; names are checked on every DNS answer.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !trusted && isPrivateAddress(literal)) throw new OutboundError('refused: private address');
    if (!trusted && isLocalhostName(literal)) throw new OutboundError('refused: private address');
    try {
      return await fetch(url, { ...init, redirect: 'manual', dispatcher: trusted ? this.trustingAgent : this.agent, signal: AbortSignal.timeout(this.options.totalTimeoutMs ?? 10_000) });
    } catch (error) {
      throw new OutboundError(`request failed: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
    }
  }

  /** No size cap (a forwarded download of any size); the total timeout still holds. */
  async stream(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Readable; contentType: string; truncated: boolean }> {
    const response = await this.open(url, { method: 'GET', headers });
    const body = response.body ? Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>) : Readable.from([]);
    return { status: response.status, body, contentType: response.headers.get('content-type') ?? '', truncated: response.headers.get('x-datahub-truncated') === 'true' };
  }

  private async read(response: Response): Promise<{ status: number; body: Buffer; contentType: string; truncated: boolean }> {
    const maxBytes = this.options.maxBytes ?? 1_048_576;
    // A declared (uncompressed) length within the cap gets one buffer of that size: joining pieces would hold a whole dataset twice.
    const declared = response.headers.get('content-encoding') ? NaN : Number(response.headers.get('content-length') ?? NaN);
    let whole = Number.isSafeInteger(declared) && declared > 0 && declared <= maxBytes ? Buffer.allocUnsafeSlow(declared) : undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        if (size + chunk.length > maxBytes) {
          await response.body.cancel().catch(() => undefined);
          throw new OutboundError('refused: response too large');
        }
        if (whole && size + chunk.length > whole.length) {
          chunks.push(whole.subarray(0, size));
          whole = undefined;
        }
        if (whole) whole.set(chunk, size);
        else chunks.push(chunk);
        // Pieces copied into `whole` are garbage: freed every few MB, the allocator reuses them instead of growing by the whole download.
        if (whole && Math.floor((size + chunk.length) / COLLECT_EVERY_BYTES) > Math.floor(size / COLLECT_EVERY_BYTES)) collectGarbage('minor');
        size += chunk.length;
      }
    }
    const body = whole ? (size === whole.length ? whole : whole.subarray(0, size)) : Buffer.concat(chunks, size);
    // A data source marks an answer it cut off at its own cap (x-datahub-truncated).
    return { status: response.status, body, contentType: response.headers.get('content-type') ?? '', truncated: response.headers.get('x-datahub-truncated') === 'true' };
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.trustingAgent.close()]);
  }
}
