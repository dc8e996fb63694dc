import { Inject, Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { BAD_INPUT_DETAILS, DETAILS, TWO_FACTOR_DETAILS } from '@datahub/domain';
import { ACCESS_TOKEN_COOKIE, CSRF_COOKIE, CSRF_HEADER, csrfBinding, isSameOrigin, verifyCsrfToken } from '@datahub/domain/server';
import { extractAccessToken, readCookie } from '../auth/credentials';
import { TokenService } from '../auth/token.service';
import { usageConsentOf } from '../insight/consent';
import { DatasourceAuthService } from '../hub/datasource-auth.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { ApiTokenAuthService, type TokenOutcome } from '../api-tokens/api-token-auth.service';
import { isApiTokenSecret } from '../api-tokens/api-token-secret';
import { ACCESS_RULE, DURING_ENROLMENT, isCrossSite, STATE_CHANGING_GET, TOKEN_SCOPE, type AccessRule, type TokenRule } from './access.decorators';
import type { AuthenticatedUser } from './authenticated-user';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface RouteRules {
  access: AccessRule | undefined;
  stateChangingGet: boolean;
  duringEnrolment: boolean;
  tokenRule: TokenRule | undefined;
}

// Fails closed: a route must say who may call it (@Public, @SignedIn or @RequirePermission). Signed-in requests are authenticated
// here directly, as Passport's per-request machinery cost as much as the rest of a cached request (ADR 0013).
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);
  private readonly rules = new WeakMap<object, RouteRules>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly datasourceAuth: DatasourceAuthService,
    private readonly tokens: TokenService,
    private readonly apiTokens: ApiTokenAuthService,
  ) {}

  private rulesOf(context: ExecutionContext): RouteRules {
    const handler = context.getHandler();
    let rules = this.rules.get(handler);
    if (!rules) {
      const targets = [handler, context.getClass()];
      rules = {
        access: this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, targets),
        stateChangingGet: this.reflector.getAllAndOverride<boolean | undefined>(STATE_CHANGING_GET, targets) === true,
        duringEnrolment: this.reflector.getAllAndOverride<boolean | undefined>(DURING_ENROLMENT, targets) === true,
        tokenRule: this.reflector.getAllAndOverride<TokenRule | undefined>(TOKEN_SCOPE, targets),
      };
      this.rules.set(handler, rules);
    }
    return rules;
  }

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rules = this.rulesOf(context);
    const { access: rule, tokenRule } = rules;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    if (!rule) {
      this.logger.error(`${request.method} ${request.url} declares no access rule; refused`);
      throw ApiError.forbidden();
    }
    const header = request.headers.authorization;
    if (header !== undefined && /^Bearer\s+dht_/i.test(header)) return this.admitApiToken(request, rule, tokenRule);
    if (rule.kind === 'public') return true;
    if (rule.kind === 'datasource') return this.admitDatasource(request);

    const credential = extractAccessToken(request);
    if (!credential) throw ApiError.unauthenticated();
    const known = this.tokens.authenticateFromMemory(credential.token, credential.via);
    if (known !== undefined) return this.admit(request, known, rule, rules);
    return this.tokens.authenticate(credential.token, credential.via).then((user) => this.admit(request, user, rule, rules));
  }

  /** ADR 0017: only on a safe route declaring a scope the token holds, else 403 without looking it up. Revoked or unknown: 401. */
  private admitApiToken(
    request: FastifyRequest & { user?: AuthenticatedUser },
    rule: AccessRule,
    tokenRule: TokenRule | undefined,
  ): boolean | Promise<boolean> {
    const read = SAFE_METHODS.has(request.method) || (request.method === 'POST' && tokenRule?.readByPost === true);
    if (tokenRule === undefined || !read || rule.kind === 'datasource') throw ApiError.forbidden(DETAILS.tokenNotAllowed);
    const tokenScope = tokenRule.scope;
    const credential = extractAccessToken(request);
    if (!credential || !isApiTokenSecret(credential.token)) throw ApiError.unauthenticated();
    const known = this.apiTokens.fromMemory(credential.token, request.ip);
    if (known !== undefined) return this.admitTokenUser(request, rule, tokenScope, known);
    return this.apiTokens.authenticate(credential.token, request.ip).then((outcome) => this.admitTokenUser(request, rule, tokenScope, outcome));
  }

  private admitTokenUser(request: FastifyRequest & { user?: AuthenticatedUser }, rule: AccessRule, tokenScope: string, outcome: TokenOutcome): true {
    if ('refused' in outcome) throw outcome.refused === 'expired' ? new ApiError(401, DETAILS.tokenExpired) : ApiError.unauthenticated();
    const user = outcome.user;
    if (!user.apiToken!.scopes.includes(tokenScope)) throw ApiError.forbidden(DETAILS.tokenScopeMissing);
    if (rule.kind === 'permission' && !user.permissions.has(rule.permission)) throw ApiError.forbidden();
    // Machine reads are never product analytics (ADR 0018); their security log is the machine-read audit.
    user.usageConsent = false;
    user.clientAddress = request.ip;
    request.user = user;
    return true;
  }

  private async admitDatasource(request: FastifyRequest): Promise<boolean> {
    const datasource = await this.datasourceAuth.authenticate(request.headers.authorization);
    if (!datasource) throw ApiError.unauthenticated();
    (request as FastifyRequest & { datasource?: unknown }).datasource = datasource;
    return true;
  }

  private admit(
    request: FastifyRequest & { user?: AuthenticatedUser },
    user: AuthenticatedUser | null,
    rule: Exclude<AccessRule, { kind: 'public' | 'datasource' }>,
    { stateChangingGet, duringEnrolment }: RouteRules,
  ): true {
    if (!user) throw ApiError.unauthenticated();
    user.usageConsent = usageConsentOf(request);
    user.clientAddress = request.ip;
    request.user = user;
    if (user.via === 'cookie' && stateChangingGet && isCrossSite(request)) throw ApiError.forbidden(BAD_INPUT_DETAILS.crossSite);
    if (user.via === 'cookie' && (stateChangingGet || !SAFE_METHODS.has(request.method))) this.checkCsrf(request);
    if (user.twoFactorEnrolmentRequired && !duringEnrolment) throw ApiError.forbidden(TWO_FACTOR_DETAILS.enrolmentRequired);
    if (rule.kind === 'permission' && !user.permissions.has(rule.permission)) throw ApiError.forbidden();
    return true;
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
