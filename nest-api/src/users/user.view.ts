import { ApiProperty } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user';
import type { User } from './user.entity';

export class UserView {
  @ApiProperty({ format: 'uuid' })
  user_id: string;

  @ApiProperty()
  firstname: string;

  @ApiProperty()
  lastname: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ format: 'uuid', description: 'The organisation id' })
  organization: string;

  @ApiProperty()
  organization_name: string;

  @ApiProperty()
  organization_slug: string;

  @ApiProperty({ description: 'Member of the admin organisation' })
  organization_admin: boolean;
}

/** The signed-in user with their effective permissions: the portal's shell needs nothing else. */
export class CurrentUserView extends UserView {
  @ApiProperty({ type: [String], example: ['Dataset.Read', 'Organization.Read'] })
  permissions: string[];
}

/** Sorted permission lists by the (cached, immutable) set they come from: current_user is on every page. */
const sortedPermissions = new WeakMap<ReadonlySet<string>, string[]>();

function permissionList(permissions: ReadonlySet<string>): string[] {
  let list = sortedPermissions.get(permissions);
  if (!list) {
    list = Object.freeze([...permissions].sort()) as string[];
    sortedPermissions.set(permissions, list);
  }
  return list;
}

export function toCurrentUserView(user: AuthenticatedUser): CurrentUserView {
  return {
    user_id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    organization: user.organizationId,
    organization_name: user.organizationName,
    organization_slug: user.organizationSlug,
    organization_admin: user.organizationAdmin,
    permissions: permissionList(user.permissions),
  };
}

/** Needs `organization` loaded. */
export function toUserView(user: User): UserView {
  return {
    user_id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    organization: user.organizationId,
    organization_name: user.organization.name,
    organization_slug: user.organization.slug,
    organization_admin: user.organization.isAdmin,
  };
}
