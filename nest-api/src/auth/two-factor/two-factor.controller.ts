import { Body, Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, DuringTwoFactorEnrolment, Public, SignedIn } from '../../common/access.decorators';
import type { AuthenticatedUser } from '../../common/authenticated-user';
import { IssuedTokenView } from '../dto/login.dto';
import type { IssuedToken } from '../token.service';
import { RecoveryCodesView, TwoFactorCodeDto, TwoFactorConfirmDto, TwoFactorEnrolmentView, TwoFactorLoginDto, TwoFactorStateView } from './two-factor.dto';
import { TwoFactorLoginService } from './two-factor-login.service';
import { TwoFactorService } from './two-factor.service';

@ApiTags('auth')
@Controller('auth')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly secondStep: TwoFactorLoginService,
  ) {}

  @Post('login/two-factor')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Second step of a password sign-in: the token from the first step and a code from the app or a recovery code (rate-limited like passwords)' })
  @ApiOkResponse({ type: IssuedTokenView })
  completeLogin(@Body() dto: TwoFactorLoginDto, @Req() request: FastifyRequest): Promise<IssuedToken> {
    return this.secondStep.complete(dto.challenge, dto.code, request.ip);
  }

  @Get('two-factor')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @ApiOperation({ summary: 'Whether two-step sign-in is on for the signed-in account, and whether it must be' })
  @ApiOkResponse({ type: TwoFactorStateView })
  state(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorStateView> {
    return this.twoFactor.state(user);
  }

  @Post('two-factor/enrolment')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @HttpCode(204)
  @ApiOperation({ summary: 'Start (or restart) enrolment with a fresh secret; 409 when it is on already or the account has no password' })
  @ApiNoContentResponse()
  start(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.twoFactor.start(user);
  }

  @Get('two-factor/enrolment')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @ApiOperation({ summary: 'The secret of the enrolment in progress (text, otpauth address, QR code); 404 when there is none' })
  @ApiOkResponse({ type: TwoFactorEnrolmentView })
  enrolment(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorEnrolmentView> {
    return this.twoFactor.enrolment(user);
  }

  @Delete('two-factor/enrolment')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @HttpCode(204)
  @ApiOperation({ summary: 'Abandon an enrolment that was not confirmed' })
  @ApiNoContentResponse()
  cancel(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.twoFactor.cancel(user);
  }

  @Post('two-factor/enrolment/confirm')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'A current code turns two-step sign-in on; the answer holds the 10 recovery codes, readable this once. Unless end_other_sessions_and_tokens is false, every other session ends and the personal API tokens are revoked',
  })
  @ApiCreatedResponse({ type: RecoveryCodesView })
  async confirm(@CurrentUser() user: AuthenticatedUser, @Body() dto: TwoFactorConfirmDto): Promise<RecoveryCodesView> {
    return { recovery_codes: await this.twoFactor.confirm(user, dto.code, dto.end_other_sessions_and_tokens ?? true) };
  }

  @Post('two-factor/disable')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({ summary: 'Turn two-step sign-in off with a current code or an unused recovery code; a mail tells the user' })
  @ApiNoContentResponse()
  disable(@CurrentUser() user: AuthenticatedUser, @Body() dto: TwoFactorCodeDto): Promise<void> {
    return this.twoFactor.disable(user, dto.code);
  }
}
