import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Public, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { AccountPasswordsService } from './account-passwords.service';
import { PasswordResetRequestsService } from './password-reset-requests.service';
import { normalizeEmail } from './auth.service';
import {
  ChangePasswordDto,
  CompletePasswordResetDto,
  PasswordResetSentView,
  PasswordResetView,
  PasswordStateView,
  RequestPasswordResetDto,
} from './dto/password.dto';

@ApiTags('auth')
@Controller('auth')
export class AccountPasswordsController {
  constructor(
    private readonly passwords: AccountPasswordsService,
    private readonly resetRequests: PasswordResetRequestsService,
  ) {}

  @Post('password-reset')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    summary:
      "'Wachtwoord vergeten?': mails a link that works once for 30 minutes. The same answer whether or not the address has an account; rate-limited per address and per account",
  })
  @ApiAcceptedResponse({ type: PasswordResetSentView })
  async requestReset(@Body() dto: RequestPasswordResetDto, @Req() request: FastifyRequest): Promise<PasswordResetSentView> {
    await this.resetRequests.request(normalizeEmail(dto.email), request.ip);
    return { status: 'reset_sent' };
  }

  @Get('password-reset/:token')
  @Public()
  @ApiOperation({ summary: 'The account a reset link is for, without using it up; 404 for a used, expired or unknown link' })
  @ApiOkResponse({ type: PasswordResetView })
  async resetTarget(@Param('token') token: string): Promise<PasswordResetView> {
    return { email: await this.passwords.resetEmail(token.slice(0, 200)) };
  }

  @Post('password-reset/confirm')
  @Public()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Sets the new password with a reset link (used up); every session of the account ends, its personal API tokens are revoked, and a mail says so',
  })
  @ApiNoContentResponse()
  completeReset(@Body() dto: CompletePasswordResetDto, @Req() request: FastifyRequest): Promise<void> {
    return this.passwords.completeReset(dto.token, dto.password, request.ip);
  }

  @Get('password')
  @SignedIn()
  @ApiOperation({ summary: 'Whether the signed-in account has a password (external sign-in accounts have none)' })
  @ApiOkResponse({ type: PasswordStateView })
  async passwordState(@CurrentUser() user: AuthenticatedUser): Promise<PasswordStateView> {
    return { has_password: await this.passwords.hasPassword(user.id) };
  }

  @Post('password')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({
    summary:
      "'Wachtwoord wijzigen': needs the current password; a mail says so. Unless end_other_sessions_and_tokens is false, every other session ends and the personal API tokens are revoked",
  })
  @ApiNoContentResponse()
  change(@CurrentUser() user: AuthenticatedUser, @Body() dto: ChangePasswordDto): Promise<void> {
    return this.passwords.change(user, dto.current_password, dto.password, dto.end_other_sessions_and_tokens ?? true);
  }
}
