import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiMovedPermanentlyResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { UserView } from '../users/user.view';
import { UsersService } from '../users/users.service';
import { UpdateOrganizationDto } from './dto/update-organization.dto';
import { LicenceView, OrganizationView } from './organization.view';
import { OrganizationsService } from './organizations.service';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

const MOVED = { type: ErrorBodyView, description: 'A former slug: Location gives the same address under the current slug' };

@ApiTags('organizations')
@Controller('organizations')
export class OrganizationsController {
  constructor(
    private readonly organizations: OrganizationsService,
    private readonly users: UsersService,
  ) {}

  @Get()
  @RequirePermission('Organization.Read')
  @ApiOperation({ summary: 'Organisations with user counts: all for organisation admins, otherwise only your own' })
  @ApiOkResponse({ type: [OrganizationView] })
  list(@CurrentUser() actor: AuthenticatedUser): Promise<OrganizationView[]> {
    return this.organizations.list(actor);
  }

  @Get(':slug')
  @RequirePermission('Organization.Read')
  @ApiOperation({ summary: 'One organisation: your own, or any for organisation admins (others: 403)' })
  @ApiOkResponse({ type: OrganizationView })
  @ApiMovedPermanentlyResponse(MOVED)
  @ApiForbiddenResponse({ type: ErrorBodyView })
  get(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<OrganizationView> {
    return this.organizations.getBySlug(actor, slug);
  }

  @Put(':organization_id')
  @RequirePermission('Organization.Update')
  @ApiOperation({ summary: 'Change name, KvK number and e-mail domain (Organization.Update in that organisation)' })
  @ApiOkResponse({ type: OrganizationView })
  @ApiConflictResponse({ type: ErrorBodyView, description: "detail 'organization with this name already exists'" })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: "field errors, or detail 'cannot use this email domain'" })
  update(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('organization_id', uuid) id: string,
    @Body() dto: UpdateOrganizationDto,
  ): Promise<OrganizationView> {
    return this.organizations.update(actor, id, dto);
  }

  @Get(':slug/users')
  @RequirePermission('User.Read')
  @ApiOperation({ summary: "The organisation's users: your own organisation, or any for organisation admins" })
  @ApiOkResponse({ type: [UserView] })
  @ApiMovedPermanentlyResponse(MOVED)
  async listUsers(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<UserView[]> {
    const organization = await this.organizations.getVisibleBySlug(actor, slug, '/users');
    return this.users.listInOrganization(organization.id);
  }

  @Get(':slug/licences')
  @RequirePermission('Licence.Read')
  @ApiOperation({ summary: "The organisation's application licences" })
  @ApiOkResponse({ type: [LicenceView] })
  @ApiMovedPermanentlyResponse(MOVED)
  licences(@CurrentUser() actor: AuthenticatedUser, @Param('slug') slug: string): Promise<LicenceView[]> {
    return this.organizations.licences(actor, slug);
  }
}
