import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch, type Response } from 'undici';

/** Loopback, private, link-local, CGNAT, metadata and other non-public ranges. */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) {
    const [a, b] = address.split('.').map(Number);
    return (
      a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19)) || a >= 224
    );
  }
  if (version === 6) {
    const lower = address.toLowerCase();
    if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
    return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || lower.startsWith('ff');
  }
  return true;
}

export class OutboundError extends Error {}

/**
 * fetch for user-supplied hosts: the connection goes only to the address that passed the check
 * (no DNS rebinding between check and connect), with connect and total timeouts and a size cap.
 */
export class OutboundClient {
  private readonly agent: Agent;

  constructor(private readonly options: { allowPrivate: boolean; connectTimeoutMs?: number; totalTimeoutMs?: number; maxBytes?: number }) {
    this.agent = new Agent({
      connect: {
        timeout: options.connectTimeoutMs ?? 3000,
        lookup: (hostname, lookupOptions, callback) => {
          lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
            if (error) return callback(error, '', 0);
            const list = (Array.isArray(addresses) ? addresses : [{ address: addresses as unknown as string, family: 4 }]) as { address: string; family: number }[];
            const allowed = list.filter((entry) => options.allowPrivate || !isPrivateAddress(entry.address));
            if (allowed.length === 0) return callback(new OutboundError(`refused: ${hostname} resolves to a private address`), '', 0);
            if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof allowed) => void)(null, allowed);
            callback(null, allowed[0].address, allowed[0].family);
          });
        },
      },
    });
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; contentType: string; truncated: boolean }> {
    const target = new URL(url);
    if (target.protocol !== 'https:' && !(this.options.allowPrivate && target.protocol === 'http:')) throw new OutboundError('refused: scheme');
    // Literal IPs skip DNS, so they are checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !this.options.allowPrivate && isPrivateAddress(literal)) throw new OutboundError('refused: private address');
    let response: Response;
    try {
      response = await fetch(url, { headers, redirect: 'manual', dispatcher: this.agent, signal: AbortSignal.timeout(this.options.totalTimeoutMs ?? 10_000) });
    } catch (error) {
      throw new OutboundError(`request failed: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
    }
    const maxBytes = this.options.maxBytes ?? 1_048_576;
    const chunks: Buffer[] = [];
    let size = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        size += chunk.length;
        if (size > maxBytes) {
          await response.body.cancel().catch(() => undefined);
          throw new OutboundError('refused: response too large');
        }
        chunks.push(Buffer.from(chunk));
      }
    }
    // A data source marks an answer it cut off at its own cap (x-datahub-truncated).
    return { status: response.status, body: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? '', truncated: response.headers.get('x-datahub-truncated') === 'true' };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
