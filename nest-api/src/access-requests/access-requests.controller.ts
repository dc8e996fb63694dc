import { Body, Controller, Get, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { AccessRequestsService } from './access-requests.service';
import { AccessRequestView, ApproveAccessRequestDto, CreateAccessRequestDto, DeclineAccessRequestDto, OpenAccessRequestCountView } from './dto/access-request.dto';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('access-requests')
@Controller()
export class AccessRequestsController {
  constructor(private readonly requests: AccessRequestsService) {}

  @Post('datasets/:id/access-requests')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "Ask the dataset's owner organisation for scopes on it (one open request per dataset and organisation)" })
  @ApiCreatedResponse({ type: AccessRequestView })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: 'Dutch field errors: authorisations, reason, expiration_date, dataset' })
  @ApiConflictResponse({ type: ErrorBodyView, description: 'An open request exists' })
  create(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: CreateAccessRequestDto): Promise<AccessRequestView> {
    return this.requests.create(actor, id, dto);
  }

  @Get('organizations/:organization_id/access-requests/received')
  @RequirePermission('AuthorisationAssignment.Create')
  @ApiOperation({ summary: "Requests for the organisation's datasets, open ones first" })
  @ApiOkResponse({ type: [AccessRequestView] })
  received(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string): Promise<AccessRequestView[]> {
    return this.requests.received(actor, organizationId);
  }

  @Get('organizations/:organization_id/access-requests/open-count')
  @RequirePermission('AuthorisationAssignment.Create')
  @ApiOperation({ summary: "How many requests for the organisation's datasets wait for a decision (the menu's count)" })
  @ApiOkResponse({ type: OpenAccessRequestCountView })
  openCount(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string): Promise<OpenAccessRequestCountView> {
    return this.requests.openCount(actor, organizationId);
  }

  @Get('organizations/:organization_id/access-requests/sent')
  @RequirePermission('Dataset.Read')
  @ApiOperation({ summary: "The organisation's own requests and their state" })
  @ApiOkResponse({ type: [AccessRequestView] })
  sent(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string): Promise<AccessRequestView[]> {
    return this.requests.sent(actor, organizationId);
  }

  @Post('access-requests/:id/approve')
  @RequirePermission('AuthorisationAssignment.Create')
  @ApiOperation({ summary: 'Approve an open request with the scopes and expiry chosen: the grant is made in the same transaction' })
  @ApiCreatedResponse({ type: AccessRequestView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  @ApiConflictResponse({ type: ErrorBodyView, description: 'Already decided' })
  approve(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: ApproveAccessRequestDto): Promise<AccessRequestView> {
    return this.requests.approve(actor, id, dto);
  }

  @Post('access-requests/:id/decline')
  @RequirePermission('AuthorisationAssignment.Create')
  @ApiOperation({ summary: 'Decline an open request with a reason' })
  @ApiCreatedResponse({ type: AccessRequestView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  @ApiConflictResponse({ type: ErrorBodyView, description: 'Already decided' })
  decline(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: DeclineAccessRequestDto): Promise<AccessRequestView> {
    return this.requests.decline(actor, id, dto);
  }
}
