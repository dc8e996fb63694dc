import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { Permission } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { LicenceView, OrganizationView } from '../organizations/organization.view';
import { OrganizationsService } from '../organizations/organizations.service';
import { CurrentUserView, toCurrentUserView, UserView } from '../users/user.view';
import { UsersService } from '../users/users.service';

export class OrganizationPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: OrganizationView })
  organization: OrganizationView;

  @ApiProperty({ type: [UserView], description: 'As GET /api/organizations/{slug}/users' })
  users: UserView[];

  @ApiProperty({ type: [LicenceView], description: 'As GET /api/organizations/{slug}/licences' })
  licences: LicenceView[];
}

/** The page shows its people and licences: without the right to read both, it is refused as those reads were. */
const SHOWN: Permission[] = ['User.Read', 'Licence.Read'];

@Injectable()
export class OrganizationPage {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly users: UsersService,
  ) {}

  async read(actor: AuthenticatedUser, slug: string): Promise<OrganizationPageView> {
    const organization = await this.organizations.getBySlug(actor, slug);
    if (SHOWN.some((permission) => !actor.permissions.has(permission))) throw ApiError.forbidden();
    const [users, licences] = await Promise.all([
      this.users.listInOrganization(organization.organization_id),
      this.organizations.licences(actor, organization.slug),
    ]);
    return { user: toCurrentUserView(actor), organization, users, licences };
  }
}
