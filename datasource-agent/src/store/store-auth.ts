/** Basic or digest (RFC 7616, MD5, qop=auth), as the store's 401 asks; the challenge is remembered so later requests answer at once. */
import { createHash, randomBytes } from 'node:crypto';

export interface StoreCredentials {
  user: string;
  password: string;
}

interface DigestChallenge {
  realm: string;
  nonce: string;
  qop?: string;
  opaque?: string;
  algorithm?: string;
}

function parseChallenge(header: string): DigestChallenge | 'basic' | undefined {
  if (/^\s*basic\b/i.test(header)) return 'basic';
  if (!/^\s*digest\b/i.test(header)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of header.replace(/^\s*digest\s+/i, '').matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)) {
    fields[match[1].toLowerCase()] = match[2] ?? match[3];
  }
  if (!fields.nonce) return undefined;
  return { realm: fields.realm ?? '', nonce: fields.nonce, qop: fields.qop, opaque: fields.opaque, algorithm: fields.algorithm };
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class StoreAuth {
  private challenge?: DigestChallenge | 'basic';
  private count = 0;

  constructor(private readonly credentials?: StoreCredentials) {}

  get enabled(): boolean {
    return this.credentials !== undefined;
  }

  header(method: string, url: URL): string | undefined {
    if (!this.credentials || !this.challenge) return undefined;
    const { user, password } = this.credentials;
    if (this.challenge === 'basic') return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const { realm, nonce, qop, opaque } = this.challenge;
    const uri = url.pathname + url.search;
    const ha1 = md5(`${user}:${realm}:${password}`);
    const ha2 = md5(`${method}:${uri}`);
    const parts = [`username="${user}"`, `realm="${realm}"`, `nonce="${nonce}"`, `uri="${uri}"`];
    if (qop && /\bauth\b/.test(qop)) {
      this.count += 1;
      const nc = this.count.toString(16).padStart(8, '0');
      const cnonce = randomBytes(8).toString('hex');
      parts.push(`qop=auth`, `nc=${nc}`, `cnonce="${cnonce}"`, `response="${md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`)}"`);
    } else {
      parts.push(`response="${md5(`${ha1}:${nonce}:${ha2}`)}"`);
    }
    if (opaque) parts.push(`opaque="${opaque}"`);
    return `Digest ${parts.join(', ')}`;
  }

  accept(wwwAuthenticate: string | null): boolean {
    if (!this.credentials || !wwwAuthenticate) return false;
    const challenge = parseChallenge(wwwAuthenticate);
    if (!challenge) return false;
    this.challenge = challenge;
    this.count = 0;
    return true;
  }
}
