import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { isRole, PERMISSIONS, ROLES, type Role } from '@datahub/domain';
import { CurrentUser, RequirePermission, SignedIn } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { AddRoleDto, SetRolesDto } from './dto/roles.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserView } from './user.view';
import { UsersService } from './users.service';

const ROLE_NAMES = { schema: { type: 'array' as const, items: { type: 'string' as const, enum: [...ROLES] } } };

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });
const LAST_OWNER = { type: ErrorBodyView, description: "detail 'there must always be an organization owner'" };

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @RequirePermission('User.Read')
  @ApiOperation({ summary: 'Users of your organisation (organisation admins: everyone)' })
  @ApiOkResponse({ type: [UserView] })
  list(@CurrentUser() actor: AuthenticatedUser): Promise<UserView[]> {
    return this.users.list(actor);
  }

  @Get(':id')
  @RequirePermission('User.Read')
  @ApiOperation({ summary: 'One user of your organisation (organisation admins: anyone)' })
  @ApiOkResponse({ type: UserView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  get(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<UserView> {
    return this.users.get(actor, id);
  }

  @Put(':id')
  @SignedIn()
  @ApiOperation({ summary: 'Change your own first and last name (anyone else: 403)' })
  @ApiOkResponse({ type: UserView })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  update(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: UpdateUserDto): Promise<UserView> {
    return this.users.updateProfile(actor, id, dto);
  }

  @Delete(':id')
  @SignedIn()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete yourself (logs you out), or remove another user from the organisation (User.Delete, same organisation or admin)',
  })
  @ApiNoContentResponse()
  @ApiConflictResponse(LAST_OWNER)
  delete(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<void> {
    return this.users.delete(actor, id);
  }

  @Delete(':id/remove_from_organization')
  @RequirePermission('User.Delete')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a user from the organisation; they get a fresh personal organisation' })
  @ApiNoContentResponse()
  @ApiConflictResponse(LAST_OWNER)
  removeFromOrganization(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<void> {
    return this.users.removeFromOrganization(actor, id);
  }

  @Get(':id/permissions')
  @RequirePermission('User.Read')
  @ApiOperation({ summary: "A user's effective permission names (same organisation, or organisation admin)" })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'string', enum: [...PERMISSIONS] } } })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  permissions(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<string[]> {
    return this.users.permissions(actor, id);
  }

  @Get(':id/roles')
  @RequirePermission('User.Read')
  @ApiOperation({ summary: "A user's role names (same organisation, or organisation admin)" })
  @ApiOkResponse(ROLE_NAMES)
  roles(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<string[]> {
    return this.users.roles(actor, id);
  }

  @Post(':id/role')
  @RequirePermission('RoleAssignment.Create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Grant one role (needs RoleAssignment.Create and .Delete); answers the roles now held' })
  @ApiOkResponse(ROLE_NAMES)
  addRole(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: AddRoleDto): Promise<string[]> {
    return this.users.addRole(actor, id, dto.name);
  }

  @Post(':id/roles')
  @RequirePermission('RoleAssignment.Create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set exactly these roles (needs RoleAssignment.Create and .Delete); answers the roles now held' })
  @ApiOkResponse(ROLE_NAMES)
  @ApiConflictResponse(LAST_OWNER)
  setRoles(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Body() dto: SetRolesDto): Promise<string[]> {
    return this.users.setRoles(actor, id, dto.names);
  }

  @Delete(':id/roles/:role')
  @RequirePermission('RoleAssignment.Delete')
  @ApiOperation({ summary: 'Take one role away (needs RoleAssignment.Create and .Delete); answers the roles now held' })
  @ApiParam({ name: 'role', enum: ROLES })
  @ApiOkResponse(ROLE_NAMES)
  @ApiConflictResponse(LAST_OWNER)
  removeRole(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Param('role') role: string): Promise<string[]> {
    if (!isRole(role)) throw ApiError.notFound();
    return this.users.removeRole(actor, id, role as Role);
  }
}
