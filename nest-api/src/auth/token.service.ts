import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isPermission, isUuid, permissionsForRoles, type Permission } from '@datahub/domain';
import { ChangeNotifications } from '../cache/change-notifications';
import { KeptCache } from '../cache/kept-cache';
import { requestUser, type AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { SessionCache, type CachedSession } from './session-cache';
import { SessionsRepository } from './sessions.repository';

const TOKEN_ISSUER = 'datahub-portal-api';
const TOKEN_AUDIENCE = 'datahub-portal';

export interface IssuedToken {
  access_token: string;
  expires_at: string;
}

/** Verified tokens kept (by their exact text) so a repeated bearer costs no HMAC and no JSON parsing. */

interface VerifiedToken {
  sub: string;
  jti: string;
  /** The token's exp claim in milliseconds: past it, the entry is worthless. */
  expiresAt: number;
}

/** Access tokens: HS256 JWTs whose jti is a server-side session, so logout and deletion really end them. */
@Injectable()
export class TokenService {
  /** Only its expiry is checked again; revocation is decided by the session on every request. */
  private readonly verified: KeptCache<VerifiedToken>;

  // jsonwebtoken turns a string secret into a key on every call: a ready KeyObject verifies several times cheaper.
  private readonly key: KeyObject;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: SessionCache,
    private readonly changes: ChangeNotifications,
    private readonly sessions: SessionsRepository,
  ) {
    this.key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    this.verified = new KeptCache({ max: config.cacheEntries.verifiedTokens });
  }

  async issue(user: { id: string; email: string; firstname: string; lastname: string }): Promise<IssuedToken> {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.config.accessTokenTtlMinutes * 60_000);
    await this.sessions.insert(sessionId, user.id, expiresAt);
    const token = jwt.sign(
      { email: user.email, given_name: user.firstname, family_name: user.lastname },
      this.key,
      {
        algorithm: 'HS256',
        subject: user.id,
        jwtid: sessionId,
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        expiresIn: Math.floor((expiresAt.getTime() - Date.now()) / 1000),
      },
    );
    return { access_token: token, expires_at: expiresAt.toISOString() };
  }

  verify(token: string): { sub: string; jti: string } | null {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = this.verifySignature(token);
    if (claims) {
      this.verified.set(token, claims);
    }
    return claims;
  }

  private verifySignature(token: string): VerifiedToken | null {
    try {
      const claims = jwt.verify(token, this.key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      });
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number')
        return null;
      if (!isUuid(claims.sub) || !isUuid(claims.jti)) return null;
      return { sub: claims.sub, jti: claims.jti, expiresAt: claims.exp * 1000 };
    } catch {
      return null;
    }
  }

  /** Null when refused; undefined when only the database can tell (then use `authenticate`). */
  authenticateFromMemory(token: string, via: AuthenticatedUser['via']): AuthenticatedUser | null | undefined {
    const claims = this.verify(token);
    if (!claims) return null;
    const session = this.cache.get(claims.jti);
    return session ? this.userOf(session, claims.sub, via) : undefined;
  }

  async authenticate(token: string, via: AuthenticatedUser['via']): Promise<AuthenticatedUser | null> {
    const claims = this.verify(token);
    if (!claims) return null;
    const session = this.cache.get(claims.jti) ?? (await this.cache.load(claims.jti, () => this.readSession(claims.jti, claims.sub)));
    return session ? this.userOf(session, claims.sub, via) : null;
  }

  private userOf(session: CachedSession, subject: string, via: AuthenticatedUser['via']): AuthenticatedUser | null {
    // The cache is keyed by session id; the token's subject must still be that session's user.
    return session.id === subject ? requestUser(session, via) : null;
  }

  private async readSession(sessionId: string, userId: string): Promise<CachedSession | null> {
    const row = await this.sessions.live(sessionId, userId);
    if (!row) return null;
    const roles = row.roles.filter((role) => typeof role === 'string');
    return {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      organizationSlug: row.organization_slug,
      organizationAdmin: row.organization_admin,
      roles,
      permissions: new Set<Permission>(permissionsForRoles(roles).filter(isPermission)),
      sessionId,
      twoFactorEnrolmentRequired: this.config.requireTwoFactorForAdmins && row.two_factor_missing,
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
    // GET /api/logout is not a write by method: wait for the notification here too.
    await this.changes.sync();
  }

  /** Ends every session of `userId` but `exceptSessionId` (a new password: whoever else was signed in is out). */
  async revokeAllOf(userId: string, exceptSessionId?: string): Promise<void> {
    await this.sessions.revokeAllOf(userId, exceptSessionId ?? null);
    await this.changes.sync();
  }

  /** Housekeeping: sessions past their expiry are useless; drop them after a day. */
  async purgeExpired(): Promise<void> {
    await this.sessions.purgeExpired();
  }
}

