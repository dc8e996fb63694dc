import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { requirePermissionIn, requirePermissionInOwn } from '../common/organization-access';
import { ApiTokenView, CreateApiTokenDto, CreatedApiTokenView, MemberApiTokenView } from './api-token.dto';
import { ApiTokensService, type TokenOwner } from './api-tokens.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

function personal(actor: AuthenticatedUser): TokenOwner {
  return { kind: 'personal', userId: actor.id, organizationId: actor.organizationId };
}

/** The admin organisation's owners list and revoke any organisation's (abuse handling); making one is the organisation's own. */
function organization(actor: AuthenticatedUser, organizationId: string, making = false): TokenOwner {
  // A token acts as the organisation and reads all its data: an admin making one would read without a grant.
  (making ? requirePermissionInOwn : requirePermissionIn)(actor, 'ApiToken.Manage', organizationId);
  return { kind: 'organization', organizationId };
}

@ApiTags('api-tokens')
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get('profile/api-tokens')
  @SignedIn()
  @ApiOperation({ summary: 'Your live personal API tokens (they act as you, read-only)' })
  @ApiOkResponse({ type: [ApiTokenView] })
  listPersonal(@CurrentUser() actor: AuthenticatedUser): Promise<ApiTokenView[]> {
    return this.tokens.list(personal(actor));
  }

  @Post('profile/api-tokens')
  @SignedIn()
  @ApiOperation({ summary: 'A new personal API token; the secret (dht_…) is in this answer only. At most 20 live tokens (409).' })
  @ApiCreatedResponse({ type: CreatedApiTokenView })
  @ApiConflictResponse({ type: ErrorBodyView })
  createPersonal(@CurrentUser() actor: AuthenticatedUser, @Body() body: CreateApiTokenDto): Promise<CreatedApiTokenView> {
    return this.tokens.create(personal(actor), actor, body);
  }

  @Delete('profile/api-tokens/:token_id')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'Revokes one of your personal API tokens: refused from the very next request' })
  @ApiNoContentResponse()
  revokePersonal(@CurrentUser() actor: AuthenticatedUser, @Param('token_id', uuid) id: string): Promise<void> {
    return this.tokens.revoke(personal(actor), actor, id);
  }

  @Get('organizations/:organization_id/api-tokens')
  @RequirePermission('ApiToken.Manage')
  @ApiOperation({ summary: "The organisation's live API tokens" })
  @ApiOkResponse({ type: [ApiTokenView] })
  listOrganization(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string): Promise<ApiTokenView[]> {
    return this.tokens.list(organization(actor, organizationId));
  }

  @Post('organizations/:organization_id/api-tokens')
  @RequirePermission('ApiToken.Manage')
  @ApiOperation({ summary: 'A new organisation API token (acts for the organisation, read-only); the secret is in this answer only' })
  @ApiCreatedResponse({ type: CreatedApiTokenView })
  @ApiConflictResponse({ type: ErrorBodyView })
  createOrganization(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('organization_id', uuid) organizationId: string,
    @Body() body: CreateApiTokenDto,
  ): Promise<CreatedApiTokenView> {
    return this.tokens.create(organization(actor, organizationId, true), actor, body);
  }

  @Delete('organizations/:organization_id/api-tokens/:token_id')
  @RequirePermission('ApiToken.Manage')
  @HttpCode(204)
  @ApiOperation({ summary: "Revokes one of the organisation's API tokens: refused from the very next request" })
  @ApiNoContentResponse()
  revokeOrganization(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('organization_id', uuid) organizationId: string,
    @Param('token_id', uuid) id: string,
  ): Promise<void> {
    return this.tokens.revoke(organization(actor, organizationId), actor, id);
  }

  @Get('organizations/:organization_id/member-api-tokens')
  @RequirePermission('ApiToken.Manage')
  @ApiOperation({ summary: "The live personal API tokens of the organisation's members (they read its data as that member); never the secret" })
  @ApiOkResponse({ type: [MemberApiTokenView] })
  listMemberTokens(@CurrentUser() actor: AuthenticatedUser, @Param('organization_id', uuid) organizationId: string): Promise<MemberApiTokenView[]> {
    // Seeing and revoking, not making: the platform admins' abuse handling is allowed as for the organisation's own tokens.
    requirePermissionIn(actor, 'ApiToken.Manage', organizationId);
    return this.tokens.listMembers(organizationId);
  }

  @Delete('organizations/:organization_id/member-api-tokens/:token_id')
  @RequirePermission('ApiToken.Manage')
  @HttpCode(204)
  @ApiOperation({ summary: "Revokes a member's personal API token of this organisation: refused from the very next request" })
  @ApiNoContentResponse()
  revokeMemberToken(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('organization_id', uuid) organizationId: string,
    @Param('token_id', uuid) id: string,
  ): Promise<void> {
    requirePermissionIn(actor, 'ApiToken.Manage', organizationId);
    return this.tokens.revokeMember(actor, organizationId, id);
  }
}
