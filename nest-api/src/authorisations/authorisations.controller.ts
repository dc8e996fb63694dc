import { Body, Controller, Delete, Get, Inject, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAgreement, wantsJsonLd } from '../catalog/odrl';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { DATASET_SCOPES } from '@datahub/domain';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { AuthorisationsService } from './authorisations.service';
import { AssigneeOrganizationView, AuthorisationHistoryView, AuthorisationView, CreateAuthorisationDto, RevokedAuthorisationView } from './dto/authorisation.dto';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('authorisations')
@Controller()
export class AuthorisationsController {
  constructor(
    private readonly authorisations: AuthorisationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('organizations/:slug/authorisations/received')
  @RequirePermission('AuthorisationAssignment.Read')
  @ApiOperation({ summary: 'Authorisations the organisation received (what it may read); expired ones marked until revoked' })
  @ApiOkResponse({ type: [AuthorisationView] })
  received(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<AuthorisationView[]> {
    return this.authorisations.list(actor, slug, 'received');
  }

  @Get('organizations/:slug/authorisations/given')
  @RequirePermission('AuthorisationAssignment.Read')
  @ApiOperation({ summary: "Authorisations given on the organisation's datasets; expired ones marked until revoked" })
  @ApiOkResponse({ type: [AuthorisationView] })
  given(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<AuthorisationView[]> {
    return this.authorisations.list(actor, slug, 'given');
  }

  @Get('organizations/:slug/authorisations/history')
  @RequirePermission('AuthorisationAssignment.Read')
  @ApiOperation({ summary: 'Whether the organisation ever gave or received a grant (from the audit trail), for the empty texts' })
  @ApiOkResponse({ type: AuthorisationHistoryView })
  history(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<AuthorisationHistoryView> {
    return this.authorisations.history(actor, slug);
  }

  @Get('authorisation-assignees')
  @RequirePermission('AuthorisationAssignment.Create')
  @ApiOperation({ summary: 'Organisations your organisation can grant to: every other one, not personal (tmp_) ones' })
  @ApiOkResponse({ type: [AssigneeOrganizationView] })
  assignees(@CurrentUser() actor: AuthenticatedUser): Promise<AssigneeOrganizationView[]> {
    return this.authorisations.assignees(actor);
  }

  @Get('authorisations/:id')
  @RequirePermission('AuthorisationAssignment.Read')
  @ApiOperation({ summary: 'One authorisation, for the granting or the receiving organisation; with Accept: application/ld+json as an ODRL 2.2 Agreement' })
  @ApiProduces('application/json', 'application/ld+json')
  @ApiOkResponse({ type: AuthorisationView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async get(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('id', uuid) id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthorisationView | string> {
    const view = await this.authorisations.get(actor, id);
    return wantsJsonLd(request.headers.accept) ? sendAgreement(reply, this.config.publicUrl, view) : view;
  }

  @Post('datasets/:id/authorisations')
  @RequirePermission('AuthorisationAssignment.Create')
  @ApiOperation({
    summary:
      "Grant scopes on a dataset of your organisation to another organisation (AuthorisationAssignment.Create in the dataset's owner organisation). " +
      'Granting an existing one sets its expiration date.',
  })
  @ApiCreatedResponse({ type: [AuthorisationView] })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: 'Dutch field errors: dataset, authorisations, assignee_organization, expiration_date' })
  create(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('id') id: string,
    @Body() dto: CreateAuthorisationDto,
  ): Promise<AuthorisationView[]> {
    return this.authorisations.create(actor, id, dto);
  }

  @Delete('datasets/:dataset/authorisations/:authorisation/organizations/:assignee_organization')
  @RequirePermission('AuthorisationAssignment.Delete')
  @ApiOperation({ summary: 'Revoke one scope of an organisation on a dataset; takes effect on the very next request' })
  @ApiParam({ name: 'authorisation', enum: DATASET_SCOPES.map((entry) => entry.scope) })
  @ApiParam({ name: 'assignee_organization', description: "The receiving organisation's id or slug" })
  @ApiOkResponse({ type: RevokedAuthorisationView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  revoke(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('dataset', uuid) dataset: string,
    @Param('authorisation') authorisation: string,
    @Param('assignee_organization') assignee: string,
  ): Promise<RevokedAuthorisationView> {
    return this.authorisations.revoke(actor, dataset, authorisation, assignee);
  }
}
