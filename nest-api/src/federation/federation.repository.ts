import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DatasetScope, DatasetStatus } from '@datahub/domain';
import { AMSTERDAM_TODAY_SQL } from '../authorisations/authorisations.repository';
import { firstRow, rows, type Queryable } from '../database/queryable';

export interface ReadableDataset {
  id: string;
  slug: string;
  name: string;
  status: DatasetStatus;
  owner_id: string;
  copy_version: number;
  scopes: DatasetScope[];
}

/** Every dataset the organisation owns or holds a valid assignment on, in one query, with the same rule as scopesFor. */
@Injectable()
export class FederationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  readable(organizationId: string, db: Queryable = this.dataSource): Promise<ReadableDataset[]> {
    return rows<ReadableDataset>(
      db,
      `SELECT d.id, d.slug, d.name, d.status, o.id AS owner_id, coalesce(v.version, 0)::int AS copy_version,
              CASE WHEN o.id = $1 THEN ARRAY['Dataset.ReadAll']::text[]
                   ELSE array_agg(DISTINCT a.authorisation::text ORDER BY a.authorisation::text) END AS scopes
       FROM datasets d
       JOIN datasources ds ON ds.id = d.datasource_id
       JOIN organizations o ON o.id = ds.organization_id
       LEFT JOIN dataset_copy_versions v ON v.dataset_id = d.id
       LEFT JOIN authorisation_assignments a
         ON a.dataset_id = d.id AND a.assignee_organization_id = $1
        AND (a.expiration_date IS NULL OR a.expiration_date >= ${AMSTERDAM_TODAY_SQL})
       WHERE o.id = $1 OR a.id IS NOT NULL
       GROUP BY d.id, o.id, v.version
       ORDER BY d.slug`,
      [organizationId],
    );
  }

  async idBySlug(slug: string, db: Queryable = this.dataSource): Promise<string | null> {
    return (await firstRow<{ id: string }>(db, `SELECT id FROM datasets WHERE slug = $1`, [slug]))?.id ?? null;
  }
}
