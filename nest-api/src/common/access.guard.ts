import { Inject, Injectable, Logger, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { BAD_INPUT_DETAILS, DETAILS } from '@datahub/domain';
import { ACCESS_TOKEN_COOKIE, CSRF_COOKIE, CSRF_HEADER, csrfBinding, isSameOrigin, verifyCsrfToken } from '@datahub/domain/server';
import { readCookie } from '../auth/credentials';
import { DatasourceAuthService } from '../hub/datasource-auth.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { ACCESS_RULE, isCrossSite, STATE_CHANGING_GET, type AccessRule } from './access.decorators';
import type { AuthenticatedUser } from './authenticated-user';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The global guard. A route must say who may call it (@Public, @SignedIn or @RequirePermission);
 * one that says nothing is refused, so a forgotten decorator fails closed.
 */
@Injectable()
export class AccessGuard extends AuthGuard('access-token') {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly datasourceAuth: DatasourceAuthService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    if (!rule) {
      this.logger.error(`${request.method} ${request.url} declares no access rule; refused`);
      throw ApiError.forbidden();
    }
    if (rule.kind === 'public') return true;
    if (rule.kind === 'datasource') {
      const datasource = await this.datasourceAuth.authenticate(request.headers.authorization);
      if (!datasource) throw ApiError.unauthenticated();
      (request as FastifyRequest & { datasource?: unknown }).datasource = datasource;
      return true;
    }

    await super.canActivate(context);
    const user = request.user!;
    const stateChangingGet = this.reflector.getAllAndOverride<boolean | undefined>(STATE_CHANGING_GET, [context.getHandler(), context.getClass()]);
    if (user.via === 'cookie' && stateChangingGet && isCrossSite(request)) throw ApiError.forbidden(BAD_INPUT_DETAILS.crossSite);
    if (user.via === 'cookie' && (stateChangingGet || !SAFE_METHODS.has(request.method))) this.checkCsrf(request);
    if (rule.kind === 'permission' && !user.permissions.has(rule.permission)) throw ApiError.forbidden();
    return true;
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof ApiError) throw error;
    if (error || !user) throw ApiError.unauthenticated();
    return user;
  }

  /** Cookie-authenticated writes must come from our origin and echo the signed XSRF-TOKEN cookie. */
  private checkCsrf(request: FastifyRequest): void {
    const host = request.host;
    if (!isSameOrigin(request.headers.origin, request.headers.referer, host))
      throw ApiError.forbidden(DETAILS.badOrigin);
    const header = request.headers[CSRF_HEADER];
    const cookie = readCookie(request, CSRF_COOKIE);
    const accessToken = readCookie(request, ACCESS_TOKEN_COOKIE);
    if (
      typeof header !== 'string' ||
      header !== cookie ||
      !verifyCsrfToken(this.config.csrfSecret, csrfBinding(accessToken), header)
    )
      throw ApiError.forbidden(DETAILS.csrf);
  }
}
