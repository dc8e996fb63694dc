import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchNames } from '@datahub/domain/server';
import { AcceptsApiToken, CurrentUser, RequirePermission } from '../common/access.decorators';
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
  @AcceptsApiToken('catalogue:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The catalogue: every online dataset in name order; with q/limit/offset one page of those whose name contains q' })
  @ApiOkResponse({ type: [DatasetView], headers: { ETag: { description: 'Names this answer', schema: { type: 'string' } } } })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an answer you hold: 304 while it is still the answer' })
  @ApiResponse({ status: 304, description: 'Unchanged since the answer named in If-None-Match' })
  async online(@Query() query: CatalogueQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.datasets.onlinePage(query);
    void reply.header('etag', page.etag);
    if (ifNoneMatchNames(request.headers['if-none-match'], page.etag)) return void reply.status(304).send();
    void reply.status(200).type('application/json; charset=utf-8').send(page.json);
  }

  @Get('my-datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "Your organisation's datasets, whatever their status" })
  @ApiOkResponse({ type: [DatasetView] })
  mine(@CurrentUser() actor: AuthenticatedUser): Promise<DatasetView[]> {
    return this.datasets.mine(actor);
  }

  @Get('datasets/:slug')
  @AcceptsApiToken('catalogue:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "One dataset's catalogue entry (online, or your organisation's own)" })
  @ApiOkResponse({ type: DatasetView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  bySlug(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<DatasetView> {
    return this.datasets.bySlug(actor, slug);
  }

  @Get('organizations/:slug/datasets')
  @AcceptsApiToken('catalogue:read')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "An organisation's datasets: online ones, or all of your own" })
  @ApiOkResponse({ type: [DatasetView] })
  ofOrganization(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<DatasetView[]> {
    return this.datasets.ofOrganization(actor, slug);
  }
}

