import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, DuringTwoFactorEnrolment, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { AccountPagesService } from './account-pages.service';
import { ProfilePageView, TwoFactorPageView } from './account-pages.views';
import { Conditional, sendConditional } from './pages.controller';

/** The pages of one's own account (ADR 0048): one read each. */
@ApiTags('pages')
@Controller('pages')
export class AccountPagesController {
  constructor(private readonly pages: AccountPagesService) {}

  @Get('profile')
  @SignedIn()
  @ApiOperation({ summary: 'The profile page: you, your personal API tokens (as GET /api/profile/api-tokens), whether you have a password, two-step sign-in and the rating settings' })
  @Conditional(ProfilePageView)
  async profile(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.profile(actor));
  }

  @Get('two-factor')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @ApiOperation({ summary: 'The two-step sign-in page: its state (as GET /api/auth/two-factor) and the pending enrolment (as GET /api/auth/two-factor/enrolment)' })
  @Conditional(TwoFactorPageView)
  async twoFactor(@CurrentUser() actor: AuthenticatedUser, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    sendConditional(request, reply, await this.pages.twoFactorPage(actor));
  }
}
