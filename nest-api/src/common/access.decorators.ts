import { applyDecorators, createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiSecurity, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { ApiTokenScope, Permission } from '@datahub/domain';
import type { AuthenticatedUser } from './authenticated-user';
import { ErrorBodyView } from './error-body.view';

export const ACCESS_RULE = 'datahub:access-rule';

export type AccessRule =
  | { kind: 'public' }
  | { kind: 'datasource' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; permission: Permission };

export const Public = () =>
  applyDecorators(SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule), ApiExtension('x-access', 'public'));

export const DatasourceAuthenticated = () =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'datasource' } satisfies AccessRule),
    ApiBearerAuth(),
    ApiExtension('x-access', 'datasource'),
    ApiUnauthorizedResponse({ type: ErrorBodyView, description: 'No valid data-source token' }),
  );

export const CurrentDatasource = createParamDecorator(
  (_data: unknown, context: ExecutionContext): { id: string; organizationId: string } => context.switchToHttp().getRequest().datasource,
);

/** The service still checks the object. */
export const SignedIn = () =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'signed-in' } satisfies AccessRule),
    ApiBearerAuth(),
    ApiExtension('x-access', 'signed-in'),
    ApiUnauthorizedResponse({ type: ErrorBodyView, description: 'Not signed in, or the token is invalid, expired or revoked' }),
  );

/** The service still checks the target organisation. */
export const RequirePermission = (permission: Permission) =>
  applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'permission', permission } satisfies AccessRule),
    ApiBearerAuth(),
    ApiExtension('x-access', 'permission'),
    ApiExtension('x-permission', permission),
    ApiUnauthorizedResponse({ type: ErrorBodyView, description: 'Not signed in' }),
    ApiForbiddenResponse({ type: ErrorBodyView, description: `Needs ${permission} in the target organisation` }),
  );

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest().user,
);

export const DURING_ENROLMENT = 'datahub:during-two-factor-enrolment';

/** REQUIRE_2FA_FOR_ADMINS: every route without this answers such an admin 403 until they have. */
export const DuringTwoFactorEnrolment = () => applyDecorators(SetMetadata(DURING_ENROLMENT, true), ApiExtension('x-during-two-factor-enrolment', true));

export const STATE_CHANGING_GET = 'datahub:state-changing-get';

/** With the access cookie it is refused when the browser says another site started it, and needs the anti-forgery header like a write. */
export const StateChangingGet = () =>
  applyDecorators(
    SetMetadata(STATE_CHANGING_GET, true),
    ApiExtension('x-anti-forgery', 'With the access cookie: X-XSRF-TOKEN required and Sec-Fetch-Site cross-site refused'),
  );

export function isCrossSite(request: { headers: Record<string, string | string[] | undefined> }): boolean {
  return request.headers['sec-fetch-site'] === 'cross-site';
}

export const TOKEN_SCOPE = 'datahub:token-scope';

export const API_TOKEN_SECURITY = 'api-token';

/** ADR 0017. A route without it refuses every API token with 403, so a new route cannot forget to. */
export const AcceptsApiToken = (scope: ApiTokenScope, options: { readByPost?: true } = {}) =>
  applyDecorators(
    SetMetadata(TOKEN_SCOPE, { scope, readByPost: options.readByPost === true } satisfies TokenRule),
    ApiSecurity(API_TOKEN_SECURITY),
    ApiExtension('x-token-scope', scope),
    ...(options.readByPost ? [ApiExtension('x-read-by-post', 'A POST that only reads (SPARQL 1.1 Protocol): accepts an API token')] : []),
  );

/** `readByPost`: its POST is a read (the SPARQL 1.1 Protocol's). */
export interface TokenRule {
  scope: ApiTokenScope;
  readByPost: boolean;
}
