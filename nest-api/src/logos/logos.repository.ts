import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../database/queryable';

const OWNER_ORGANIZATION = { applications: 'owner_organization_id', organizations: 'id' } as const;
export type LogoOwnerTable = keyof typeof OWNER_ORGANIZATION;

@Injectable()
export class LogosRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(logo: { contentType: string; data: Buffer; sha256: string }, db: Queryable = this.dataSource): Promise<string> {
    const row = await firstRow<{ id: string }>(db, 'INSERT INTO logos (content_type, data, sha256) VALUES ($1, $2, $3) RETURNING id', [
      logo.contentType,
      logo.data,
      logo.sha256,
    ]);
    return row!.id;
  }

  async delete(id: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('DELETE FROM logos WHERE id = $1', [id]);
  }

  byId(id: string, db: Queryable = this.dataSource): Promise<{ contentType: string; data: Buffer; sha256: string } | null> {
    return firstRow(db, 'SELECT content_type AS "contentType", data, sha256 FROM logos WHERE id = $1', [id]);
  }

  lockOwner(table: LogoOwnerTable, id: string, db: Queryable): Promise<{ logo_url: string | null; organization_id: string } | null> {
    return firstRow(db, `SELECT logo_url, ${OWNER_ORGANIZATION[table]} AS organization_id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
  }

  async setOwnerLogo(table: LogoOwnerTable, id: string, url: string | null, db: Queryable = this.dataSource): Promise<void> {
    await db.query(`UPDATE ${table} SET logo_url = $2 WHERE id = $1`, [id, url]);
  }
}
