import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Max, Min } from 'class-validator';
import { FIELD_ERRORS, RATING_LABELS } from '@datahub/domain';

const invalid = { message: FIELD_ERRORS.invalid };

export class PageViewDto {
  @ApiProperty({ example: '/dataset/:slug', description: 'The route pattern, never the URL (no ids, no query)' })
  @IsString(invalid)
  @MaxLength(100, invalid)
  @Matches(/^\/[a-z0-9\-/:$]*$/, invalid)
  route: string;

  @ApiProperty({ required: false, description: 'The slug of a dataset or application page, resolved to its id' })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(200, invalid)
  slug?: string;
}

export class VisitsPerDayView {
  @ApiProperty({ example: '2026-11-23' }) day: string;
  @ApiProperty() visits: number;
}
export class ActivePerWeekView {
  @ApiProperty({ example: '2026-11-16', description: 'Monday of the week' }) week: string;
  @ApiProperty() users: number;
  @ApiProperty() organizations: number;
}
export class SubjectViewsView {
  @ApiProperty() name: string;
  @ApiProperty() views: number;
}
export class DatasetUseView {
  @ApiProperty() dataset_id: string;
  @ApiProperty() name: string;
  @ApiProperty() queries: number;
  @ApiProperty() downloads: number;
}
export class SatisfactionView {
  @ApiProperty() score: number;
  @ApiProperty() count: number;
}
export class InsightOverviewView {
  @ApiProperty() days: number;
  @ApiProperty({ type: [VisitsPerDayView] }) visits_per_day: VisitsPerDayView[];
  @ApiProperty({ type: [ActivePerWeekView] }) active_per_week: ActivePerWeekView[];
  @ApiProperty({ type: [SubjectViewsView] }) top_datasets: SubjectViewsView[];
  @ApiProperty({ type: [SubjectViewsView] }) top_applications: SubjectViewsView[];
  @ApiProperty({ type: [DatasetUseView] }) dataset_use: DatasetUseView[];
  @ApiProperty({ type: [SatisfactionView] }) satisfaction: SatisfactionView[];
  @ApiProperty() max_rating: number;
  @ApiProperty({ description: 'Events dropped since start because the queue was full or a write failed' }) dropped_events: number;
}
export class OwnDatasetUseView {
  @ApiProperty({ type: [DatasetUseView] }) datasets: DatasetUseView[];
}

export class RatingStateView {
  @ApiProperty({ description: 'False within RATING_INTERVAL of your last score or dismissal' }) due: boolean;
  @ApiProperty({ description: 'RATING_DELAY: seconds of active use (counted by the portal) before the prompt shows' }) delay_seconds: number;
  @ApiProperty() max_rating: number;
  @ApiProperty() animation_ms: number;
}

export class RatingDto {
  @ApiProperty({ required: false, description: '1..max_rating; leave out to dismiss the prompt' })
  @IsOptional()
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(100, invalid)
  score?: number;

  @ApiProperty({ required: false })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(1000, { message: RATING_LABELS.commentError })
  comment?: string;

  @ApiProperty({ required: false, enum: ['rate', 'dismiss'] })
  @IsOptional()
  @IsIn(['rate', 'dismiss'], invalid)
  action?: 'rate' | 'dismiss';
}
