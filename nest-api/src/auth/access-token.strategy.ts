import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { usageConsentOf } from '../insight/consent';
import { extractAccessToken } from './credentials';
import { TokenService } from './token.service';

/** Passport strategy 'access-token': a portal JWT from the bearer header or the access cookie, backed by a live session. */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, 'access-token') {
  constructor(private readonly tokens: TokenService) {
    super();
  }

  async validate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const credential = extractAccessToken(request);
    if (!credential) throw ApiError.unauthenticated();
    const user = await this.tokens.authenticate(credential.token, credential.via);
    if (!user) throw ApiError.unauthenticated();
    return { ...user, usageConsent: usageConsentOf(request) };
  }
}
