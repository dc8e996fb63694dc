import { Inject, Injectable } from '@nestjs/common';
import { ChangeNotifications } from '../cache/change-notifications';
import type { KeptCache } from '../cache/kept-cache';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';

export type CachedSession = Omit<AuthenticatedUser, 'via'>;

/** Kept a few seconds so a signed-in request needs no database read; a revocation, moved user or removed organisation drops it at once. */
@Injectable()
export class SessionCache {
  private readonly entries: KeptCache<CachedSession>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, changes: ChangeNotifications) {
    this.entries = changes.kept<CachedSession>({
      max: config.cacheEntries.sessions,
      ttlMs: config.sessionCacheSeconds * 1000,
      drops: ({ kind, id }, session, sessionId) =>
        (kind === 'session' && sessionId === id) || (kind === 'user' && session.id === id) || (kind === 'organization' && session.organizationId === id),
    });
  }

  get(sessionId: string): CachedSession | undefined {
    return this.entries.get(sessionId);
  }

  /** A session read while a change arrived is answered but not kept. */
  async load(sessionId: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const mark = this.entries.mark();
    const session = await load();
    if (session) this.entries.set(sessionId, session, mark);
    return session;
  }
}
