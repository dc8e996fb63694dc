import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DatabasePool } from '../database/database-pool';
import type { Queryable } from '../database/queryable';
import { CHANGES_CHANNEL } from '../cache/change-notifications.repository';

/** What a signed-in request acts as, read when its session is not in memory. */
export interface SessionRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  organization_id: string;
  organization_name: string;
  organization_slug: string;
  organization_admin: boolean;
  roles: string[];
  two_factor_missing: boolean;
}

// One indexed round trip per request: the session must exist, be unrevoked and unexpired.
const SESSION_SQL = `
  SELECT u.id, u.email, u.firstname, u.lastname, u.organization_id,
         o.name AS organization_name, o.slug AS organization_slug, o.is_admin AS organization_admin,
         COALESCE((SELECT array_agg(r.role) FROM role_assignments r WHERE r.user_id = u.id), '{}') AS roles,
         (o.is_admin AND u.password_hash IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL)) AS two_factor_missing
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN organizations o ON o.id = u.organization_id
   WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`;

/** ADR 0045; the hot-path reads are named statements on DatabasePool. */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly pool: DatabasePool,
  ) {}

  async insert(id: string, userId: string, expiresAt: Date, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, $3)', [id, userId, expiresAt]);
  }

  /** A named statement straight on the pool: Postgres plans it once per connection, not per request. */
  async live(sessionId: string, userId: string): Promise<SessionRow | null> {
    const result = await this.pool.query<SessionRow>({ name: 'session-lookup', text: SESSION_SQL, values: [sessionId, userId] });
    return result.rows[0] ?? null;
  }

  async revoke(sessionId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  }

  async revokeAllOf(userId: string, exceptSessionId: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2', [userId, exceptSessionId]);
  }

  async purgeExpired(db: Queryable = this.dataSource): Promise<void> {
    await db.query(`DELETE FROM sessions WHERE expires_at < now() - interval '1 day'`);
  }

  /** On commit, every API process drops the user's cached sessions (they carry what changed). */
  async notifyUserChanged(userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(`SELECT pg_notify('${CHANGES_CHANNEL}', 'user:' || $1::text)`, [userId]);
  }
}
