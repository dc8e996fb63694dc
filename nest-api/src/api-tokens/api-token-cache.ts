import type { AuthenticatedUser } from '../common/authenticated-user';

export interface KnownToken {
  user: AuthenticatedUser;
  /** Checked on every request, cached or not. */
  expiresAt: number;
  userId: string | null;
}

const MAX_ENTRIES = 10_000;

// Kept only while session notifications are heard (ADR 0013), so a revocation, moved user or deleted organisation drops the entry
// before the write that caused it answers.
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

  /** `store` refuses a row read across an invalidation. */
  mark(): number {
    return this.generation;
  }

  store(hash: string, token: KnownToken, generation: number): void {
    if (generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { token, storedAt: Date.now() });
  }

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
