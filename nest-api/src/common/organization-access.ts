import { hasPermissionIn, type Permission } from '@datahub/domain';
import type { AuthenticatedUser } from './authenticated-user';
import { ApiError } from './errors';

// The rule itself lives in @datahub/domain, shared with the portal.
export { actsOn, hasPermissionIn } from '@datahub/domain';

export function requirePermissionIn(actor: AuthenticatedUser, permission: Permission, organizationId: string): void {
  if (!hasPermissionIn(actor, permission, organizationId)) throw ApiError.forbidden();
}
