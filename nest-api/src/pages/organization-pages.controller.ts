import { Controller, Get, Param, ParseUUIDPipe, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiMovedPermanentlyResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { ApplicationFormPageView, ApplicationPages, ApplicationPageView, ApplicationsPageView, ManageApplicationPageView, OrganizationApplicationsPageView } from './application-pages';
import { DatasourcePages, DatasourcePageView, DatasourcesPageView, ManageDatasetsPageView } from './datasource-pages';
import { OrganizationPage, OrganizationPageView } from './organization-page';
import { Conditional, PageReplies } from './page-replies';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });
const MOVED = { type: ErrorBodyView, description: "An organisation's former slug: Location gives its lasting API address" };
const NOT_FOUND = { type: ErrorBodyView };
const ADMINS_ONLY = { type: ErrorBodyView, description: 'Not an organisation admin' };

@ApiTags('pages')
@Controller('pages')
export class OrganizationPagesController {
  constructor(
    private readonly replies: PageReplies,
    private readonly organization: OrganizationPage,
    private readonly datasources: DatasourcePages,
    private readonly applications: ApplicationPages,
  ) {}

  @Get('organization/:slug')
  @RequirePermission('Organization.Read')
  @ApiOperation({ summary: 'The organisation page: as GET /api/organizations/{slug}, with its users and licences (each read refused as on its own)' })
  @Conditional(OrganizationPageView)
  @ApiMovedPermanentlyResponse(MOVED)
  @ApiForbiddenResponse({ type: ErrorBodyView })
  @ApiNotFoundResponse(NOT_FOUND)
  async organizationPage(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.organization.read(actor, slug));
  }

  @Get('datasources')
  @SignedIn()
  @ApiOperation({ summary: "The data sources page: as GET /api/my-datasources (null without Datasource.Read)" })
  @Conditional(DatasourcesPageView)
  async datasourcesPage(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.datasources.own(actor));
  }

  @Get('datasource/:id')
  @RequirePermission('Datasource.Read')
  @ApiOperation({ summary: 'One data source page: as GET /api/datasources/{id}, with the user whose rights decide its buttons' })
  @Conditional(DatasourcePageView)
  @ApiNotFoundResponse(NOT_FOUND)
  async datasourcePage(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.datasources.datasource(actor, id));
  }

  @Get('manage-datasets')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: 'The manage-datasets page: GET /api/datasources (null without Datasource.Read) and the datasets of GET /api/datasets and GET /api/my-datasets' })
  @Conditional(ManageDatasetsPageView)
  async manageDatasetsPage(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.datasources.manageDatasets(actor));
  }

  @Get('application/:slug')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: "The application page: as GET /api/application/{slug}, with its owner's applications" })
  @Conditional(ApplicationPageView)
  @ApiNotFoundResponse(NOT_FOUND)
  async applicationPage(@Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.applications.application(slug));
  }

  @Get('organization/:slug/applications')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: "An organisation's applications page: as GET /api/organizations/{slug}/applications, with the user" })
  @Conditional(OrganizationApplicationsPageView)
  @ApiMovedPermanentlyResponse(MOVED)
  @ApiNotFoundResponse(NOT_FOUND)
  async organizationApplicationsPage(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.applications.ofOrganization(actor, slug));
  }

  @Get('my-applications')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: "The page of your organisation's applications" })
  @Conditional(ApplicationsPageView)
  async myApplicationsPage(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.applications.mine(actor));
  }

  @Get('manage-applications')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: 'The manage-applications page: every application, for organisation admins' })
  @Conditional(ApplicationsPageView)
  @ApiForbiddenResponse(ADMINS_ONLY)
  async manageApplicationsPage(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.applications.manageList(actor));
  }

  @Get('new-application')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: "The page that creates an application, for organisation admins: the form's owners and data sources" })
  @Conditional(ApplicationFormPageView)
  @ApiForbiddenResponse(ADMINS_ONLY)
  async newApplicationPage(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.applications.form(actor));
  }

  @Get('manage-application/:slug')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: "The page that edits an application, for organisation admins: the application, the form's owners and data sources, its data source and that one's path overrides" })
  @Conditional(ManageApplicationPageView)
  @ApiForbiddenResponse(ADMINS_ONLY)
  @ApiNotFoundResponse(NOT_FOUND)
  async manageApplicationPage(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.applications.manage(actor, slug));
  }
}
