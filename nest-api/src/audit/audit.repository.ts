import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuditKind } from '@datahub/domain';
import { rows, type Queryable } from '../database/queryable';
import type { AuditFilters } from './audit-filters';

export interface AuditRow {
  id: string;
  at: string;
  kind: AuditKind;
  organization_id: string | null;
  organization_name: string | null;
  other_organization_id: string | null;
  other_organization_name: string | null;
  dataset_id: string | null;
  dataset_name: string | null;
  actor_email: string | null;
  actor_token_id: string | null;
  actor_token_name: string | null;
  actor_organization_id: string | null;
  actor_organization_name: string | null;
  client_address: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  rows_answered: number | null;
  bytes: string | null;
  outcome: number | null;
}

export interface UseByOthersRow {
  organization_id: string;
  organization_name: string | null;
  reads: number;
  last_read_at: Date;
}

const COLUMNS = `kind, subject_id, organization_id, other_organization_id, other_organization_name, dataset_id, dataset_name,
                 actor_user_id, actor_email, actor_token_id, actor_organization_id, client_address, before, after,
                 rows_answered, bytes, outcome`;

const INSERT = `INSERT INTO audit_log (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`;

/** The organisation ($3) and dataset name ($7) are taken from the dataset ($6). */
const READ_INSERT = `
  INSERT INTO audit_log (${COLUMNS})
  SELECT $1, $2, coalesce(ds.organization_id, $3), $4, $5, $6, coalesce(d.name, $7), $8, $9, $10, $11, $12, $13, $14, $15, $16, $17
  FROM (SELECT $6::uuid AS id) wanted
  LEFT JOIN datasets d ON d.id = wanted.id
  LEFT JOIN datasources ds ON ds.id = d.datasource_id`;

