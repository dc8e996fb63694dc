import { Controller, Get, Inject, Logger, Param, Query, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { safeRedirectPath, SECOND_STEP } from '@datahub/domain';
import { sessionOwnerHint } from '@datahub/domain/server';
import jwt from 'jsonwebtoken';
import { Public } from '../../common/access.decorators';
import { ApiError } from '../../common/errors';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';
import { accessTokenCookie, flowCookie, sessionSeenCookie, isSecure, twoFactorChallengeCookie } from '../cookies';
import { readCookie } from '../credentials';
import { ExternalAuthService } from './external-auth.service';
import { FLOW_COOKIE, openFlow, sealFlow } from './flow-cookie';
import { PROVIDER_IDS, type ProviderId } from './providers';

const FLOW_TTL_MS = 10 * 60 * 1000;
const PROVIDER_FAILED_PATH = '/inloggen?fout=extern';

@ApiTags('auth')
@Controller('auth')
export class ExternalAuthController {
  private readonly logger = new Logger('ExternalAuth');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly external: ExternalAuthService,
  ) {}

  private flowCookie(value: string, maxAgeSeconds: number): string {
    return flowCookie(value, maxAgeSeconds, isSecure(this.config.publicUrl));
  }

  @Get(':provider')
  @Public()
  @ApiOperation({ summary: 'Sign in with Google, Microsoft or GitHub (only when configured): redirects to the provider' })
  @ApiParam({ name: 'provider', enum: PROVIDER_IDS })
  @ApiQuery({ name: 'redirect_uri', required: false })
  @ApiFoundResponse({ description: "Redirect to the provider's sign-in page" })
  async start(@Param('provider') id: string, @Query('redirect_uri') redirectUri: string | undefined, @Res() reply: FastifyReply) {
    const provider = this.external.provider(id);
    if (!provider) throw ApiError.notFound();
    const flow = {
      provider: id,
      state: randomBytes(16).toString('base64url'),
      nonce: randomBytes(16).toString('base64url'),
      verifier: randomBytes(32).toString('base64url'),
      redirect: safeRedirectPath(redirectUri),
      expires: Date.now() + FLOW_TTL_MS,
    };
    let location: string;
    try {
      location = await provider.authorizationUrl({ redirectUri: this.external.callbackUrl(id), state: flow.state, nonce: flow.nonce, verifier: flow.verifier });
    } catch (error) {
      this.logger.warn(`${id}: ${(error as Error).message}`);
      return reply.redirect(PROVIDER_FAILED_PATH, 302);
    }
    return reply
      .header('set-cookie', this.flowCookie(sealFlow(this.config.jwtSecret, flow), FLOW_TTL_MS / 1000))
      .header('cache-control', 'no-store')
      .redirect(location, 302);
  }

  @Get(':provider/callback')
  @Public()
  @ApiOperation({ summary: 'Where the provider returns the browser; sets the session cookie and goes to the page asked for' })
  @ApiParam({ name: 'provider', enum: PROVIDER_IDS })
  @ApiFoundResponse({ description: 'Redirect to the page asked for, or to the login page with an error' })
  async callback(
    @Param('provider') id: string,
    @Query('code') code: string | undefined,
    @Query('state') state: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const provider = this.external.provider(id);
    if (!provider) throw ApiError.notFound();
    const flow = openFlow(this.config.jwtSecret, readCookie(request, FLOW_COOKIE));
    const cleared = this.flowCookie('', 0);
    if (!flow || flow.provider !== id || !state || flow.state !== state || !code)
      return reply.header('set-cookie', cleared).redirect(PROVIDER_FAILED_PATH, 302);
    try {
      // The provider's whole answer goes to openid-client, which also checks what it adds (such as `iss`).
      const callbackUrl = new URL(this.external.callbackUrl(id));
      for (const [name, value] of Object.entries(request.query as Record<string, unknown>))
        if (typeof value === 'string') callbackUrl.searchParams.set(name, value);
      const profile = await provider.profile({ callbackUrl, state: flow.state, verifier: flow.verifier, nonce: flow.nonce });
      const issued = await this.external.signIn(id as ProviderId, profile);
      const secure = isSecure(this.config.publicUrl);
      if ('challenge' in issued)
        return reply
          .header('set-cookie', [cleared, twoFactorChallengeCookie(issued.challenge, secure)])
          .header('cache-control', 'no-store')
          .redirect(`/inloggen?${SECOND_STEP.param}=${SECOND_STEP.code}&redirect_uri=${encodeURIComponent(flow.redirect)}`, 302);
      return reply
        .header('set-cookie', [
          cleared,
          accessTokenCookie(issued.access_token, issued.expires_at, secure),
          // The token was issued just now, so its subject is the user; the hint binds forms kept after it ends.
          sessionSeenCookie(issued.expires_at, secure, sessionOwnerHint(this.config.csrfSecret, String(jwt.decode(issued.access_token, { json: true })?.sub))),
        ])
        .header('cache-control', 'no-store')
        .redirect(flow.redirect, 302);
    } catch (error) {
      this.logger.warn(`${id} sign-in failed: ${(error as Error).message}`);
      return reply.header('set-cookie', cleared).redirect(PROVIDER_FAILED_PATH, 302);
    }
  }
}
