import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { firstRow, type Queryable } from '../database/queryable';

@Injectable()
export class WelcomeRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async shown(userId: string, organizationId: string, db: Queryable = this.dataSource): Promise<boolean> {
    const row = await firstRow<{ show: boolean }>(
      db,
      `SELECT NOT EXISTS (SELECT 1 FROM users WHERE id = $1 AND welcome_dismissed_at IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM datasources WHERE organization_id = $2)
          AND NOT EXISTS (
            SELECT 1 FROM authorisation_assignments a JOIN datasets d ON d.id = a.dataset_id JOIN datasources s ON s.id = d.datasource_id
            WHERE a.assignee_organization_id = $2 OR s.organization_id = $2
          ) AS show`,
      [userId, organizationId],
    );
    return row!.show;
  }

  async dismiss(userId: string, db: Queryable = this.dataSource): Promise<void> {
    await db.query('UPDATE users SET welcome_dismissed_at = now() WHERE id = $1 AND welcome_dismissed_at IS NULL', [userId]);
  }
}
