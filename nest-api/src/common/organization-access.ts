import { DETAILS, hasPermissionIn, hasPermissionInOwn, type Permission } from '@datahub/domain';
import type { AuthenticatedUser } from './authenticated-user';
import { ApiError } from './errors';

// The rule itself lives in @datahub/domain, shared with the portal.
export { actsOn, hasPermissionIn, hasPermissionInOwn } from '@datahub/domain';

export function requirePermissionIn(actor: AuthenticatedUser, permission: Permission, organizationId: string): void {
  if (!hasPermissionIn(actor, permission, organizationId)) throw ApiError.forbidden();
}

/**
 * For what creates something that later acts for the organisation (its API tokens, webhooks, grants,
 * data-source keys): the actor's own organisation only, platform admins included (issue 32, docs/security.md).
 * Without the permission at all: the ordinary 403; a platform admin on another organisation: 403 with its own detail.
 */
export function requirePermissionInOwn(actor: AuthenticatedUser, permission: Permission, organizationId: string): void {
  requirePermissionIn(actor, permission, organizationId);
  if (!hasPermissionInOwn(actor, permission, organizationId)) throw ApiError.forbidden(DETAILS.ownOrganizationOnly);
}
