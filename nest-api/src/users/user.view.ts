import { ApiProperty } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user';
import type { UserWithOrganizationRow } from './users.repository';

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

export class CurrentUserView extends UserView {
  @ApiProperty({ type: [String], example: ['Dataset.Read', 'Organization.Read'] })
  permissions: string[];

  @ApiProperty({ description: 'A platform admin who must turn on two-step sign-in before anything else (REQUIRE_2FA_FOR_ADMINS)' })
  two_factor_enrolment_required: boolean;
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
    permissions: [...user.permissions].sort(),
    two_factor_enrolment_required: user.twoFactorEnrolmentRequired === true,
  };
}

/** Asked for every page: its JSON is kept per session permission set and reused while every field still matches the user asking. */
const currentUserAnswers = new WeakMap<ReadonlySet<string>, { view: CurrentUserView; json: string }>();

export function currentUserJson(user: AuthenticatedUser): string {
  const known = currentUserAnswers.get(user.permissions);
  if (known && describesUser(known.view, user)) return known.json;
  const view = toCurrentUserView(user);
  const json = JSON.stringify(view);
  currentUserAnswers.set(user.permissions, { view, json });
  return json;
}

function describesUser(view: CurrentUserView, user: AuthenticatedUser): boolean {
  return (
    view.user_id === user.id &&
    view.firstname === user.firstname &&
    view.lastname === user.lastname &&
    view.email === user.email &&
    view.organization === user.organizationId &&
    view.organization_name === user.organizationName &&
    view.organization_slug === user.organizationSlug &&
    view.organization_admin === user.organizationAdmin &&
    view.permissions.length === user.permissions.size &&
    view.two_factor_enrolment_required === (user.twoFactorEnrolmentRequired === true)
  );
}

export function toUserView(user: UserWithOrganizationRow): UserView {
  return {
    user_id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    organization: user.organization_id,
    organization_name: user.organization_name,
    organization_slug: user.organization_slug,
    organization_admin: user.organization_admin,
  };
}
