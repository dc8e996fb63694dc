import { Inject, Injectable, Logger } from '@nestjs/common';
import { READ_PERMISSIONS, type Permission } from '@datahub/domain';
import { ChangeNotifications } from '../cache/change-notifications';
import type { KeptCache } from '../cache/kept-cache';
import { requestUser, type AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { hashApiTokenSecret } from './api-token-secret';
import { ApiTokensRepository, type TokenLookupRow } from './api-tokens.repository';

const LAST_USED_EVERY_MS = 60_000;
const MAX_KEPT = 10_000;

interface KnownToken {
  user: AuthenticatedUser;
  /** Checked on every request, kept or not. */
  expiresAt: number;
  userId: string | null;
}

/** A token never carries a write permission, whatever the owner's roles. */
const TOKEN_PERMISSIONS: ReadonlySet<Permission> = new Set(READ_PERMISSIONS);

export type TokenOutcome = { user: AuthenticatedUser } | { refused: 'unknown' | 'expired' };

/** ADR 0017: its user (personal) or its organisation, read-only. */
@Injectable()
export class ApiTokenAuthService {
  private readonly logger = new Logger(ApiTokenAuthService.name);
  /** By the secret's hash; a revocation, moved user or removed organisation drops it before the write that caused it answers (ADR 0013). */
  private readonly cache: KeptCache<KnownToken>;
  private readonly lastUsedWritten = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tokens: ApiTokensRepository,
    changes: ChangeNotifications,
  ) {
    this.cache = changes.kept<KnownToken>({
      max: MAX_KEPT,
      ttlMs: config.sessionCacheSeconds * 1000,
      drops: ({ kind, id }, token) =>
        (kind === 'apitoken' && token.user.apiToken?.id === id) ||
        (kind === 'user' && token.userId === id) ||
        (kind === 'organization' && token.user.organizationId === id),
    });
  }

  fromMemory(secret: string, address: string): TokenOutcome | undefined {
    const known = this.cache.get(hashApiTokenSecret(secret).toString('hex'));
    return known ? this.outcome(known, address) : undefined;
  }

  async authenticate(secret: string, address: string): Promise<TokenOutcome> {
    const hash = hashApiTokenSecret(secret);
    const key = hash.toString('hex');
    const cached = this.cache.get(key);
    if (cached) return this.outcome(cached, address);
    const mark = this.cache.mark();
    const row = await this.tokens.bySecretHash(hash);
    if (!row) return { refused: 'unknown' };
    const known = this.knownOf(row);
    this.cache.set(key, known, mark);
    return this.outcome(known, address);
  }

  private outcome(known: KnownToken, address: string): TokenOutcome {
    if (Date.now() >= known.expiresAt) return { refused: 'expired' };
    this.noteUse(known.user.apiToken!.id, address);
    return { user: requestUser(known.user, known.user.via) };
  }

  private knownOf(row: TokenLookupRow): KnownToken {
    const personal = row.kind === 'personal';
    const user: AuthenticatedUser = {
      // The actor id keys the per-user concurrency limit: a personal token shares its user's.
      id: personal ? row.user_id! : row.id,
      email: row.email ?? '',
      firstname: personal ? (row.firstname ?? '') : row.name,
      lastname: personal ? (row.lastname ?? '') : '',
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      organizationSlug: row.organization_slug,
      organizationAdmin: row.organization_admin,
      roles: [],
      permissions: TOKEN_PERMISSIONS,
      sessionId: row.id,
      via: 'bearer',
      usageConsent: false,
      apiToken: { id: row.id, kind: row.kind, scopes: row.scopes },
    };
    return { user, expiresAt: row.expires_at.getTime(), userId: row.user_id };
  }

  /** In the background, at most once a minute per token. */
  private noteUse(tokenId: string, address: string): void {
    const now = Date.now();
    if (now - (this.lastUsedWritten.get(tokenId) ?? 0) < LAST_USED_EVERY_MS) return;
    this.lastUsedWritten.set(tokenId, now);
    if (this.lastUsedWritten.size > 10_000) this.lastUsedWritten.delete(this.lastUsedWritten.keys().next().value as string);
    this.tokens
      .noteUse(tokenId, address)
      .catch((error: Error) => this.logger.warn(`last use of token ${tokenId} not recorded: ${error.message}`));
  }
}
