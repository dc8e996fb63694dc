import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { ADMIN_ORGANIZATION_ONLY_ROLES, DETAILS, OWNER_ROLES, permissionsForRoles, type Permission, type Role } from '@datahub/domain';
import { revokePersonalTokens } from '../api-tokens/revoke-personal-tokens';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { actsOn, hasPermissionIn } from '../common/organization-access';
import { Organization } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import type { UpdateUserDto } from './dto/update-user.dto';
import { RoleAssignment } from './role-assignment.entity';
import { User } from './user.entity';
import { toUserView, type UserView } from './user.view';
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
  ) {}

  private findWithOrganization(id: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { id }, relations: { organization: true } });
  }

  /** Same organisation, or a member of the admin organisation; others learn nothing (404). */
  private async findVisible(actor: AuthenticatedUser, id: string, manager?: EntityManager): Promise<User> {
    const user = await this.findWithOrganization(id, manager);
    if (!user || !actsOn(actor, user.organizationId)) throw ApiError.notFound();
    return user;
  }

  async list(actor: AuthenticatedUser): Promise<UserView[]> {
    const users = await this.dataSource.getRepository(User).find({
      where: actor.organizationAdmin ? {} : { organizationId: actor.organizationId },
      relations: { organization: true },
      order: { email: 'ASC' },
    });
    return users.map(toUserView);
  }

  async listInOrganization(organizationId: string): Promise<UserView[]> {
    const users = await this.dataSource.getRepository(User).find({
      where: { organizationId },
      relations: { organization: true },
      order: { email: 'ASC' },
    });
    return users.map(toUserView);
  }

  async get(actor: AuthenticatedUser, id: string): Promise<UserView> {
    return toUserView(await this.findVisible(actor, id));
  }

  /** People change only their own first and last name. */
  async updateProfile(actor: AuthenticatedUser, id: string, dto: UpdateUserDto): Promise<UserView> {
    // Only your own name: any other id is refused alike, so the answer reveals nothing.
    if (id !== actor.id) throw ApiError.forbidden();
    const changes: Partial<User> = {};
    if (dto.firstname !== undefined) changes.firstname = dto.firstname;
    if (dto.lastname !== undefined) changes.lastname = dto.lastname;
    if (Object.keys(changes).length > 0) await this.dataSource.getRepository(User).update({ id }, changes);
    return toUserView((await this.findWithOrganization(id))!);
  }

  async permissions(actor: AuthenticatedUser, id: string): Promise<Permission[]> {
    if (id === actor.id) return [...actor.permissions];
    await this.findVisible(actor, id);
    return permissionsForRoles(await this.roleNames(this.dataSource.manager, id));
  }

  async roles(actor: AuthenticatedUser, id: string): Promise<string[]> {
    await this.findVisible(actor, id);
    return this.roleNames(this.dataSource.manager, id);
  }

  private async roleNames(manager: EntityManager, userId: string): Promise<string[]> {
    const assignments = await manager.getRepository(RoleAssignment).find({ where: { userId }, order: { role: 'ASC' } });
    return assignments.map((assignment) => assignment.role);
  }

  /**
   * Role changes need RoleAssignment.Create and RoleAssignment.Delete in the target's organisation.
   * The organisation row is locked so two changes cannot together remove the last owner.
   */
  private async changeRoles(actor: AuthenticatedUser, id: string, change: (manager: EntityManager, target: User) => Promise<void>): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const target = await this.findVisible(actor, id, manager);
      if (
        !hasPermissionIn(actor, 'RoleAssignment.Create', target.organizationId) ||
        !hasPermissionIn(actor, 'RoleAssignment.Delete', target.organizationId)
      )
        throw ApiError.forbidden();
      await this.lockOrganization(manager, target.organizationId);
      const before = await this.roleNames(manager, id);
      await change(manager, target);
      await this.ensureOwner(manager, target.organizationId);
      const after = await this.roleNames(manager, id);
      await this.audit.record(manager, actor, { kind: 'roles.changed', organizationId: target.organizationId, subjectId: id, before: { email: target.email, roles: before }, after: { email: target.email, roles: after } });
      return after;
    });
  }

  private assertAssignable(role: Role, target: User): void {
    if (ADMIN_ORGANIZATION_ONLY_ROLES.includes(role) && !target.organization.isAdmin) throw new ApiError(422, INVALID_ROLE);
  }

  addRole(actor: AuthenticatedUser, id: string, role: Role): Promise<string[]> {
    return this.changeRoles(actor, id, async (manager, target) => {
      this.assertAssignable(role, target);
      await manager.query('INSERT INTO role_assignments (user_id, role) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, role]);
    });
  }

  setRoles(actor: AuthenticatedUser, id: string, roles: Role[]): Promise<string[]> {
    return this.changeRoles(actor, id, async (manager, target) => {
      roles.forEach((role) => this.assertAssignable(role, target));
      await manager.getRepository(RoleAssignment).delete({ userId: id });
      for (const role of new Set(roles)) await manager.getRepository(RoleAssignment).insert({ userId: id, role });
    });
  }

  removeRole(actor: AuthenticatedUser, id: string, role: Role): Promise<string[]> {
    return this.changeRoles(actor, id, async (manager) => {
      await manager.getRepository(RoleAssignment).delete({ userId: id, role });
    });
  }

  private async lockOrganization(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
  }

  /**
   * There must always be an organisation owner — unless nobody is left: an emptied personal
   * organisation is removed, any other stays for a new owner to be invited.
   */
  private async ensureOwner(manager: EntityManager, organizationId: string): Promise<void> {
    const members = await manager.getRepository(User).count({ where: { organizationId } });
    if (members === 0) {
      await manager.query(`DELETE FROM organizations WHERE id = $1 AND NOT is_admin AND name LIKE 'tmp\\_%'`, [organizationId]);
      return;
    }
    const owners = await manager
      .getRepository(RoleAssignment)
      .createQueryBuilder('r')
      .innerJoin('r.user', 'u')
      .where('u.organization_id = :organizationId', { organizationId })
      .andWhere({ role: In([...OWNER_ROLES]) })
      .getCount();
    if (owners === 0) throw ApiError.conflict(DETAILS.lastOwner);
  }

  /**
   * Deleting yourself deletes your account (and so every session: you are logged out).
   * Deleting someone else only removes them from the organisation.
   */
  async delete(actor: AuthenticatedUser, id: string): Promise<void> {
    if (id !== actor.id) return this.removeFromOrganization(actor, id);
    await this.dataSource.transaction(async (manager) => {
      await this.lockOrganization(manager, actor.organizationId);
      await manager.getRepository(User).delete({ id });
      await this.events.record(manager, memberEvent('organization.user_left', actor.organizationId, id));
      await this.ensureOwner(manager, actor.organizationId);
      await this.audit.record(manager, actor, { kind: 'user.removed', organizationId: actor.organizationId, subjectId: id, before: { email: actor.email } });
    });
  }

  /** The person leaves with no rights here and lands in a fresh personal organisation of their own. */
  async removeFromOrganization(actor: AuthenticatedUser, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const target = await this.findVisible(actor, id, manager);
      if (!hasPermissionIn(actor, 'User.Delete', target.organizationId)) throw ApiError.forbidden();
      await this.lockOrganization(manager, target.organizationId);
      await manager.getRepository(RoleAssignment).delete({ userId: id });
      // Revoked, not only refused while out: otherwise a later invitation would bring them back (issue 32).
      await revokePersonalTokens(manager, this.audit, actor, id, 'left_organization', target.organizationId);
      const personal = await this.organizations.createPersonal(manager);
      await manager.getRepository(User).update({ id }, { organizationId: personal.id });
      await manager.getRepository(RoleAssignment).insert({ userId: id, role: 'Organization.Owner' });
      await this.events.record(manager, memberEvent('organization.user_left', target.organizationId, id));
      await this.ensureOwner(manager, target.organizationId);
      await this.audit.record(manager, actor, { kind: 'user.removed', organizationId: target.organizationId, subjectId: id, before: { email: target.email } });
    });
  }

  /** Moves a user (accepting an invitation) into `organization`; their old organisation must keep an owner. */
  async moveInto(manager: EntityManager, userId: string, organization: Organization): Promise<void> {
    const user = await manager.getRepository(User).findOneOrFail({ where: { id: userId } });
    if (user.organizationId === organization.id) return;
    await this.lockOrganization(manager, user.organizationId);
    await manager.getRepository(RoleAssignment).delete({ userId });
    // Leaving for another organisation revokes the tokens that acted on the old one (issue 32); the user acts.
    await revokePersonalTokens(manager, this.audit, { id: userId, email: user.email, organizationId: user.organizationId }, userId, 'left_organization', user.organizationId);
    await manager.getRepository(User).update({ id: userId }, { organizationId: organization.id, emailVerified: true });
    await this.events.record(manager, memberEvent('organization.user_left', user.organizationId, userId));
    await this.events.record(manager, memberEvent('organization.user_joined', organization.id, userId));
    await this.ensureOwner(manager, user.organizationId);
  }
}
