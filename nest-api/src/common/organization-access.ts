import { DETAILS, hasPermissionIn, hasPermissionInOwn, type Permission } from '@datahub/domain';
import type { AuthenticatedUser } from './authenticated-user';
import { ApiError } from './errors';

export { actsOn, hasPermissionIn, hasPermissionInOwn } from '@datahub/domain';

export function requirePermissionIn(actor: AuthenticatedUser, permission: Permission, organizationId: string): void {
  if (!hasPermissionIn(actor, permission, organizationId)) throw ApiError.forbidden();
}

/** For what later acts for the organisation: own organisation only, platform admins included (docs/security.md). */
export function requirePermissionInOwn(actor: AuthenticatedUser, permission: Permission, organizationId: string): void {
  requirePermissionIn(actor, permission, organizationId);
  if (!hasPermissionInOwn(actor, permission, organizationId)) throw ApiError.forbidden(DETAILS.ownOrganizationOnly);
}
