import { applyDecorators, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, ifNoneMatchNames } from '@datahub/domain/server';
import { CurrentUser, DuringTwoFactorEnrolment, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { PagesService } from './pages.service';
import { CataloguePageView, DatasetPageView, MachtigingenPageView, MyDatasetsPageView, ShellPageView } from './pages.views';
import { CatalogueQueryDto } from '../datasets/dto/catalogue-query.dto';

/** An answer named by an ETag, 304 to a matching If-None-Match (ADR 0048). */
export const Conditional = (type: new () => unknown) =>
  applyDecorators(
    ApiOkResponse({ type, headers: { ETag: { description: 'Names this answer', schema: { type: 'string' } } } }),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an answer you hold: 304 while it is still the answer' }),
    ApiResponse({ status: 304, description: 'Unchanged since the answer named in If-None-Match' }),
  );

export function sendConditional(request: FastifyRequest, reply: FastifyReply, body: unknown): void {
  const json = JSON.stringify(body);
  sendNamed(request, reply, json, etagOf(json));
}

function sendNamed(request: FastifyRequest, reply: FastifyReply, json: string, etag: string): void {
  // Per user and never shared: a cache may keep it only to ask again with its ETag.
  void reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return void reply.status(304).send();
  void reply.status(200).type('application/json; charset=utf-8').send(json);
}

/** One read per portal page: what its loader shows, made of the services the separate operations use. */
@ApiTags('pages')
@Controller('pages')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get('shell')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @ApiOperation({ summary: "The portal's shell around every signed-in page: the user with permissions and the open access-request count" })
  @Conditional(ShellPageView)
  async shell(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.shell(actor));
  }

  @Get('datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The catalogue page: one page of the online datasets (as GET /api/datasets) and whether any is online at all' })
  @Conditional(CataloguePageView)
  async catalogue(@Query() query: CatalogueQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.pages.catalogue(query);
    sendNamed(request, reply, page.json, page.etag);
  }

  @Get('my-datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "The page of your organisation's datasets: as GET /api/my-datasets, with their use as GET /api/insight/my-datasets" })
  @Conditional(MyDatasetsPageView)
  async myDatasets(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.myDatasets(actor));
  }

  @Get('machtigingen')
  @SignedIn()
  @ApiOperation({ summary: "The machtigingen page: your organisation's authorisations received and given, their history, and its access requests (lists null without AuthorisationAssignment.Read)" })
  @Conditional(MachtigingenPageView)
  async machtigingen(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.machtigingen(actor));
  }

  @Get('dataset/:slug')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The dataset page: the dataset, its owner\'s datasets, your access, its summary, use by others (owner) and your open request' })
  @Conditional(DatasetPageView)
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async dataset(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.dataset(actor, slug));
  }
}
