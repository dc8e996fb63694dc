import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, rows, type Queryable } from '../database/queryable';
import type { PathKind } from '../hub/datasource-urls';

/** The secret is read only by `secretOf`. */
export interface DatasourceRow {
  id: string;
  name: string;
  hostname: string | null;
  organization_id: string;
  organization_name: string;
  organization_logo_url: string | null;
  contacted_at: Date | null;
  reachable: boolean | null;
  reachable_changed_at: Date | null;
}

export interface DatasourceDatasetRow {
  dataset_id: string;
  slug: string;
  name: string;
  status: string;
  checked_at: Date | null;
}

export interface DatasourceHostRow {
  hostname: string | null;
  organization_id: string;
  organization_slug: string;
}

const DATASOURCE_SQL = `
  SELECT ds.id, ds.name, ds.hostname, ds.organization_id, o.name AS organization_name, o.logo_url AS organization_logo_url,
         ds.contacted_at, ds.reachable, ds.reachable_changed_at
  FROM datasources ds
  JOIN organizations o ON o.id = ds.organization_id`;

@Injectable()
export class DatasourcesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  list(organizationId: string | null, db: Queryable = this.dataSource): Promise<DatasourceRow[]> {
    return organizationId === null
      ? rows<DatasourceRow>(db, `${DATASOURCE_SQL} ORDER BY ds.name ASC`)
      : rows<DatasourceRow>(db, `${DATASOURCE_SQL} WHERE ds.organization_id = $1 ORDER BY ds.name ASC`, [organizationId]);
  }

  byId(id: string, db: Queryable = this.dataSource): Promise<DatasourceRow | null> {
    return firstRow<DatasourceRow>(db, `${DATASOURCE_SQL} WHERE ds.id = $1`, [id]);
  }

  byName(organizationId: string, name: string, db: Queryable = this.dataSource): Promise<DatasourceRow | null> {
    return firstRow<DatasourceRow>(db, `${DATASOURCE_SQL} WHERE ds.organization_id = $1 AND ds.name = $2`, [organizationId, name]);
  }

  async ids(db: Queryable = this.dataSource): Promise<string[]> {
    return (await rows<{ id: string }>(db, 'SELECT id FROM datasources ORDER BY created_at')).map((row) => row.id);
  }

  async organizationOf(id: string, db: Queryable = this.dataSource): Promise<string | null> {
    return (await firstRow<{ organization_id: string }>(db, 'SELECT organization_id FROM datasources WHERE id = $1', [id]))?.organization_id ?? null;
  }

  host(id: string, db: Queryable = this.dataSource): Promise<DatasourceHostRow | null> {
    return firstRow<DatasourceHostRow>(
      db,
      `SELECT ds.hostname, ds.organization_id, o.slug AS organization_slug FROM datasources ds JOIN organizations o ON o.id = ds.organization_id WHERE ds.id = $1`,
      [id],
    );
  }

  async secretOf(id: string, db: Queryable = this.dataSource): Promise<string | null> {
    return (await firstRow<{ secret_encrypted: string }>(db, 'SELECT secret_encrypted FROM datasources WHERE id = $1', [id]))?.secret_encrypted ?? null;
  }

  datasetsOf(id: string, db: Queryable = this.dataSource): Promise<DatasourceDatasetRow[]> {
    return rows<DatasourceDatasetRow>(db, 'SELECT id AS dataset_id, slug, name, status, checked_at FROM datasets WHERE datasource_id = $1 ORDER BY lower(name), slug', [id]);
  }

  async belongsTo(id: string, organizationId: string, db: Queryable = this.dataSource): Promise<boolean> {
    return (await firstRow<{ found: boolean }>(db, 'SELECT EXISTS (SELECT 1 FROM datasources WHERE id = $1 AND organization_id = $2) AS found', [id, organizationId]))!.found;
  }

  async nameTaken(organizationId: string, name: string, db: Queryable = this.dataSource): Promise<boolean> {
    const row = await firstRow<{ taken: boolean }>(db, 'SELECT EXISTS (SELECT 1 FROM datasources WHERE organization_id = $1 AND lower(name) = lower($2)) AS taken', [organizationId, name]);
    return row!.taken;
  }

  async hostnameTaken(hostname: string, db: Queryable = this.dataSource): Promise<boolean> {
    const row = await firstRow<{ taken: boolean }>(db, 'SELECT EXISTS (SELECT 1 FROM datasources WHERE lower(hostname) = $1) AS taken', [hostname]);
    return row!.taken;
  }

  async insert(datasource: { name: string; hostname: string | null; organizationId: string; secretEncrypted: string }, db: Queryable = this.dataSource): Promise<string> {
    const row = await firstRow<{ id: string }>(
      db,
      'INSERT INTO datasources (name, hostname, organization_id, secret_encrypted) VALUES ($1, $2, $3, $4) RETURNING id',
      [datasource.name, datasource.hostname, datasource.organizationId, datasource.secretEncrypted],
    );
    return row!.id;
  }

  async setSecret(id: string, secretEncrypted: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE datasources SET secret_encrypted = $2 WHERE id = $1', [id, secretEncrypted]);
  }

  async setHostname(id: string, hostname: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE datasources SET hostname = $2 WHERE id = $1', [id, hostname]);
  }

  async delete(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM datasources WHERE id = $1', [id]);
  }

  /** Written at most once a minute per data source. */
  async touchContact(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(`UPDATE datasources SET contacted_at = now() WHERE id = $1 AND (contacted_at IS NULL OR contacted_at < now() - interval '1 minute')`, [id]);
  }

  /** Whether it went offline or came back: read under the row's lock, so of two API processes only one sees the change (one mail). */
  async recordReachable(id: string, reachable: boolean, db: Queryable = this.dataSource): Promise<{ changed: boolean } | null> {
    const row = await firstRow<{ changed: boolean }>(
      db,
      `UPDATE datasources ds
       SET reachable = $2,
           contacted_at = CASE WHEN $2 THEN now() ELSE ds.contacted_at END,
           reachable_changed_at = CASE WHEN before.reachable IS NOT NULL AND before.reachable <> $2 THEN now() ELSE ds.reachable_changed_at END
       FROM (SELECT id, reachable FROM datasources WHERE id = $1 FOR UPDATE) AS before
       WHERE ds.id = before.id
       RETURNING (before.reachable IS NOT NULL AND before.reachable <> $2) AS changed`,
      [id, reachable],
    );
    return row;
  }

  async hostPatterns(ids: string[], db: Queryable = this.dataSource): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const found = await rows<{ datasource_id: string; pattern: string }>(
      db,
      `SELECT datasource_id, pattern FROM datasource_path_overrides WHERE path = 'host' AND datasource_id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(found.map((row) => [row.datasource_id, row.pattern]));
  }

  pathOverrides(id: string, db: Queryable = this.dataSource): Promise<{ path: PathKind; pattern: string }[]> {
    return rows(db, 'SELECT path, pattern FROM datasource_path_overrides WHERE datasource_id = $1 ORDER BY path', [id]);
  }

  async lockedPathPattern(id: string, path: string, db: Queryable = this.dataSource): Promise<string | null> {
    return (await firstRow<{ pattern: string }>(db, 'SELECT pattern FROM datasource_path_overrides WHERE datasource_id = $1 AND path = $2 FOR UPDATE', [id, path]))?.pattern ?? null;
  }

  async setPathOverride(id: string, path: string, pattern: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query(
      `INSERT INTO datasource_path_overrides (datasource_id, path, pattern) VALUES ($1, $2, $3)
       ON CONFLICT (datasource_id, path) DO UPDATE SET pattern = EXCLUDED.pattern`,
      [id, path, pattern],
    );
  }

  async deletePathOverride(id: string, path: string, db: Queryable = this.dataSource): Promise<string | null> {
    const [deleted]: { pattern: string }[][] = await db.query('DELETE FROM datasource_path_overrides WHERE datasource_id = $1 AND path = $2 RETURNING pattern', [id, path]);
    return deleted[0]?.pattern ?? null;
  }
}
