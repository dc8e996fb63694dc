import { Inject, Injectable } from '@nestjs/common';
import { RATING_LABELS } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import type { InsightOverviewView, OwnDatasetUseView, RatingDto, RatingStateView } from './insight.views';
import { InsightRepository } from './insight.repository';
import { UsageEventsService } from './usage-events.service';

export const INSIGHT_PERIODS = [7, 30, 90, 365] as const;

@Injectable()
export class InsightService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly insight: InsightRepository,
    private readonly events: UsageEventsService,
  ) {}

  async overview(actor: AuthenticatedUser, days: number): Promise<InsightOverviewView> {
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    const [visits, weeks, datasets, applications, use, satisfaction] = await Promise.all([
      this.insight.visitsPerDay(days),
      this.insight.activePerWeek(days),
      this.insight.topDatasets(days),
      this.insight.topApplications(days),
      this.insight.datasetUse(null, days),
      this.insight.satisfaction(days),
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

  async ownDatasetUse(actor: AuthenticatedUser, days: number): Promise<OwnDatasetUseView> {
    return { datasets: await this.insight.datasetUse(actor.organizationId, days) };
  }

  /** The portal waits RATING_DELAY of active use. */
  async ratingState(actor: AuthenticatedUser): Promise<RatingStateView> {
    const { delaySeconds, intervalDays, maxRating, animationMs } = this.config.rating;
    const recent = await this.insight.ratedRecently(actor.id, intervalDays);
    return { due: !recent, delay_seconds: delaySeconds, max_rating: maxRating, animation_ms: animationMs };
  }

  /** Either silences the prompt for RATING_INTERVAL. */
  async rate(actor: AuthenticatedUser, dto: RatingDto): Promise<void> {
    const max = this.config.rating.maxRating;
    const dismiss = dto.action === 'dismiss';
    if (!dismiss && (dto.score === undefined || dto.score > max)) throw ApiError.validation({ score: RATING_LABELS.scoreError(max) });
    await this.insight.insertRating({
      userId: actor.id,
      organizationId: actor.organizationId,
      score: dismiss ? null : dto.score!,
      maxRating: max,
      comment: dismiss ? null : dto.comment?.trim() || null,
    });
  }
}
