import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';

/** One online dataset as the open catalogue shows it: what the portal's catalogue page shows, nothing more. */
export interface CatalogDatasetRow {
  id: string;
  slug: string;
  name: string;
  about: string;
  contact: string;
  categories: string[] | null;
  updated_at: Date | null;
  created_at: Date;
  datasource_id: string;
  datasource_name: string;
  owner_slug: string;
  owner_name: string;
  owner_kvk: number | null;
}

const ONLINE_SQL = `
  SELECT d.id, d.slug, d.name, d.about, d.contact, d.categories, d.updated_at, d.created_at,
         ds.id AS datasource_id, ds.name AS datasource_name,
         o.slug AS owner_slug, o.name AS owner_name, o.kvk_number AS owner_kvk
  FROM datasets d
  JOIN datasources ds ON ds.id = d.datasource_id
  JOIN organizations o ON o.id = ds.organization_id
  WHERE d.status = 'online'`;

@Injectable()
export class CatalogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One page of online datasets in name order (slug breaks ties, so pages never overlap). */
  onlinePage(limit: number, offset: number, db: Queryable = this.dataSource): Promise<CatalogDatasetRow[]> {
    return rows<CatalogDatasetRow>(db, `${ONLINE_SQL} ORDER BY lower(d.name), d.slug LIMIT $1 OFFSET $2`, [limit, offset]);
  }

  async onlineCount(db: Queryable = this.dataSource): Promise<number> {
    const row = await firstRow<{ count: number }>(db, `SELECT count(*)::int AS count FROM datasets WHERE status = 'online'`);
    return row?.count ?? 0;
  }

  onlineBySlug(slug: string, db: Queryable = this.dataSource): Promise<CatalogDatasetRow | null> {
    return firstRow<CatalogDatasetRow>(db, `${ONLINE_SQL} AND d.slug = $1`, [slug]);
  }
}
