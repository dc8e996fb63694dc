import { createHash, randomBytes } from 'node:crypto';

/** The prefix secret scanners look for (GitHub, gitleaks): every API token starts with it. */
const API_TOKEN_PREFIX = 'dht_';

/** A new secret: the prefix and 32 random bytes (256 bits), base64url. */
export function newApiTokenSecret(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored and looked up: the SHA-256 of the whole secret (high entropy, so no slow hash is needed). */
export function hashApiTokenSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Whether a bearer credential is an API token rather than a portal JWT. */
export function isApiTokenSecret(credential: string): boolean {
  return credential.startsWith(API_TOKEN_PREFIX);
}
