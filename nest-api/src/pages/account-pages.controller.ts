import { Controller, Get, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiMovedPermanentlyResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, DuringTwoFactorEnrolment, RequirePermission, SignedIn } from '../common/access.decorators';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { AccountPagesService } from './account-pages.service';
import { ProfilePageView, TwoFactorPageView } from './account-pages.views';
import { Conditional, PageReplies } from './page-replies';
import { MyOrganizationPageView, OrganizationAdminPages, UserPageView, UsersPageView } from './organization-admin-pages';
import { HomePageView, NewAuthorisationPageView, StartPages } from './start-pages';
import { LogbookPage, LogbookPageView } from './logbook-page';
import { filterQueries } from '../audit/audit.controller';
import type { AuditFilterQuery } from '../audit/audit-filters';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('pages')
@Controller('pages')
export class AccountPagesController {
  constructor(
    private readonly replies: PageReplies,
    private readonly pages: AccountPagesService,
    private readonly organization: OrganizationAdminPages,
    private readonly start: StartPages,
    private readonly logbook: LogbookPage,
  ) {}

  @Get('profile')
  @SignedIn()
  @ApiOperation({ summary: 'The profile page: you, your personal API tokens (as GET /api/profile/api-tokens), whether you have a password, two-step sign-in and the rating settings' })
  @Conditional(ProfilePageView)
  async profile(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.pages.profile(actor));
  }

  @Get('two-factor')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @ApiOperation({ summary: 'The two-step sign-in page: its state (as GET /api/auth/two-factor) and the pending enrolment (as GET /api/auth/two-factor/enrolment)' })
  @Conditional(TwoFactorPageView)
  async twoFactor(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.pages.twoFactorPage(actor));
  }

  @Get('home')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: 'The start page: the application catalogue (as GET /api/applications) and whether the welcome shows (as GET /api/profile/welcome)' })
  @Conditional(HomePageView)
  async home(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.start.home(actor));
  }

  @Get('new-authorisation')
  @SignedIn()
  @ApiOperation({ summary: 'The grant form: your datasets (as GET /api/my-datasets) and the organisations you may grant to (as GET /api/authorisation-assignees), both null without AuthorisationAssignment.Create' })
  @Conditional(NewAuthorisationPageView)
  @ApiForbiddenResponse({ type: ErrorBodyView })
  async newAuthorisation(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.start.newAuthorisation(actor));
  }

  @Get('logbook')
  @RequirePermission('AuditLog.Read')
  @ApiOperation({ summary: "The logbook page: GET /api/audit-log's page (or its Dutch field errors) with the filter form's choices, GET /api/my-datasets and GET /api/authorisation-assignees (refused as those are)" })
  @filterQueries()
  @Conditional(LogbookPageView)
  @ApiForbiddenResponse({ type: ErrorBodyView })
  async logbookPage(@CurrentUser() actor: AuthenticatedUser, @Query() query: AuditFilterQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.logbook.read(actor, query));
  }

  @Get('my-organization')
  @RequirePermission('Organization.Read')
  @ApiOperation({ summary: "Your organisation's page: as GET /api/pages/organization/{slug} for your own, with its API tokens, members' tokens (ApiToken.Manage) and webhooks with their deliveries (Organization.Update), each null without that right" })
  @Conditional(MyOrganizationPageView)
  @ApiForbiddenResponse({ type: ErrorBodyView })
  async myOrganization(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.organization.myOrganization(actor));
  }

  @Get('users/:slug')
  @RequirePermission('Organization.Read')
  @ApiOperation({ summary: "An organisation's users page: as GET /api/organizations/{slug} and its /users, with your organisation's open invitations (GET /api/invitations) when you may invite" })
  @Conditional(UsersPageView)
  @ApiMovedPermanentlyResponse({ type: ErrorBodyView, description: "An organisation's former slug: Location gives its lasting API address" })
  @ApiForbiddenResponse({ type: ErrorBodyView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async users(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.organization.usersOf(actor, slug));
  }

  @Get('my-users')
  @RequirePermission('Organization.Read')
  @ApiOperation({ summary: 'Your organisation\'s users page: as GET /api/pages/users/{slug} for your own' })
  @Conditional(UsersPageView)
  @ApiForbiddenResponse({ type: ErrorBodyView })
  async myUsers(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.organization.usersOf(actor, actor.organizationSlug));
  }

  @Get('user/:id')
  @RequirePermission('User.Read')
  @ApiOperation({ summary: 'One user\'s page: as GET /api/users/{id} and its /roles' })
  @Conditional(UserPageView)
  @ApiNotFoundResponse({ type: ErrorBodyView })
  async user(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.replies.send(request, reply, this.organization.user(actor, id));
  }
}
