import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptsApiToken, CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { DatasetSummaryService } from './dataset-summary.service';
import { DatasetSummaryView } from './dataset-summary.views';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('datasets')
@Controller('datasets/:id/summary')
export class DatasetSummaryController {
  constructor(private readonly summaries: DatasetSummaryService) {}

  @Get()
  @AcceptsApiToken('data:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({
    summary:
      "What a dataset holds within your organisation's scopes: triples, and counts per category, class and property (most frequent first, at most 50 each). " +
      'Computed once per dataset version and scope set. 403 without any scope, 404 unknown, 503 offline (as GET …/data).',
  })
  @ApiOkResponse({ type: DatasetSummaryView })
  summary(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<DatasetSummaryView> {
    return this.summaries.summary(actor, id);
  }
}
