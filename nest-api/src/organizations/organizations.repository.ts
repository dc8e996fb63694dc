import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';
import type { Organization } from './organization.entity';

type Query = (sql: string, parameters: unknown[]) => Promise<unknown[]>;

/** Named as the entity names them: services pass organisations around in that shape. */
const COLUMNS = `o.id, o.name, o.slug, o.kvk_number AS "kvkNumber", o.domain, o.logo_url AS "logoUrl", o.is_admin AS "isAdmin", o.created_at AS "createdAt"`;

function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}

export async function uniqueSlug(query: Query, table: 'organizations' | 'datasets' | 'applications', name: string, exceptId: string | null = null): Promise<string> {
  const base = slugify(name, table === 'applications' ? 'applicatie' : table === 'datasets' ? 'dataset' : 'organisatie');
  // An organisation's former address keeps redirecting to it, so no other one may take it.
  const former = table === 'organizations' ? ' UNION SELECT slug FROM organization_former_slugs WHERE slug = $1 OR slug LIKE $2' : '';
  const found = (await query(
    `SELECT slug FROM ${table} WHERE (slug = $1 OR slug LIKE $2) AND ($3::uuid IS NULL OR id <> $3::uuid)${former}`,
    [base, `${base}-%`, exceptId],
  )) as { slug: string }[];
  const taken = new Set(found.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Null when never replaced. Callers look up current slugs first: those always win. */
export async function organizationByFormerSlug(query: Query, slug: string): Promise<{ id: string; slug: string } | null> {
  const [row] = (await query(
    `SELECT o.id, o.slug FROM organization_former_slugs f JOIN organizations o ON o.id = f.organization_id WHERE f.slug = $1`,
    [slug],
  )) as { id: string; slug: string }[];
  return row ?? null;
}

@Injectable()
export class OrganizationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  byId(id: string, db: Queryable = this.dataSource): Promise<Organization | null> {
    return firstRow<Organization>(db, `SELECT ${COLUMNS} FROM organizations o WHERE o.id = $1`, [id]);
  }

  lockById(id: string, db: Queryable): Promise<Organization | null> {
    return firstRow<Organization>(db, `SELECT ${COLUMNS} FROM organizations o WHERE o.id = $1 FOR UPDATE`, [id]);
  }

  bySlug(slug: string, db: Queryable = this.dataSource): Promise<Organization | null> {
    return firstRow<Organization>(db, `SELECT ${COLUMNS} FROM organizations o WHERE o.slug = $1`, [slug]);
  }

  byName(name: string, db: Queryable = this.dataSource): Promise<Organization | null> {
    return firstRow<Organization>(db, `SELECT ${COLUMNS} FROM organizations o WHERE o.name = $1`, [name]);
  }

  byDomain(domain: string, db: Queryable = this.dataSource): Promise<Organization | null> {
    return firstRow<Organization>(db, `SELECT ${COLUMNS} FROM organizations o WHERE lower(o.domain) = $1`, [domain]);
  }

  async adminExists(db: Queryable = this.dataSource): Promise<boolean> {
    return (await firstRow(db, 'SELECT 1 FROM organizations WHERE is_admin LIMIT 1')) !== null;
  }

  async insert(organization: { name: string; slug: string; domain: string | null; isAdmin: boolean }, db: Queryable = this.dataSource): Promise<Organization> {
    const row = await firstRow<Organization>(
      db,
      `INSERT INTO organizations AS o (name, slug, domain, is_admin) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [organization.name, organization.slug, organization.domain, organization.isAdmin],
    );
    return row!;
  }

  /** None given: no statement, so the change trigger stays quiet. */
  async update(id: string, changes: Partial<Pick<Organization, 'name' | 'slug' | 'kvkNumber' | 'domain'>>, db: Queryable = this.dataSource): Promise<void> {
    const columns = { name: 'name', slug: 'slug', kvkNumber: 'kvk_number', domain: 'domain' } as const;
    const keys = (Object.keys(columns) as (keyof typeof columns)[]).filter((key) => changes[key] !== undefined);
    if (keys.length === 0) return;
    await db.query(`UPDATE organizations SET ${keys.map((key, index) => `${columns[key]} = $${index + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...keys.map((key) => changes[key]),
    ]);
  }

  listWithUserCounts(organizationId: string | null, db: Queryable = this.dataSource): Promise<(Organization & { user_count: number })[]> {
    return rows(
      db,
      `SELECT ${COLUMNS}, (SELECT count(*)::int FROM users u WHERE u.organization_id = o.id) AS user_count
       FROM organizations o WHERE ($1::uuid IS NULL OR o.id = $1) ORDER BY lower(o.name)`,
      [organizationId],
    );
  }

  async userCount(id: string, db: Queryable = this.dataSource): Promise<number> {
    return (await firstRow<{ count: number }>(db, 'SELECT count(*)::int AS count FROM users WHERE organization_id = $1', [id]))!.count;
  }

  /** Its name is still the generated 'tmp_…'; any other stays. */
  async deleteIfEmptiedPersonal(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(`DELETE FROM organizations WHERE id = $1 AND NOT is_admin AND name LIKE 'tmp\\_%'`, [id]);
  }

  async nameTaken(name: string, exceptId: string, db: Queryable = this.dataSource): Promise<boolean> {
    return (await firstRow(db, 'SELECT 1 FROM organizations o WHERE lower(o.name) = lower($1) AND o.id <> $2 LIMIT 1', [name, exceptId])) !== null;
  }

  async verifiedMembersAt(id: string, domain: string, db: Queryable = this.dataSource): Promise<number> {
    const row = await firstRow<{ verified: number }>(
      db,
      `SELECT count(*)::int AS verified FROM users WHERE organization_id = $1 AND email_verified AND lower(split_part(email, '@', 2)) = $2`,
      [id, domain],
    );
    return row!.verified;
  }

  /** So two renames cannot take the same slug. */
  async lockSlugs(db: Queryable): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('organization-slugs'))`);
  }

  uniqueSlug(name: string, exceptId: string | null = null, db: Queryable = this.dataSource): Promise<string> {
    return uniqueSlug((sql, parameters) => db.query(sql, parameters), 'organizations', name, exceptId);
  }

  byFormerSlug(slug: string, db: Queryable = this.dataSource): Promise<{ id: string; slug: string } | null> {
    return organizationByFormerSlug((sql, parameters) => db.query(sql, parameters), slug);
  }

  async addFormerSlug(slug: string, id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO organization_former_slugs (slug, organization_id) VALUES ($1, $2)', [slug, id]);
  }

  licences(id: string, db: Queryable = this.dataSource): Promise<{ name: string; slug: string; logo_url: string | null; end_date: Date }[]> {
    return rows(
      db,
      `SELECT a.name, a.slug, a.logo_url, l.end_date FROM licences l JOIN applications a ON a.id = l.application_id
        WHERE l.organization_id = $1 ORDER BY l.end_date DESC, lower(a.name)`,
      [id],
    );
  }
}
