import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { InsightService, INSIGHT_PERIODS } from './insight.service';
import { InsightOverviewView, OwnDatasetUseView, PageViewDto, RatingDto, RatingStateView } from './insight.views';
import { UsageEventsService } from './usage-events.service';

/** The selector is a plain GET form, so an unknown period is the default rather than an error. */
function period(value: string | undefined, fallback = 30): number {
  const days = Number(value);
  return (INSIGHT_PERIODS as readonly number[]).includes(days) ? days : fallback;
}

@ApiTags('insight')
@Controller()
export class InsightController {
  constructor(
    private readonly insight: InsightService,
    private readonly events: UsageEventsService,
  ) {}

  @Post('insight/page-views')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'A page view by route pattern (stored only with consent and without DNT/Sec-GPC; the first of a session also counts as a VISIT)' })
  @ApiNoContentResponse()
  pageView(@CurrentUser() actor: AuthenticatedUser, @Body() dto: PageViewDto): void {
    this.events.record(actor, 'PAGE_VIEW', { route: dto.route, subjectSlug: dto.slug });
  }

  @Get('insight/overview')
  @SignedIn()
  @ApiOperation({ summary: 'Usage and satisfaction figures of the platform (platform admins only)' })
  @ApiQuery({ name: 'days', required: false, enum: [...INSIGHT_PERIODS] })
  @ApiOkResponse({ type: InsightOverviewView })
  overview(@CurrentUser() actor: AuthenticatedUser, @Query('days') days?: string): Promise<InsightOverviewView> {
    return this.insight.overview(actor, period(days));
  }

  @Get('insight/my-datasets')
  @SignedIn()
  @ApiOperation({ summary: "SPARQL queries and XML downloads of your organisation's datasets" })
  @ApiQuery({ name: 'days', required: false, enum: [...INSIGHT_PERIODS] })
  @ApiOkResponse({ type: OwnDatasetUseView })
  myDatasets(@CurrentUser() actor: AuthenticatedUser, @Query('days') days?: string): Promise<OwnDatasetUseView> {
    return this.insight.ownDatasetUse(actor, period(days));
  }

  @Get('ratings/state')
  @SignedIn()
  @ApiOperation({ summary: 'Whether the satisfaction prompt is due for you, and its settings' })
  @ApiOkResponse({ type: RatingStateView })
  ratingState(@CurrentUser() actor: AuthenticatedUser): Promise<RatingStateView> {
    return this.insight.ratingState(actor);
  }

  @Post('ratings')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'Your satisfaction score (1..max_rating, optional comment), or a dismissal of the prompt' })
  @ApiNoContentResponse()
  async rate(@CurrentUser() actor: AuthenticatedUser, @Body() dto: RatingDto): Promise<void> {
    await this.insight.rate(actor, dto);
  }
}
