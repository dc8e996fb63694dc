import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { DatasetView } from './dataset.view';
import { DatasetsService } from './datasets.service';
import { CatalogueQueryDto } from './dto/catalogue-query.dto';

@ApiTags('datasets')
@Controller()
export class DatasetsController {
  constructor(private readonly datasets: DatasetsService) {}

  @Get('datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The catalogue: every online dataset in name order; with q/limit/offset one page of those whose name contains q' })
  @ApiOkResponse({ type: [DatasetView] })
  online(@Query() query: CatalogueQueryDto): Promise<DatasetView[]> {
    return this.datasets.online(query);
  }

  @Get('my-datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "Your organisation's datasets, whatever their status" })
  @ApiOkResponse({ type: [DatasetView] })
  mine(@CurrentUser() actor: AuthenticatedUser): Promise<DatasetView[]> {
    return this.datasets.mine(actor);
  }

  @Get('datasets/:slug')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "One dataset's catalogue entry (online, or your organisation's own)" })
  @ApiOkResponse({ type: DatasetView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  bySlug(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<DatasetView> {
    return this.datasets.bySlug(actor, slug);
  }

  @Get('organizations/:slug/datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "An organisation's datasets: online ones, or all of your own" })
  @ApiOkResponse({ type: [DatasetView] })
  ofOrganization(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<DatasetView[]> {
    return this.datasets.ofOrganization(actor, slug);
  }
}
