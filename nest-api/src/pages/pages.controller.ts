import { applyDecorators, Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, ifNoneMatchNames } from '@datahub/domain/server';
import { CurrentUser, DuringTwoFactorEnrolment, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { PagesService } from './pages.service';
import { DatasetPageView, ShellPageView } from './pages.views';

/** An answer named by an ETag, 304 to a matching If-None-Match (ADR 0046-d). */
const Conditional = (type: new () => unknown) =>
  applyDecorators(
    ApiOkResponse({ type, headers: { ETag: { description: 'Names this answer', schema: { type: 'string' } } } }),
    ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of an answer you hold: 304 while it is still the answer' }),
    ApiResponse({ status: 304, description: 'Unchanged since the answer named in If-None-Match' }),
  );

function sendConditional(request: FastifyRequest, reply: FastifyReply, body: unknown): void {
  const json = JSON.stringify(body);
  const etag = etagOf(json);
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

  @Get('dataset/:slug')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The dataset page: the dataset, its owner\'s datasets, your access, its summary, use by others (owner) and your open request' })
  @Conditional(DatasetPageView)
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async dataset(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.dataset(actor, slug));
  }
}
