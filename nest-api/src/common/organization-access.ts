import type { Permission } from '@datahub/domain';
import type { AuthenticatedUser } from './authenticated-user';
import { ApiError } from './errors';

/** Members act inside their own organisation; members of the admin organisation act on every one. */
export function actsOn(actor: AuthenticatedUser, organizationId: string): boolean {
  return actor.organizationAdmin || actor.organizationId === organizationId;
}

/** The access model's check: (permission, target organisation). */
export function hasPermissionIn(actor: AuthenticatedUser, permission: Permission, organizationId: string): boolean {
  return actor.permissions.has(permission) && actsOn(actor, organizationId);
}

export function requirePermissionIn(actor: AuthenticatedUser, permission: Permission, organizationId: string): void {
  if (!hasPermissionIn(actor, permission, organizationId)) throw ApiError.forbidden();
}
