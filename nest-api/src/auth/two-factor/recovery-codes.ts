import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@datahub/domain';

/** No 0/o, 1/l/i: codes are read off paper and typed back. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

function group(): string {
  let text = '';
  for (let i = 0; i < GROUP; i += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

export function normalizeRecoveryCode(input: string): string | null {
  const bare = input.toLowerCase().replace(/[\s-]/g, '');
  if (bare.length !== GROUP * 2 || [...bare].some((c) => !ALPHABET.includes(c))) return null;
  return `${bare.slice(0, GROUP)}-${bare.slice(GROUP)}`;
}

/** Kept only as an HMAC under a key derived from the encryption key, so a database copy alone cannot be guessed offline. */
export class CodeHasher {
  private readonly key: Buffer;

  constructor(material: string) {
    this.key = Buffer.from(hkdfSync('sha256', material, 'datahub-two-factor', 'code-hmac', 32));
  }

  hash(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }
}
