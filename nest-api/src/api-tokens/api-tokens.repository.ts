import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';

/** A personal token acts in its user's organisation. */
export type TokenOwner = { kind: 'personal'; userId: string; organizationId: string } | { kind: 'organization'; organizationId: string };

/** Read on every request whose token is not in memory. */
export interface TokenLookupRow {
  id: string;
  kind: 'personal' | 'organization';
  name: string;
  scopes: string[];
  organization_id: string;
  user_id: string | null;
  expires_at: Date;
  organization_name: string;
  organization_slug: string;
  organization_admin: boolean;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
}

/** Never the secret or its hash. */
export interface TokenViewRow {
  id: string;
  kind: string;
  name: string;
  scopes: string[];
  created_by_name: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_address: string | null;
}

export interface MemberTokenRow extends TokenViewRow {
  user_id: string;
  firstname: string;
  lastname: string;
  email: string;
}

export interface NewToken {
  owner: TokenOwner;
  secretHash: Buffer;
  name: string;
  scopes: string[];
  createdBy: string;
  createdByName: string;
  lastDay: string;
}

// Unrevoked, its organisation there, and a personal token's user still a member of it.
const LOOKUP_SQL = `
  SELECT t.id, t.kind, t.name, t.scopes, t.organization_id, t.user_id, t.expires_at,
         o.name AS organization_name, o.slug AS organization_slug, o.is_admin AS organization_admin,
         u.email, u.firstname, u.lastname
    FROM api_tokens t
    JOIN organizations o ON o.id = t.organization_id
    LEFT JOIN users u ON u.id = t.user_id
   WHERE t.secret_hash = $1 AND t.revoked_at IS NULL
     AND (t.user_id IS NULL OR u.organization_id = t.organization_id)`;

const COLUMNS = 'id, kind, name, scopes, created_by_name, created_at, expires_at, last_used_at, last_used_address';

function ownerClause(owner: TokenOwner): { where: string; values: string[] } {
  return owner.kind === 'personal'
    ? { where: `kind = 'personal' AND user_id = $1 AND organization_id = $2`, values: [owner.userId, owner.organizationId] }
    : { where: `kind = 'organization' AND organization_id = $1`, values: [owner.organizationId] };
}

@Injectable()
export class ApiTokensRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A named statement on TypeORM's own pool: planned once per connection, on the bearer hot path. */
  async bySecretHash(hash: Buffer): Promise<TokenLookupRow | null> {
    const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
    const { rows: found } = await pool.query<TokenLookupRow>({ name: 'api-token-lookup', text: LOOKUP_SQL, values: [hash] });
    return found[0] ?? null;
  }

  async noteUse(id: string, address: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE api_tokens SET last_used_at = now(), last_used_address = $2 WHERE id = $1', [id, address]);
  }

  live(owner: TokenOwner, db: Queryable = this.dataSource): Promise<TokenViewRow[]> {
    const { where, values } = ownerClause(owner);
    return rows<TokenViewRow>(db, `SELECT ${COLUMNS} FROM api_tokens WHERE ${where} AND revoked_at IS NULL AND expires_at > now() ORDER BY created_at DESC, id`, values);
  }

  /** Until the transaction ends, so two creations at once cannot both pass the count. */
  async lockOwner(owner: TokenOwner, db: Queryable = this.dataSource): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`api-tokens:${ownerClause(owner).values.join(':')}`]);
  }

  async liveCount(owner: TokenOwner, db: Queryable = this.dataSource): Promise<number> {
    const { where, values } = ownerClause(owner);
    const row = await firstRow<{ live: number }>(db, `SELECT count(*)::int AS live FROM api_tokens WHERE ${where} AND revoked_at IS NULL AND expires_at > now()`, values);
    return row!.live;
  }

  async insert(token: NewToken, db: Queryable = this.dataSource): Promise<TokenViewRow> {
    const { owner } = token;
    const row = await firstRow<TokenViewRow>(
      db,
      `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, user_id, created_by, created_by_name, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (($9::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam'))
       RETURNING ${COLUMNS}`,
      [
        owner.kind,
        token.secretHash,
        token.name,
        token.scopes,
        owner.organizationId,
        owner.kind === 'personal' ? owner.userId : null,
        token.createdBy,
        token.createdByName,
        token.lastDay,
      ],
    );
    return row!;
  }

  async revoke(owner: TokenOwner, id: string, db: Queryable = this.dataSource): Promise<{ id: string; name: string; kind: string } | null> {
    const { where, values } = ownerClause(owner);
    // TypeORM answers an UPDATE with [rows, affected].
    const [revoked]: [{ id: string; name: string; kind: string }[], number] = await db.query(
      `UPDATE api_tokens SET revoked_at = now() WHERE ${where} AND id = $${values.length + 1} AND revoked_at IS NULL RETURNING id, name, kind`,
      [...values, id],
    );
    return revoked[0] ?? null;
  }

  liveOfMembers(organizationId: string, db: Queryable = this.dataSource): Promise<MemberTokenRow[]> {
    return rows<MemberTokenRow>(
      db,
      `SELECT ${COLUMNS.split(', ').map((column) => `t.${column}`).join(', ')}, t.user_id, u.firstname, u.lastname, u.email
         FROM api_tokens t JOIN users u ON u.id = t.user_id AND u.organization_id = t.organization_id
        WHERE t.kind = 'personal' AND t.organization_id = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
        ORDER BY u.email, t.created_at DESC, t.id`,
      [organizationId],
    );
  }

  async revokeOfMember(organizationId: string, id: string, db: Queryable = this.dataSource): Promise<{ name: string; email: string | null } | null> {
    const [revoked]: [{ name: string; email: string | null }[], number] = await db.query(
      `UPDATE api_tokens t SET revoked_at = now() FROM users u
        WHERE t.id = $2 AND t.kind = 'personal' AND t.organization_id = $1 AND t.revoked_at IS NULL AND u.id = t.user_id AND u.organization_id = t.organization_id
        RETURNING t.name, u.email`,
      [organizationId, id],
    );
    return revoked[0] ?? null;
  }

  /** Only those acting on `organizationId` when given. */
  async revokePersonal(userId: string, organizationId: string | undefined, db: Queryable = this.dataSource): Promise<{ id: string; name: string; organization_id: string }[]> {
    const [revoked]: [{ id: string; name: string; organization_id: string }[], number] = await db.query(
      `UPDATE api_tokens SET revoked_at = now()
        WHERE kind = 'personal' AND user_id = $1 AND revoked_at IS NULL AND expires_at > now() AND ($2::uuid IS NULL OR organization_id = $2)
        RETURNING id, name, organization_id`,
      [userId, organizationId ?? null],
    );
    return revoked;
  }
}
