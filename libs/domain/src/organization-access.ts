import type { Permission } from './permissions';

/** Who acts, as far as the organisation rule cares: the API's signed-in user and the portal's current user alike. */
export interface OrganizationActor {
  /** Member of the admin organisation. */
  organizationAdmin: boolean;
  organizationId: string;
  permissions: ReadonlySet<Permission> | readonly Permission[];
}

/** Members act inside their own organisation; members of the admin organisation act on every one. */
export function actsOn(actor: Pick<OrganizationActor, 'organizationAdmin' | 'organizationId'>, organizationId: string): boolean {
  return actor.organizationAdmin || actor.organizationId === organizationId;
}

/** Whether the permission is among the actor's (in whichever organisation they act: see `hasPermissionIn`). */
export function hasPermission(permissions: OrganizationActor['permissions'] | readonly string[], permission: Permission): boolean {
  return 'has' in permissions ? permissions.has(permission) : (permissions as readonly string[]).includes(permission);
}

/** The access model's check: (permission, target organisation). */
export function hasPermissionIn(actor: OrganizationActor, permission: Permission, organizationId: string): boolean {
  return hasPermission(actor.permissions, permission) && actsOn(actor, organizationId);
}

/**
 * The permission inside the actor's own organisation only (issue 32). What later acts for an
 * organisation (its tokens, webhooks, grants, data-source keys) is made by that organisation
 * itself: a platform admin's reach into others covers reading, revoking and removing, never making.
 */
export function hasPermissionInOwn(actor: OrganizationActor, permission: Permission, organizationId: string): boolean {
  return hasPermission(actor.permissions, permission) && actor.organizationId === organizationId;
}
