import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUuid, ONLINE, SEARCH_ACCENTED, SEARCH_PLAIN, type DatasetStatus } from '@datahub/domain';
import { firstRow, rows, type Queryable } from '../database/queryable';
import { uniqueSlug } from '../organizations/organizations.repository';

export interface DatasetWithOwner {
  id: string;
  slug: string;
  name: string;
  status: DatasetStatus;
  datasource_id: string;
  datasource_hostname: string | null;
  owner_id: string;
  owner_slug: string;
  owner_name: string;
  /** Bumped whenever the dataset changes at its source: the cluster-wide key of copies and kept answers. */
  copy_version: number;
}

const WITH_OWNER_SQL = `
  SELECT d.id, d.slug, d.name, d.status, d.datasource_id, ds.hostname AS datasource_hostname,
         o.id AS owner_id, o.slug AS owner_slug, o.name AS owner_name,
         coalesce(v.version, 0)::int AS copy_version
  FROM datasets d
  JOIN datasources ds ON ds.id = d.datasource_id
  JOIN organizations o ON o.id = ds.organization_id
  LEFT JOIN dataset_copy_versions v ON v.dataset_id = d.id`;

export interface CatalogueRow {
  id: string;
  slug: string;
  name: string;
  status: DatasetStatus;
  about: string;
  contact: string;
  additional_info: string;
  triples: number | null;
  categories: string[] | null;
  updated_at: Date | null;
  file_format: string;
  owner_id: string;
  owner_slug: string;
  owner_name: string;
  owner_logo_url: string | null;
  quality_conforms: boolean | null;
  quality_violations: number | null;
  quality_warnings: number | null;
  quality_checked_at: Date | null;
}

export interface CatalogueSearch {
  /** On the folded text, its wildcards and backslash escaped. */
  pattern?: string;
  limit?: number;
  offset?: number;
  quality?: 'conforms' | 'deviations';
}

// Joins are one-to-one (dataset → data source → organisation): offset/limit count datasets.
const CATALOGUE_SQL = `
  SELECT d.id, d.slug, d.name, d.status, d.about, d.contact, d.additional_info, d.triples::float8 AS triples,
         d.categories, d.updated_at, d.file_format,
         o.id AS owner_id, o.slug AS owner_slug, o.name AS owner_name, o.logo_url AS owner_logo_url,
         q.conforms AS quality_conforms, q.violations AS quality_violations, q.warnings AS quality_warnings, q.checked_at AS quality_checked_at
  FROM datasets d
  JOIN datasources ds ON ds.id = d.datasource_id
  JOIN organizations o ON o.id = ds.organization_id
  LEFT JOIN dataset_quality q ON q.dataset_id = d.id`;
const CATALOGUE_ORDER = 'ORDER BY lower(d.name), d.slug';
/** As `searchFolded` does it ($1: accented letters, $2: plain ones). */
const folded = (column: string) => `translate(lower(${column}), $1, $2) LIKE $3 ESCAPE '\\'`;
const SEARCHED = `(${['d.name', 'd.about', 'o.name'].map(folded).join(' OR ')})`;

export interface RegisteredDataset {
  id: string;
  datasource_id: string;
  slug: string;
  name: string;
  about: string;
  contact: string;
  additional_info: string;
  file_format: string;
  status: DatasetStatus;
  triples: number | null;
  categories: string[] | null;
  updated_at: Date | null;
}

const REGISTERED_SQL = `
  SELECT id, datasource_id, slug, name, about, contact, additional_info, file_format, status,
         triples::float8 AS triples, categories, updated_at
  FROM datasets`;

