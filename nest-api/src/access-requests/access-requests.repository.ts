import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';

export interface AccessRequestRow {
  id: string;
  dataset_id: string;
  dataset_name: string;
  dataset_slug: string;
  owner_id: string;
  owner_name: string;
  requester_organization_id: string;
  requester_organization_name: string;
  requested_by_email: string | null;
  authorisations: string[];
  reason: string;
  expiration_date: string | null;
  status: string;
  decision_reason: string | null;
  created_at: Date;
}

const SELECT = `
  SELECT r.id, r.dataset_id, d.name AS dataset_name, d.slug AS dataset_slug, ds.organization_id AS owner_id, oo.name AS owner_name,
         r.requester_organization_id, ro.name AS requester_organization_name, r.requested_by_email, r.authorisations, r.reason,
         r.expiration_date::text AS expiration_date, r.status, r.decision_reason, r.created_at
  FROM access_requests r
  JOIN datasets d ON d.id = r.dataset_id
  JOIN datasources ds ON ds.id = d.datasource_id
  JOIN organizations oo ON oo.id = ds.organization_id
  JOIN organizations ro ON ro.id = r.requester_organization_id`;

@Injectable()
export class AccessRequestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  byId(id: string, lock = false, db: Queryable = this.dataSource): Promise<AccessRequestRow | null> {
    return firstRow<AccessRequestRow>(db, `${SELECT} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id]);
  }

  received(organizationId: string, db: Queryable = this.dataSource): Promise<AccessRequestRow[]> {
    return rows<AccessRequestRow>(db, `${SELECT} WHERE ds.organization_id = $1 ORDER BY (r.status = 'open') DESC, r.created_at DESC LIMIT 200`, [organizationId]);
  }

  sent(organizationId: string, db: Queryable = this.dataSource): Promise<AccessRequestRow[]> {
    return rows<AccessRequestRow>(db, `${SELECT} WHERE r.requester_organization_id = $1 ORDER BY r.created_at DESC LIMIT 200`, [organizationId]);
  }

  async openCount(organizationId: string, db: Queryable = this.dataSource): Promise<number> {
    const row = await firstRow<{ open: number }>(
      db,
      `SELECT count(*)::int AS open FROM access_requests r JOIN datasets d ON d.id = r.dataset_id JOIN datasources ds ON ds.id = d.datasource_id
       WHERE ds.organization_id = $1 AND r.status = 'open'`,
      [organizationId],
    );
    return row?.open ?? 0;
  }

  /** Null while the organisation already has an open one on the dataset. */
  async insert(
    request: { datasetId: string; requesterOrganizationId: string; requestedBy: string; requestedByEmail: string; authorisations: string[]; reason: string; expiration: string | null },
    db: Queryable = this.dataSource,
  ): Promise<string | null> {
    const row = await firstRow<{ id: string }>(
      db,
      `INSERT INTO access_requests (dataset_id, requester_organization_id, requested_by, requested_by_email, authorisations, reason, expiration_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [request.datasetId, request.requesterOrganizationId, request.requestedBy, request.requestedByEmail, request.authorisations, request.reason, request.expiration],
    );
    return row?.id ?? null;
  }

  async approve(id: string, decidedBy: string, authorisations: string[], expiration: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `UPDATE access_requests SET status = 'approved', decided_by = $2, decided_at = now(), authorisations = $3, expiration_date = $4 WHERE id = $1`,
      [id, decidedBy, authorisations, expiration],
    );
  }

  async decline(id: string, decidedBy: string, reason: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(`UPDATE access_requests SET status = 'declined', decided_by = $2, decided_at = now(), decision_reason = $3 WHERE id = $1`, [id, decidedBy, reason]);
  }
}