/** With microseconds, so the cursor names it exactly. */
const AT = `to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ORDER = 'ORDER BY l.created_at DESC, l.id DESC';

class Conditions {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[]) {}
  add(sql: string): void {
    this.parts.push(sql);
  }
  push(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  sql(): string {
    return this.parts.length ? ` AND ${this.parts.join(' AND ')}` : '';
  }
}

@Injectable()
export class AuditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(values: unknown[], db: Queryable = this.dataSource): Promise<void> {
    await db.query(INSERT, values);
  }

  async insertRead(values: unknown[], db: Queryable = this.dataSource): Promise<void> {
    await db.query(READ_INSERT, values);
  }

  /** Keyset-paged on (created_at, id), newest first; each side has its own index so a filtered page stays fast at a million rows. */
  page(viewer: string | null, filters: AuditFilters, limit: number, db: Queryable = this.dataSource): Promise<AuditRow[]> {
    const params: unknown[] = [];
    const where = new Conditions(params);
    if (filters.from) where.add(`l.created_at >= (${where.push(filters.from)}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')`);
    if (filters.until) where.add(`l.created_at < ((${where.push(filters.until)}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam')`);
    if (filters.kind) where.add(`l.kind = ${where.push(filters.kind)}`);
    if (filters.dataset) where.add(`l.dataset_id = ${where.push(filters.dataset)}`);
    if (filters.person) {
      // Only the viewer's own people are findable by address: else a guessed address would confirm who of another organisation read.
      where.add(`l.actor_email = ${where.push(filters.person)}`);
      if (viewer !== null) where.add(`l.actor_organization_id = ${where.push(viewer)}`);
    }
    if (filters.organization) {
      const organization = where.push(filters.organization);
      where.add(`(l.organization_id = ${organization} OR l.other_organization_id = ${organization} OR l.actor_organization_id = ${organization})`);
    }
    if (filters.cursor) {
      const at = where.push(filters.cursor.at);
      const id = where.push(filters.cursor.id);
      where.add(`(l.created_at, l.id) < (${at}::timestamptz, ${id}::bigint)`);
    }
    const limitParam = where.push(limit);
    let inner: string;
    if (viewer === null) {
      inner = `SELECT l.* FROM audit_log l WHERE true${where.sql()} ${ORDER} LIMIT ${limitParam}`;
    } else {
      const own = where.push(viewer);
      // Two index scans, each ordered and cut, merged: an OR would sort every row of the organisation.
      inner = `(SELECT l.* FROM audit_log l WHERE l.organization_id = ${own}${where.sql()} ${ORDER} LIMIT ${limitParam})
        UNION ALL
        (SELECT l.* FROM audit_log l WHERE l.other_organization_id = ${own} AND l.organization_id IS DISTINCT FROM ${own}${where.sql()} ${ORDER} LIMIT ${limitParam})`;
    }
    return rows<AuditRow>(
      db,
      `SELECT l.id, ${AT} AS at, l.kind, l.organization_id, o.name AS organization_name,
              l.other_organization_id, coalesce(other.name, l.other_organization_name) AS other_organization_name,
              l.dataset_id, coalesce(d.name, l.dataset_name) AS dataset_name,
              l.actor_email, l.actor_token_id, t.name AS actor_token_name, l.actor_organization_id, ao.name AS actor_organization_name,
              l.client_address, l.before, l.after, l.rows_answered, l.bytes::text AS bytes, l.outcome
       FROM (${inner}) l
       LEFT JOIN organizations o ON o.id = l.organization_id
       LEFT JOIN organizations other ON other.id = l.other_organization_id
       LEFT JOIN organizations ao ON ao.id = l.actor_organization_id
       LEFT JOIN datasets d ON d.id = l.dataset_id
       LEFT JOIN api_tokens t ON t.id = l.actor_token_id
       ${ORDER} LIMIT ${limitParam}`,
      params,
    );
  }

  useByOthers(datasetId: string, ownerId: string, db: Queryable = this.dataSource): Promise<UseByOthersRow[]> {
    return rows<UseByOthersRow>(
      db,
      `SELECT l.other_organization_id AS organization_id, coalesce(o.name, max(l.other_organization_name)) AS organization_name,
              count(*)::int AS reads, max(l.created_at) AS last_read_at
       FROM audit_log l LEFT JOIN organizations o ON o.id = l.other_organization_id
       WHERE l.dataset_id = $1 AND l.kind LIKE 'read.%' AND l.outcome = 200 AND l.created_at >= now() - interval '30 days'
         AND l.other_organization_id IS DISTINCT FROM $2
       GROUP BY l.other_organization_id, o.name
       ORDER BY count(*) DESC, organization_name`,
      [datasetId, ownerId],
    );
  }

  async recordExpiredGrants(db: Queryable = this.dataSource): Promise<number> {
    const [, count]: [unknown, number] = await db.query(
      `INSERT INTO audit_log (kind, subject_id, organization_id, other_organization_id, other_organization_name, dataset_id, dataset_name, after)
       SELECT 'grant.expired', a.id, ds.organization_id, a.assignee_organization_id, ao.name, d.id, d.name,
              jsonb_build_object('authorisations', jsonb_build_array(a.authorisation), 'expiration_date', a.expiration_date::text)
       FROM authorisation_assignments a
       JOIN datasets d ON d.id = a.dataset_id
       JOIN datasources ds ON ds.id = d.datasource_id
       JOIN organizations ao ON ao.id = a.assignee_organization_id
       WHERE a.expiration_date < (now() AT TIME ZONE 'Europe/Amsterdam')::date
         AND NOT EXISTS (
           SELECT 1 FROM audit_log l
           WHERE l.organization_id = ds.organization_id AND l.kind = 'grant.expired' AND l.subject_id = a.id
             AND l.after->>'expiration_date' = a.expiration_date::text)`,
    );
    return count;
  }

  async purgeReads(months: number, db: Queryable = this.dataSource): Promise<number> {
    const [, count]: [unknown, number] = await db.query(
      `DELETE FROM audit_log WHERE kind LIKE 'read.%' AND created_at < now() - make_interval(months => $1)`,
      [months],
    );
    return count;
  }
}
