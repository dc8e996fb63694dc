import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { LocalAuthGuard } from './local-auth.guard';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiFoundResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BAD_INPUT_DETAILS, safeRedirectPath } from '@datahub/domain';
import { CurrentUser, DuringTwoFactorEnrolment, isCrossSite, Public, SignedIn } from '../common/access.decorators';
import { ApiError } from '../common/errors';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { CurrentUserView, currentUserJson } from '../users/user.view';
import { AuthService, normalizeEmail } from './auth.service';
import { clearedSessionCookies, isSecure } from './cookies';
import { extractAccessToken } from './credentials';
import { IssuedTokenView, LoginDto, ProvidersView, ResendVerificationDto, SignupDto, SignupPendingView, SignupPlacementView, VerifySignupDto } from './dto/login.dto';
import { SignupVerificationService } from './signup-verification.service';
import { TokenService } from './token.service';
import { TwoFactorChallengeView } from './two-factor/two-factor.dto';
import { TwoFactorLoginService } from './two-factor/two-factor-login.service';
import type { UserRow } from '../users/users.repository';

const LOGIN_PAGE = '/inloggen';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly auth: AuthService,
    private readonly tokens: TokenService,
    private readonly verifications: SignupVerificationService,
    private readonly secondStep: TwoFactorLoginService,
  ) {}

  @Get('login')
  @Public()
  @ApiOperation({ summary: 'Start sign-in: redirects the browser to the login page, which returns to redirect_uri (same-origin paths only)' })
  @ApiQuery({ name: 'redirect_uri', required: false, example: '/profiel' })
  @ApiFoundResponse({ description: 'Redirect to /inloggen' })
  startLogin(@Query('redirect_uri') redirectUri: string | undefined, @Res() reply: FastifyReply) {
    const target = safeRedirectPath(redirectUri);
    void reply.redirect(`${LOGIN_PAGE}?redirect_uri=${encodeURIComponent(target)}`, 302);
  }

  @Get('logout')
  @Public()
  @ApiOperation({ summary: 'Revoke the session server-side, clear the cookies and start login again' })
  @ApiFoundResponse({ description: 'Redirect to /inloggen' })
  async logout(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    // A link or image on another site must not sign anyone out (the cookie is SameSite=Lax).
    if (isCrossSite(request)) throw ApiError.forbidden(BAD_INPUT_DETAILS.crossSite);
    const credential = extractAccessToken(request);
    const claims = credential && this.tokens.verify(credential.token);
    if (claims) await this.tokens.revoke(claims.jti);
    void reply
      .header('set-cookie', clearedSessionCookies(isSecure(this.config.publicUrl)))
      .header('cache-control', 'no-store')
      .redirect(`${LOGIN_PAGE}?uitgelogd=1`, 302);
  }

  @Post('auth/login')
  @Public()
  @UseGuards(LocalAuthGuard)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sign in with e-mail and password (rate-limited per address and per account). With two-step sign-in on, a right password answers 202 ' +
      'with a single-use token for POST /api/auth/login/two-factor instead of a session',
  })
  @ApiOkResponse({ type: IssuedTokenView })
  @ApiAcceptedResponse({ type: TwoFactorChallengeView })
  async login(
    @Body() _dto: LoginDto,
    @Req() request: FastifyRequest & { user: UserRow },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IssuedTokenView | TwoFactorChallengeView> {
    const outcome = await this.secondStep.signInOrChallenge(request.user);
    if ('challenge' in outcome) void reply.status(202);
    return outcome;
  }

  @Post('auth/signup')
  @Public()
  @ApiOperation({
    summary:
      'Sign up. With a valid invitation token: the account is created in the inviting organisation and signed in (201). ' +
      'Otherwise a verification link is mailed and nothing else happens until it is followed (202, the same answer for an address that already has an account).',
  })
  @ApiCreatedResponse({ type: IssuedTokenView })
  @ApiAcceptedResponse({ type: SignupPendingView })
  async signup(
    @Body() dto: SignupDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<IssuedTokenView | SignupPendingView> {
    const result = await this.auth.signup(dto, request.ip);
    if ('signedIn' in result) return result.signedIn;
    void reply.status(202);
    return { status: 'verification_sent', email: result.pending };
  }

  @Post('auth/signup/resend')
  @Public()
  @HttpCode(202)
  @ApiOperation({ summary: 'Mail a fresh verification link for an open sign-up (older links stop working); the same answer whether or not there is one' })
  @ApiAcceptedResponse({ type: SignupPendingView })
  async resendVerification(@Body() dto: ResendVerificationDto): Promise<SignupPendingView> {
    const email = normalizeEmail(dto.email);
    await this.verifications.resend(email);
    return { status: 'verification_sent', email };
  }

  @Get('auth/signup/verify/:token')
  @Public()
  @ApiOperation({ summary: 'Where following this verification link will place the account (does not use the link up); 404 for a spent or unknown link' })
  @ApiOkResponse({ type: SignupPlacementView })
  signupPlacement(@Param('token') token: string): Promise<SignupPlacementView> {
    return this.auth.signupPlacement(token.slice(0, 200));
  }

  @Post('auth/signup/verify')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Follow the verification link: creates the account (placed by e-mail domain when one matches) and signs in' })
  @ApiOkResponse({ type: IssuedTokenView })
  verifySignup(@Body() dto: VerifySignupDto): Promise<IssuedTokenView> {
    return this.auth.verifySignup(dto.token, dto.password);
  }

  @Post('auth/logout')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke the current session' })
  @ApiNoContentResponse()
  async revoke(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    await this.tokens.revoke(user.sessionId);
  }

  @Get('auth/providers')
  @Public()
  @ApiOperation({ summary: 'Which sign-in options the login page shows' })
  @ApiOkResponse({ type: ProvidersView })
  providers(): ProvidersView {
    const { providers } = this.config;
    return {
      signup_enabled: this.config.signupEnabled,
      providers: (['google', 'microsoft', 'github'] as const)
        .filter((id) => providers[id])
        .map((id) => ({ id, url: `/api/auth/${id}` })),
    };
  }

  @Get('current_user')
  @SignedIn()
  @DuringTwoFactorEnrolment()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: CurrentUserView })
  @Header('content-type', 'application/json; charset=utf-8')
  currentUser(@CurrentUser() user: AuthenticatedUser): string {
    return currentUserJson(user);
  }
}