@Injectable()
export class DatasetsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A malformed id is simply not found. */
  withOwner(id: string, db: Queryable = this.dataSource): Promise<DatasetWithOwner | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return firstRow<DatasetWithOwner>(db, `${WITH_OWNER_SQL} WHERE d.id = $1`, [id]);
  }

  withOwnerBySlug(slug: string, db: Queryable = this.dataSource): Promise<DatasetWithOwner | null> {
    return firstRow<DatasetWithOwner>(db, `${WITH_OWNER_SQL} WHERE d.slug = $1`, [slug]);
  }

  online(search: CatalogueSearch = {}, db: Queryable = this.dataSource): Promise<CatalogueRow[]> {
    const parameters: unknown[] = [];
    let where = `WHERE d.status = '${ONLINE}'`;
    if (search.pattern !== undefined) {
      parameters.push(SEARCH_ACCENTED, SEARCH_PLAIN, search.pattern);
      where += ` AND ${SEARCHED}`;
    }
    if (search.quality) where += search.quality === 'conforms' ? ' AND q.conforms' : ' AND NOT q.conforms';
    let page = '';
    if (search.offset) page += ` OFFSET $${parameters.push(search.offset)}`;
    if (search.limit) page += ` LIMIT $${parameters.push(search.limit)}`;
    return rows<CatalogueRow>(db, `${CATALOGUE_SQL} ${where} ${CATALOGUE_ORDER}${page}`, parameters);
  }

  ofOrganizationId(organizationId: string, db: Queryable = this.dataSource): Promise<CatalogueRow[]> {
    return rows<CatalogueRow>(db, `${CATALOGUE_SQL} WHERE o.id = $1 ${CATALOGUE_ORDER}`, [organizationId]);
  }

  ofOrganizationSlug(slug: string, onlineOnly: boolean, db: Queryable = this.dataSource): Promise<CatalogueRow[]> {
    const status = onlineOnly ? ` AND d.status = '${ONLINE}'` : '';
    return rows<CatalogueRow>(db, `${CATALOGUE_SQL} WHERE o.slug = $1${status} ${CATALOGUE_ORDER}`, [slug]);
  }

  entryBySlug(slug: string, db: Queryable = this.dataSource): Promise<CatalogueRow | null> {
    return firstRow<CatalogueRow>(db, `${CATALOGUE_SQL} WHERE d.slug = $1`, [slug]);
  }

  registered(id: string, db: Queryable = this.dataSource): Promise<RegisteredDataset | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return firstRow<RegisteredDataset>(db, `${REGISTERED_SQL} WHERE id = $1`, [id]);
  }

  registeredOf(datasourceId: string, db: Queryable = this.dataSource): Promise<RegisteredDataset[]> {
    return rows<RegisteredDataset>(db, `${REGISTERED_SQL} WHERE datasource_id = $1 ORDER BY created_at ASC`, [datasourceId]);
  }

  async exists(id: string, db: Queryable = this.dataSource): Promise<boolean> {
    return (await firstRow<{ found: boolean }>(db, 'SELECT EXISTS (SELECT 1 FROM datasets WHERE id = $1) AS found', [id]))!.found;
  }

  /** Offline and undescribed until discovery reads its metadata. */
  register(dataset: { id: string; datasourceId: string; slug: string; fileFormat: string }, db: Queryable = this.dataSource): Promise<RegisteredDataset> {
    return firstRow<RegisteredDataset>(
      db,
      `INSERT INTO datasets (id, datasource_id, slug, name, about, contact, additional_info, file_format, status, checked_at)
       VALUES ($1, $2, $3, '', '', '', '', $4, 'offline', NULL)
       RETURNING id, datasource_id, slug, name, about, contact, additional_info, file_format, status, triples::float8 AS triples, categories, updated_at`,
      [dataset.id, dataset.datasourceId, dataset.slug, dataset.fileFormat],
    ) as Promise<RegisteredDataset>;
  }

  async deleteOfDatasource(id: string, datasourceId: string, db: Queryable = this.dataSource): Promise<{ id: string; name: string; slug: string; datasource_id: string } | null> {
    const [gone]: { id: string; name: string; slug: string; datasource_id: string }[][] = await db.query(
      'DELETE FROM datasets WHERE id = $1 AND datasource_id = $2 RETURNING id, name, slug, datasource_id',
      [id, datasourceId],
    );
    return gone[0] ?? null;
  }

  uniqueSlug(name: string, id: string, db: Queryable = this.dataSource): Promise<string> {
    return uniqueSlug((sql, parameters) => db.query(sql, parameters), 'datasets', name, id);
  }

  /** The datasets' statuses, their rows locked until the transaction ends (a change is recorded once, in order). */
  async lockStatuses(ids: string[], db: Queryable): Promise<Map<string, DatasetStatus>> {
    const found = await rows<{ id: string; status: DatasetStatus }>(db, 'SELECT id, status FROM datasets WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
    return new Map(found.map((row) => [row.id, row.status]));
  }

  async markOffline(ids: string[], db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE datasets SET status = $2, checked_at = now() WHERE id = ANY($1::uuid[])', [ids, 'offline']);
  }

  async describeOnline(
    id: string,
    described: { name: string; slug: string; about: string; contact: string; additionalInfo: string; triples: number | null; categories: string[] | null },
    checkedAt: Date,
    updatedAt: Date | null,
    db: Queryable = this.dataSource,
  ): Promise<void> {
    await db.query(
      `UPDATE datasets SET name = $2, slug = $3, about = $4, contact = $5, additional_info = $6, triples = $7, categories = $8,
              status = '${ONLINE}', checked_at = $9${updatedAt ? ', updated_at = $10' : ''}
       WHERE id = $1`,
      [id, described.name, described.slug, described.about, described.contact, described.additionalInfo, described.triples, described.categories, checkedAt, ...(updatedAt ? [updatedAt] : [])],
    );
  }

  copyState(id: string, db: Queryable = this.dataSource): Promise<{ triples: number | null; version: number } | null> {
    return firstRow(db, 'SELECT d.triples::float8 AS triples, coalesce(v.version, 0) AS version FROM datasets d LEFT JOIN dataset_copy_versions v ON v.dataset_id = d.id WHERE d.id = $1', [id]);
  }

  async bumpCopyVersion(id: string, db: Queryable): Promise<number> {
    const row = await firstRow<{ version: number }>(
      db,
      `INSERT INTO dataset_copy_versions (dataset_id, version) VALUES ($1, 1)
       ON CONFLICT (dataset_id) DO UPDATE SET version = dataset_copy_versions.version + 1 RETURNING version`,
      [id],
    );
    return row!.version;
  }
}
