import type { Permission } from './permissions';

/** Who acts, as far as the organisation rule cares: the API's signed-in user and the portal's current user alike. */
export interface OrganizationActor {
  organizationAdmin: boolean;
  organizationId: string;
  permissions: ReadonlySet<Permission> | readonly Permission[];
}

/** Members act inside their own organisation; members of the admin organisation act on every one. */
export function actsOn(actor: Pick<OrganizationActor, 'organizationAdmin' | 'organizationId'>, organizationId: string): boolean {
  return actor.organizationAdmin || actor.organizationId === organizationId;
}

export function hasPermission(permissions: OrganizationActor['permissions'] | readonly string[], permission: Permission): boolean {
  return 'has' in permissions ? permissions.has(permission) : (permissions as readonly string[]).includes(permission);
}

export function hasPermissionIn(actor: OrganizationActor, permission: Permission, organizationId: string): boolean {
  return hasPermission(actor.permissions, permission) && actsOn(actor, organizationId);
}

/** What later acts for an organisation (tokens, webhooks, grants, keys) is made by itself: a platform admin may revoke elsewhere, never make. */
export function hasPermissionInOwn(actor: OrganizationActor, permission: Permission, organizationId: string): boolean {
  return hasPermission(actor.permissions, permission) && actor.organizationId === organizationId;
}
