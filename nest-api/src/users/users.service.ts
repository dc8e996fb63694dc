import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ADMIN_ORGANIZATION_ONLY_ROLES, DETAILS, OWNER_ROLES, permissionsForRoles, type Permission, type Role } from '@datahub/domain';
import { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { revokePersonalTokens } from '../api-tokens/revoke-personal-tokens';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { actsOn, hasPermissionIn } from '../common/organization-access';
import type { Queryable } from '../database/queryable';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { OrganizationsService } from '../organizations/organizations.service';
import type { UpdateUserDto } from './dto/update-user.dto';
import { toUserView, type UserView } from './user.view';
import { UsersRepository, type UserWithOrganizationRow } from './users.repository';
import { memberEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';

const INVALID_ROLE = 'role not allowed for this user';

@Injectable()
export class UsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsService,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly users: UsersRepository,
    private readonly apiTokens: ApiTokensRepository,
    private readonly organizationRows: OrganizationsRepository,
  ) {}

  /** Its row locked until the transaction ends, so membership and role changes are serialised. */
  private async lockOrganization(organizationId: string, db: Queryable): Promise<void> {
    await this.organizationRows.lockById(organizationId, db);
  }

  private async findVisible(actor: AuthenticatedUser, id: string, db?: Queryable): Promise<UserWithOrganizationRow> {
    const user = await this.users.withOrganization(id, db);
    if (!user || !actsOn(actor, user.organization_id)) throw ApiError.notFound();
    return user;
  }

  async list(actor: AuthenticatedUser): Promise<UserView[]> {
    const users = await this.users.listWithOrganization(actor.organizationAdmin ? null : actor.organizationId);
    return users.map(toUserView);
  }

  async listInOrganization(organizationId: string): Promise<UserView[]> {
    const users = await this.users.listWithOrganization(organizationId);
    return users.map(toUserView);
  }

  async get(actor: AuthenticatedUser, id: string): Promise<UserView> {
    return toUserView(await this.findVisible(actor, id));
  }

  async updateProfile(actor: AuthenticatedUser, id: string, dto: UpdateUserDto): Promise<UserView> {
    // Only your own name: any other id is refused alike, so the answer reveals nothing.
    if (id !== actor.id) throw ApiError.forbidden();
    if (dto.firstname !== undefined || dto.lastname !== undefined) await this.users.updateNames(id, { firstname: dto.firstname, lastname: dto.lastname });
    return toUserView((await this.users.withOrganization(id))!);
  }

  async permissions(actor: AuthenticatedUser, id: string): Promise<Permission[]> {
    if (id === actor.id) return [...actor.permissions];
    await this.findVisible(actor, id);
    return permissionsForRoles(await this.users.roleNames(id));
  }

  async roles(actor: AuthenticatedUser, id: string): Promise<string[]> {
    await this.findVisible(actor, id);
    return this.users.roleNames(id);
  }

  /** Needs RoleAssignment.Create and .Delete in the target's organisation; the row lock stops two changes removing the last owner together. */
  private async changeRoles(actor: AuthenticatedUser, id: string, change: (manager: Queryable, target: UserWithOrganizationRow) => Promise<void>): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const target = await this.findVisible(actor, id, manager);
      if (
        !hasPermissionIn(actor, 'RoleAssignment.Create', target.organization_id) ||
        !hasPermissionIn(actor, 'RoleAssignment.Delete', target.organization_id)
      )
        throw ApiError.forbidden();
      await this.lockOrganization(target.organization_id, manager);
      const before = await this.users.roleNames(id, manager);
      await change(manager, target);
      await this.ensureOwner(manager, target.organization_id);
      const after = await this.users.roleNames(id, manager);
      await this.audit.record(manager, actor, { kind: 'roles.changed', organizationId: target.organization_id, subjectId: id, before: { email: target.email, roles: before }, after: { email: target.email, roles: after } });
      return after;
    });
  }

  private assertAssignable(role: Role, target: UserWithOrganizationRow): void {
    if (ADMIN_ORGANIZATION_ONLY_ROLES.includes(role) && !target.organization_admin) throw new ApiError(422, INVALID_ROLE);
  }

  addRole(actor: AuthenticatedUser, id: string, role: Role): Promise<string[]> {
    return this.changeRoles(actor, id, async (manager, target) => {
      this.assertAssignable(role, target);
      await this.users.addRole(id, role, manager);
    });
  }

  setRoles(actor: AuthenticatedUser, id: string, roles: Role[]): Promise<string[]> {
    return this.changeRoles(actor, id, async (manager, target) => {
      roles.forEach((role) => this.assertAssignable(role, target));
      await this.users.removeRoles(id, undefined, manager);
      for (const role of new Set(roles)) await this.users.insertRole(id, role, manager);
    });
  }

  removeRole(actor: AuthenticatedUser, id: string, role: Role): Promise<string[]> {
    return this.changeRoles(actor, id, async (manager) => {
      await this.users.removeRoles(id, role, manager);
    });
  }

  /** Unless nobody is left: an emptied personal organisation is removed, any other stays for a new owner to be invited. */
  private async ensureOwner(manager: Queryable, organizationId: string): Promise<void> {
    const members = await this.organizationRows.userCount(organizationId, manager);
    if (members === 0) {
      await this.organizationRows.deleteIfEmptiedPersonal(organizationId, manager);
      return;
    }
    const owners = await this.users.holderCount(organizationId, OWNER_ROLES, manager);
    if (owners === 0) throw ApiError.conflict(DETAILS.lastOwner);
  }

  /** Deleting yourself deletes your account (and logs you out); someone else is only removed from the organisation. */
  async delete(actor: AuthenticatedUser, id: string): Promise<void> {
    if (id !== actor.id) return this.removeFromOrganization(actor, id);
    await this.dataSource.transaction(async (manager) => {
      await this.lockOrganization(actor.organizationId, manager);
      await this.users.delete(id, manager);
      await this.events.record(manager, memberEvent('organization.user_left', actor.organizationId, id));
      await this.ensureOwner(manager, actor.organizationId);
      await this.audit.record(manager, actor, { kind: 'user.removed', organizationId: actor.organizationId, subjectId: id, before: { email: actor.email } });
    });
  }

  async removeFromOrganization(actor: AuthenticatedUser, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const target = await this.findVisible(actor, id, manager);
      if (!hasPermissionIn(actor, 'User.Delete', target.organization_id)) throw ApiError.forbidden();
      await this.lockOrganization(target.organization_id, manager);
      await this.users.removeRoles(id, undefined, manager);
      // Revoked, not only refused while out: otherwise a later invitation would bring them back.
      await revokePersonalTokens(manager, { apiTokens: this.apiTokens, audit: this.audit }, actor, id, 'left_organization', target.organization_id);
      const personal = await this.organizations.createPersonal(manager);
      await this.users.moveTo(id, personal.id, false, manager);
      await this.users.insertRole(id, 'Organization.Owner', manager);
      await this.events.record(manager, memberEvent('organization.user_left', target.organization_id, id));
      await this.ensureOwner(manager, target.organization_id);
      await this.audit.record(manager, actor, { kind: 'user.removed', organizationId: target.organization_id, subjectId: id, before: { email: target.email } });
    });
  }

  async moveInto(manager: EntityManager, userId: string, organization: { id: string }): Promise<void> {
    const user = await this.users.byId(userId, manager);
    if (!user) throw new Error(`user ${userId} not found`);
    if (user.organization_id === organization.id) return;
    await this.lockOrganization(user.organization_id, manager);
    await this.users.removeRoles(userId, undefined, manager);
    // Leaving for another organisation revokes the tokens that acted on the old one; the user acts.
    await revokePersonalTokens(manager, { apiTokens: this.apiTokens, audit: this.audit }, { id: userId, email: user.email, organizationId: user.organization_id }, userId, 'left_organization', user.organization_id);
    await this.users.moveTo(userId, organization.id, true, manager);
    await this.events.record(manager, memberEvent('organization.user_left', user.organization_id, userId));
    await this.events.record(manager, memberEvent('organization.user_joined', organization.id, userId));
    await this.ensureOwner(manager, user.organization_id);
  }
}
