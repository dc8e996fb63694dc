import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DatasetScope } from '@datahub/domain';
import { firstRow, rows, type Queryable } from '../database/queryable';

/** An assignment is valid through its expiration date there. */
export const AMSTERDAM_TODAY_SQL = `(now() AT TIME ZONE 'Europe/Amsterdam')::date`;

export interface AuthorisationRow {
  id: string;
  authorisation: string;
  expiration_date: string | null;
  created_at: Date;
  expired: boolean;
  dataset_id: string;
  dataset_name: string;
  dataset_slug: string;
  assignee_id: string;
  assignee_name: string;
  assignee_slug: string;
  assignee_logo_url: string | null;
  owner_id: string;
  owner_name: string;
  owner_slug: string;
  owner_logo_url: string | null;
}

export interface GrantRow {
  id: string;
  authorisation: DatasetScope;
  expiration_date: string | null;
}

export interface AssigneeRow {
  organization_id: string;
  name: string;
  slug: string;
  logo_url: string | null;
}

const VIEW_SQL = `
  SELECT a.id, a.authorisation, a.expiration_date::text AS expiration_date, a.created_at,
         (a.expiration_date IS NOT NULL AND a.expiration_date < ${AMSTERDAM_TODAY_SQL}) AS expired,
         d.id AS dataset_id, d.name AS dataset_name, d.slug AS dataset_slug,
         ao.id AS assignee_id, ao.name AS assignee_name, ao.slug AS assignee_slug, ao.logo_url AS assignee_logo_url,
         oo.id AS owner_id, oo.name AS owner_name, oo.slug AS owner_slug, oo.logo_url AS owner_logo_url
  FROM authorisation_assignments a
  JOIN datasets d ON d.id = a.dataset_id
  JOIN datasources ds ON ds.id = d.datasource_id
  JOIN organizations oo ON oo.id = ds.organization_id
  JOIN organizations ao ON ao.id = a.assignee_organization_id`;
const VIEW_ORDER = `ORDER BY lower(d.name), d.slug, lower(ao.name), a.authorisation`;

@Injectable()
export class AuthorisationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(organizationId: string, side: 'received' | 'given', db: Queryable = this.dataSource): Promise<AuthorisationRow[]> {
    const where = side === 'received' ? 'a.assignee_organization_id = $1' : 'ds.organization_id = $1';
    return rows<AuthorisationRow>(db, `${VIEW_SQL} WHERE ${where} ${VIEW_ORDER}`, [organizationId]);
  }

  byId(id: string, db: Queryable = this.dataSource): Promise<AuthorisationRow | null> {
    return firstRow<AuthorisationRow>(db, `${VIEW_SQL} WHERE a.id = $1`, [id]);
  }

  byIds(ids: string[], db: Queryable = this.dataSource): Promise<AuthorisationRow[]> {
    return rows<AuthorisationRow>(db, `${VIEW_SQL} WHERE a.id = ANY($1::uuid[]) ${VIEW_ORDER}`, [ids]);
  }

  async history(organizationId: string, db: Queryable = this.dataSource): Promise<{ ever_given: boolean; ever_received: boolean }> {
    const row = await firstRow<{ ever_given: boolean; ever_received: boolean }>(
      db,
      `SELECT EXISTS (SELECT 1 FROM audit_log WHERE organization_id = $1 AND kind = 'grant.created') AS ever_given,
              EXISTS (SELECT 1 FROM audit_log WHERE other_organization_id = $1 AND kind = 'grant.created') AS ever_received`,
      [organizationId],
    );
    return row!;
  }

  assignees(organizationId: string, db: Queryable = this.dataSource): Promise<AssigneeRow[]> {
    return rows<AssigneeRow>(
      db,
      `SELECT id AS organization_id, name, slug, logo_url FROM organizations
       WHERE id <> $1 AND name NOT LIKE 'tmp\\_%' ORDER BY lower(name), slug`,
      [organizationId],
    );
  }

  /** Granting an existing (dataset, assignee, scope) sets its expiry; says whether it was new and the expiry before. */
  async grant(
    grant: { datasetId: string; assigneeId: string; scope: DatasetScope; expiration: string | null; createdBy: string },
    db: Queryable = this.dataSource,
  ): Promise<{ id: string; inserted: boolean; previous_expiration: string | null }> {
    const row = await firstRow<{ id: string; inserted: boolean; previous_expiration: string | null }>(
      db,
      `INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation, expiration_date, created_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT authorisation_assignments_unique
       DO UPDATE SET expiration_date = EXCLUDED.expiration_date, updated_at = now(), expiry_recorded_at = NULL
       RETURNING id, (xmax = 0) AS inserted,
         (SELECT previous.expiration_date::text FROM authorisation_assignments previous WHERE previous.id = authorisation_assignments.id) AS previous_expiration`,
      [grant.datasetId, grant.assigneeId, grant.scope, grant.expiration, grant.createdBy],
    );
    return row!;
  }

  async revoke(datasetId: string, assigneeId: string, scope: DatasetScope, db: Queryable = this.dataSource): Promise<{ id: string; expiration_date: string | null } | null> {
    const [deleted]: { id: string; expiration_date: string | null }[][] = await db.query(
      `DELETE FROM authorisation_assignments WHERE dataset_id = $1 AND assignee_organization_id = $2 AND authorisation = $3
       RETURNING id, expiration_date::text AS expiration_date`,
      [datasetId, assigneeId, scope],
    );
    return deleted[0] ?? null;
  }

  async validScopes(datasetId: string, organizationId: string, db: Queryable = this.dataSource): Promise<DatasetScope[]> {
    const found = await rows<{ authorisation: DatasetScope }>(
      db,
      `SELECT authorisation FROM authorisation_assignments
       WHERE dataset_id = $1 AND assignee_organization_id = $2
         AND (expiration_date IS NULL OR expiration_date >= ${AMSTERDAM_TODAY_SQL})
       ORDER BY authorisation`,
      [datasetId, organizationId],
    );
    return found.map((row) => row.authorisation);
  }

  async lockGroup(datasetId: string, assigneeId: string, db: Queryable): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('authorisation-group:' || $1 || ':' || $2, 0))`, [datasetId, assigneeId]);
  }

  groupGrants(datasetId: string, assigneeId: string, db: Queryable = this.dataSource): Promise<GrantRow[]> {
    return rows<GrantRow>(
      db,
      `SELECT id, authorisation, expiration_date::text AS expiration_date FROM authorisation_assignments
       WHERE dataset_id = $1 AND assignee_organization_id = $2 ORDER BY authorisation`,
      [datasetId, assigneeId],
    );
  }

  async setExpiration(id: string, expiration: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE authorisation_assignments SET expiration_date = $2, updated_at = now(), expiry_recorded_at = NULL WHERE id = $1', [id, expiration]);
  }

  async delete(ids: string[], db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM authorisation_assignments WHERE id = ANY($1::uuid[])', [ids]);
  }
}
