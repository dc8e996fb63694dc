import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';

/** Never the password hash. */
export interface UserRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  organization_id: string;
  email_verified: boolean;
}

/** Never leaves the service. */
export interface UserCredentialsRow extends UserRow {
  password_hash: string | null;
}

export interface UserWithOrganizationRow extends UserRow {
  organization_name: string;
  organization_slug: string;
  organization_admin: boolean;
}

const USER_COLUMNS = 'u.id, u.email, u.firstname, u.lastname, u.organization_id, u.email_verified';
const WITH_ORGANIZATION_SQL = `
  SELECT ${USER_COLUMNS}, o.name AS organization_name, o.slug AS organization_slug, o.is_admin AS organization_admin
    FROM users u JOIN organizations o ON o.id = u.organization_id`;

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  byId(id: string, db: Queryable = this.dataSource): Promise<UserRow | null> {
    return firstRow<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  }

  credentialsById(id: string, db: Queryable = this.dataSource): Promise<UserCredentialsRow | null> {
    return firstRow<UserCredentialsRow>(db, `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.id = $1`, [id]);
  }

  /** Normalised (lower-case), matching the case-insensitive unique index. */
  credentialsByEmail(email: string, db: Queryable = this.dataSource): Promise<UserCredentialsRow | null> {
    return firstRow<UserCredentialsRow>(db, `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE lower(u.email) = $1`, [email]);
  }

  async emailTaken(email: string, db: Queryable = this.dataSource): Promise<boolean> {
    return (await rows(db, 'SELECT 1 FROM users WHERE lower(email) = $1', [email])).length > 0;
  }

  withOrganization(id: string, db: Queryable = this.dataSource): Promise<UserWithOrganizationRow | null> {
    return firstRow<UserWithOrganizationRow>(db, `${WITH_ORGANIZATION_SQL} WHERE u.id = $1`, [id]);
  }

  listWithOrganization(organizationId: string | null, db: Queryable = this.dataSource): Promise<UserWithOrganizationRow[]> {
    return rows<UserWithOrganizationRow>(db, `${WITH_ORGANIZATION_SQL} WHERE ($1::uuid IS NULL OR u.organization_id = $1) ORDER BY u.email ASC`, [organizationId]);
  }

  insert(
    user: { email: string; firstname: string; lastname: string; passwordHash: string | null; emailVerified: boolean; organizationId: string },
    db: Queryable = this.dataSource,
  ): Promise<UserRow> {
    return firstRow<UserRow>(
      db,
      `INSERT INTO users (email, firstname, lastname, password_hash, email_verified, organization_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, email, firstname, lastname, organization_id, email_verified`,
      [user.email, user.firstname, user.lastname, user.passwordHash, user.emailVerified, user.organizationId],
    ) as Promise<UserRow>;
  }

  async updateNames(id: string, names: { firstname?: string; lastname?: string }, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE users SET firstname = coalesce($2, firstname), lastname = coalesce($3, lastname), updated_at = now() WHERE id = $1', [
      id,
      names.firstname ?? null,
      names.lastname ?? null,
    ]);
  }

  async setPassword(id: string, passwordHash: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
  }

  /** `verified` also marks the address proved (an accepted invitation). */
  async moveTo(id: string, organizationId: string, verified: boolean, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE users SET organization_id = $2, email_verified = email_verified OR $3, updated_at = now() WHERE id = $1', [id, organizationId, verified]);
  }

  async delete(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM users WHERE id = $1', [id]);
  }

  async roleNames(userId: string, db: Queryable = this.dataSource): Promise<string[]> {
    return (await rows<{ role: string }>(db, 'SELECT role FROM role_assignments WHERE user_id = $1 ORDER BY role ASC', [userId])).map((row) => row.role);
  }

  async addRole(userId: string, role: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO role_assignments (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, role]);
  }

  async insertRole(userId: string, role: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO role_assignments (user_id, role) VALUES ($1, $2)', [userId, role]);
  }

  async removeRoles(userId: string, role?: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM role_assignments WHERE user_id = $1 AND ($2::text IS NULL OR role = $2)', [userId, role ?? null]);
  }

  async holderCount(organizationId: string, roles: readonly string[], db: Queryable = this.dataSource): Promise<number> {
    const row = await firstRow<{ count: number }>(
      db,
      'SELECT count(*)::int AS count FROM role_assignments r JOIN users u ON u.id = r.user_id WHERE u.organization_id = $1 AND r.role = ANY($2::text[])',
      [organizationId, [...roles]],
    );
    return row!.count;
  }

  async memberEmails(organizationIds: string[], roles: readonly string[], db: Queryable = this.dataSource): Promise<string[]> {
    const found = await rows<{ email: string }>(
      db,
      `SELECT DISTINCT u.email FROM users u JOIN role_assignments ra ON ra.user_id = u.id
       WHERE u.organization_id = ANY($1::uuid[]) AND ra.role = ANY($2::text[]) ORDER BY u.email`,
      [organizationIds, [...roles]],
    );
    return found.map((row) => row.email);
  }
}
