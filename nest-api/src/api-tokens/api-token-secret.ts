import { createHash, randomBytes } from 'node:crypto';

/** Secret scanners (GitHub, gitleaks) look for it. */
const API_TOKEN_PREFIX = 'dht_';

/** 32 random bytes (256 bits), base64url. */
export function newApiTokenSecret(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** High entropy, so no slow hash is needed. */
export function hashApiTokenSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function isApiTokenSecret(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}
