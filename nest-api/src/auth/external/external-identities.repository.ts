import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../../database/queryable';

export interface LinkedUserRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
}

@Injectable()
export class ExternalIdentitiesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  linkedUser(provider: string, subject: string, db: Queryable = this.dataSource): Promise<LinkedUserRow | null> {
    return firstRow<LinkedUserRow>(
      db,
      `SELECT u.id, u.email, u.firstname, u.lastname
         FROM external_identities e JOIN users u ON u.id = e.user_id
        WHERE e.provider = $1 AND e.subject = $2`,
      [provider, subject],
    );
  }

  async link(provider: string, subject: string, userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('INSERT INTO external_identities (provider, subject, user_id) VALUES ($1, $2, $3)', [provider, subject, userId]);
  }
}
