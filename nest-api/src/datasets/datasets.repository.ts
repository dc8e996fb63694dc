import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DatasetStatus } from '@datahub/domain';
import { DataSource } from 'typeorm';
import { isUuid } from '@datahub/domain';
import { firstRow, type Queryable } from '../database/queryable';

/** A dataset with what every object check needs: its data source and owner organisation. */
export interface DatasetWithOwner {
  id: string;
  slug: string;
  name: string;
  status: DatasetStatus;
  datasource_id: string;
  owner_id: string;
  owner_slug: string;
  owner_name: string;
  /** Bumped whenever the dataset changes at its source (cluster-wide key of copies and kept answers). */
  copy_version: number;
}

const WITH_OWNER_SQL = `
  SELECT d.id, d.slug, d.name, d.status, d.datasource_id,
         o.id AS owner_id, o.slug AS owner_slug, o.name AS owner_name,
         coalesce(v.version, 0)::int AS copy_version
  FROM datasets d
  JOIN datasources ds ON ds.id = d.datasource_id
  JOIN organizations o ON o.id = ds.organization_id
  LEFT JOIN dataset_copy_versions v ON v.dataset_id = d.id`;

/** The datasets aggregate's SQL (ADR 0045). */
@Injectable()
export class DatasetsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The one dataset-with-owner lookup, by id; a malformed id is simply not found. */
  withOwner(id: string, db: Queryable = this.dataSource): Promise<DatasetWithOwner | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return firstRow<DatasetWithOwner>(db, `${WITH_OWNER_SQL} WHERE d.id = $1`, [id]);
  }

  /** The same lookup by slug (the dataset page's address). */
  withOwnerBySlug(slug: string, db: Queryable = this.dataSource): Promise<DatasetWithOwner | null> {
    return firstRow<DatasetWithOwner>(db, `${WITH_OWNER_SQL} WHERE d.slug = $1`, [slug]);
  }
}
