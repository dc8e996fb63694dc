import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RATING_LABELS } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import type { InsightOverviewView, OwnDatasetUseView, RatingDto, RatingStateView } from './insight.views';
import { APPLICATION_ROUTE, DATASET_ROUTE, UsageEventsService } from './usage-events.service';

export const INSIGHT_PERIODS = [7, 30, 90, 365] as const;

/** The numbers behind /beheer-inzicht (platform admins), owners' dataset counts and the satisfaction rating. */
@Injectable()
export class InsightService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: UsageEventsService,
  ) {}

  async overview(actor: AuthenticatedUser, days: number): Promise<InsightOverviewView> {
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    const since = [days];
    const window = `occurred_at >= date_trunc('day', now()) - make_interval(days => $1 - 1)`;
    const [visits, weeks, datasets, applications, use, satisfaction] = await Promise.all([
      this.dataSource.query(
        `SELECT to_char(date_trunc('day', occurred_at), 'YYYY-MM-DD') AS day, count(*)::int AS visits
         FROM usage_events WHERE kind = 'VISIT' AND ${window} GROUP BY 1 ORDER BY 1`,
        since,
      ),
      this.dataSource.query(
        `SELECT to_char(date_trunc('week', occurred_at), 'YYYY-MM-DD') AS week,
                count(DISTINCT user_id)::int AS users, count(DISTINCT organization_id)::int AS organizations
         FROM usage_events WHERE ${window} GROUP BY 1 ORDER BY 1`,
        since,
      ),
      this.dataSource.query(
        `SELECT COALESCE(NULLIF(d.name, ''), d.slug) AS name, count(*)::int AS views FROM usage_events e JOIN datasets d ON d.id = e.subject_id
         WHERE e.kind = 'PAGE_VIEW' AND e.route = '${DATASET_ROUTE}' AND ${window.replace('occurred_at', 'e.occurred_at')}
         GROUP BY d.id ORDER BY views DESC, 1 LIMIT 10`,
        since,
      ),
      this.dataSource.query(
        `SELECT a.name, count(*)::int AS views FROM usage_events e JOIN applications a ON a.id = e.subject_id
         WHERE e.kind = 'PAGE_VIEW' AND e.route = '${APPLICATION_ROUTE}' AND ${window.replace('occurred_at', 'e.occurred_at')}
         GROUP BY a.id, a.name ORDER BY views DESC, a.name LIMIT 10`,
        since,
      ),
      this.datasetUse(null, days),
      this.dataSource.query(
        `SELECT score, count(*)::int AS count FROM ratings
         WHERE score IS NOT NULL AND created_at >= date_trunc('day', now()) - make_interval(days => $1 - 1) GROUP BY score ORDER BY score`,
        since,
      ),
    ]);
    return {
      days,
      visits_per_day: visits,
      active_per_week: weeks,
      top_datasets: datasets,
      top_applications: applications,
      dataset_use: use,
      satisfaction,
      max_rating: this.config.rating.maxRating,
      dropped_events: this.events.status().dropped,
    };
  }

  /** Query and download counts of the actor's own organisation's datasets. */
  async ownDatasetUse(actor: AuthenticatedUser, days: number): Promise<OwnDatasetUseView> {
    return { datasets: await this.datasetUse(actor.organizationId, days) };
  }

  private datasetUse(organizationId: string | null, days: number) {
    return this.dataSource.query(
      `SELECT d.id AS dataset_id, COALESCE(NULLIF(d.name, ''), d.slug) AS name,
              count(*) FILTER (WHERE e.kind = 'DATASET_QUERIED')::int AS queries,
              count(*) FILTER (WHERE e.kind = 'XML_DOWNLOADED')::int AS downloads
       FROM usage_events e JOIN datasets d ON d.id = e.subject_id JOIN datasources s ON s.id = d.datasource_id
       WHERE e.kind IN ('DATASET_QUERIED', 'XML_DOWNLOADED')
         AND e.occurred_at >= date_trunc('day', now()) - make_interval(days => $1 - 1)
         AND ($2::uuid IS NULL OR s.organization_id = $2)
       GROUP BY d.id ORDER BY count(*) DESC, 2 LIMIT 20`,
      [days, organizationId],
    );
  }

  /** Whether the prompt may show: nothing answered within RATING_INTERVAL; the portal waits RATING_DELAY of active use. */
  async ratingState(actor: AuthenticatedUser): Promise<RatingStateView> {
    const { delaySeconds, intervalDays, maxRating, animationMs } = this.config.rating;
    const [row]: { recent: boolean }[] = await this.dataSource.query(
      'SELECT EXISTS (SELECT 1 FROM ratings WHERE user_id = $1 AND created_at > now() - make_interval(days => $2)) AS recent',
      [actor.id, intervalDays],
    );
    return { due: !row.recent, delay_seconds: delaySeconds, max_rating: maxRating, animation_ms: animationMs };
  }

  /** A score (with an optional comment), or a dismissal (score left empty): either one silences the prompt for RATING_INTERVAL. */
  async rate(actor: AuthenticatedUser, dto: RatingDto): Promise<void> {
    const max = this.config.rating.maxRating;
    const dismiss = dto.action === 'dismiss';
    if (!dismiss && (dto.score === undefined || dto.score > max)) throw ApiError.validation({ score: RATING_LABELS.scoreError(max) });
    await this.dataSource.query('INSERT INTO ratings (user_id, organization_id, score, max_rating, comment) VALUES ($1, $2, $3, $4, $5)', [
      actor.id,
      actor.organizationId,
      dismiss ? null : dto.score,
      max,
      dismiss ? null : dto.comment?.trim() || null,
    ]);
  }
}
