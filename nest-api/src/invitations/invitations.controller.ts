import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Role } from '@datahub/domain';
import { CurrentUser, Public, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { MailService } from '../mail/mail.service';
import { CreateInvitationDto, InvitationSentView, InvitationView, PendingInvitationView } from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('invitations')
@Controller()
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly mail: MailService,
  ) {}

  @Post('invitations')
  @RequirePermission('Invitation.Create')
  @ApiOperation({ summary: 'Invite someone by e-mail into your organisation (single-use link, 7 days)' })
  @ApiCreatedResponse({ type: InvitationSentView })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: "detail 'invalid email'" })
  @ApiConflictResponse({ type: ErrorBodyView, description: "detail 'already a member of this organization': nothing sent" })
  invite(@CurrentUser() actor: AuthenticatedUser, @Body() dto: CreateInvitationDto): Promise<InvitationSentView> {
    return this.invitations.invite(actor, dto.email);
  }

  @Get('invitations')
  @RequirePermission('Invitation.Create')
  @ApiOperation({ summary: "Your organisation's open invitations (not accepted, not expired), newest first" })
  @ApiOkResponse({ type: PendingInvitationView, isArray: true })
  pending(@CurrentUser() actor: AuthenticatedUser): Promise<PendingInvitationView[]> {
    return this.invitations.pending(actor);
  }

  @Delete('invitations/:id')
  @RequirePermission('Invitation.Create')
  @HttpCode(204)
  @ApiOperation({ summary: 'Withdraw an open invitation: its link stops working' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ type: ErrorBodyView })
  revoke(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<void> {
    return this.invitations.revoke(actor, id);
  }

  @Post('invitations/:id/resend')
  @RequirePermission('Invitation.Create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send an open invitation again with a new link, valid 7 days; the old link stops working' })
  @ApiOkResponse({ type: PendingInvitationView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  resend(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<PendingInvitationView> {
    return this.invitations.resend(actor, id);
  }

  @Get('invitations/:token')
  @Public()
  @ApiOperation({ summary: 'What an invitation link is for (the link itself is the secret)' })
  @ApiOkResponse({ type: InvitationView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  describe(@Param('token') token: string): Promise<InvitationView> {
    return this.invitations.describe(token);
  }

  @Post('invitations/:token/accept')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'Join the inviting organisation (the signed-in e-mail must be the invited one)' })
  @ApiNoContentResponse()
  accept(@CurrentUser() actor: AuthenticatedUser, @Param('token') token: string): Promise<void> {
    return this.invitations.accept(actor, token);
  }

  @Get('outbox')
  @SignedIn()
  @ApiOperation({ summary: 'Mail kept while no SMTP_URL is set (AdminOrganization.Owner only; 404 when SMTP is configured)' })
  @ApiNotFoundResponse({ type: ErrorBodyView, description: 'SMTP_URL is set: there is no outbox' })
  outbox(@CurrentUser() actor: AuthenticatedUser) {
    if (!this.mail.keepsOutbox) throw ApiError.notFound();
    // It holds every verification and invitation link: the platform's owners only, not any admin member.
    if (!actor.organizationAdmin || !actor.roles.includes('AdminOrganization.Owner' satisfies Role)) throw ApiError.forbidden();
    return this.mail.outbox();
  }
}
