import type { AuthenticatedUser } from '../common/authenticated-user';

export interface KnownToken {
  user: AuthenticatedUser;
  /** The token's own expiry (ms): checked on every request, cached or not. */
  expiresAt: number;
  /** The personal token's user, for 'user:<id>' notifications. */
  userId: string | null;
}

const MAX_ENTRIES = 10_000;

/**
 * Verified API tokens by secret hash, kept for at most `ttlMs` and only while the session
 * notifications are heard (ADR 0013): a revocation, a deleted or moved user and a deleted
 * organisation drop the entry before the write that caused it answers (SessionCache.sync).
 */
export class ApiTokenCache {
  private readonly entries = new Map<string, { token: KnownToken; storedAt: number }>();
  private generation = 0;

  constructor(private readonly ttlMs: () => number) {}

  get(hash: string): KnownToken | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs()) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.token;
  }

  /** The generation before a lookup; `store` refuses a row read across an invalidation. */
  mark(): number {
    return this.generation;
  }

  store(hash: string, token: KnownToken, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { token, storedAt: Date.now() });
  }

  /** A session notification ('apitoken', 'user', 'organization', or 'all'). */
  invalidate(kind: string, id: string): void {
    this.generation += 1;
    for (const [hash, { token }] of this.entries) {
      if (
        kind === 'all' ||
        (kind === 'apitoken' && token.user.apiToken?.id === id) ||
        (kind === 'user' && token.userId === id) ||
        (kind === 'organization' && token.user.organizationId === id)
      )
        this.entries.delete(hash);
    }
  }
}
