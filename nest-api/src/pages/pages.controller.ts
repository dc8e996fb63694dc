import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, DuringTwoFactorEnrolment, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { PagesService } from './pages.service';
import { Conditional, ConditionalShell, PageReplies, sendConditional } from './page-replies';
import { CataloguePageView, DatasetPageView, MachtigingenPageView, MyDatasetsPageView } from './pages.views';
import { CatalogueQueryDto } from '../datasets/dto/catalogue-query.dto';

@ApiTags('pages')
@Controller('pages')
export class PagesController {
  constructor(
    private readonly pages: PagesService,
    private readonly replies: PageReplies,
  ) {}

  @Get('shell')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @ApiOperation({ summary: "The portal's shell around every signed-in page: the user with permissions and the open access-request count" })
  @ConditionalShell()
  async shell(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.shell(actor));
  }

  @Get('datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The catalogue page: one page of the online datasets (as GET /api/datasets) and whether any is online at all' })
  @Conditional(CataloguePageView)
  async catalogue(@Query() query: CatalogueQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.sendJson(request, reply, this.pages.catalogue(query));
  }

  @Get('my-datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "The page of your organisation's datasets: as GET /api/my-datasets, with their use as GET /api/insight/my-datasets" })
  @Conditional(MyDatasetsPageView)
  async myDatasets(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.pages.myDatasets(actor));
  }

  @Get('machtigingen')
  @SignedIn()
  @ApiOperation({ summary: "The machtigingen page: your organisation's authorisations received and given, their history, and its access requests (lists null without AuthorisationAssignment.Read)" })
  @Conditional(MachtigingenPageView)
  async machtigingen(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.pages.machtigingen(actor));
  }

  @Get('dataset/:slug')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The dataset page: the dataset, its owner\'s datasets, your access, its summary, use by others (owner) and your open request' })
  @Conditional(DatasetPageView)
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async dataset(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.pages.dataset(actor, slug));
  }
}
