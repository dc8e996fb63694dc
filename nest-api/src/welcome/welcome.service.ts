import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../common/authenticated-user';

/**
 * The start page's welcome (issue 25 item 4, ADR 0034): shown to someone who has not yet used the
 * hub — they have not dismissed it, and their organisation has no data source and no machtiging,
 * given or received. Dismissing is stored per user.
 */
@Injectable()
export class WelcomeService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async shown(actor: AuthenticatedUser): Promise<boolean> {
    const [row]: { show: boolean }[] = await this.dataSource.query(
      `SELECT NOT EXISTS (SELECT 1 FROM users WHERE id = $1 AND welcome_dismissed_at IS NOT NULL)
          AND NOT EXISTS (SELECT 1 FROM datasources WHERE organization_id = $2)
          AND NOT EXISTS (
            SELECT 1 FROM authorisation_assignments a JOIN datasets d ON d.id = a.dataset_id JOIN datasources s ON s.id = d.datasource_id
            WHERE a.assignee_organization_id = $2 OR s.organization_id = $2
          ) AS show`,
      [actor.id, actor.organizationId],
    );
    return row.show;
  }

  /** Only the signed-in user's own welcome: the id comes from the session, never from the request. */
  async dismiss(actor: AuthenticatedUser): Promise<void> {
    await this.dataSource.query('UPDATE users SET welcome_dismissed_at = now() WHERE id = $1 AND welcome_dismissed_at IS NULL', [actor.id]);
  }
}
