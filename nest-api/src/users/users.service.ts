import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { permissionsForRoles, type Permission } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import type { UpdateUserDto } from './dto/update-user.dto';
import { RoleAssignment } from './role-assignment.entity';
import { User } from './user.entity';
import { toUserView, type UserView } from './user.view';

@Injectable()
export class UsersService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private async findWithOrganization(id: string): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where: { id }, relations: { organization: true } });
  }

  /** Same organisation, or a member of the admin organisation; others learn nothing (404). */
  private async findVisible(actor: AuthenticatedUser, id: string): Promise<User> {
    const user = await this.findWithOrganization(id);
    if (!user || (user.organizationId !== actor.organizationId && !actor.organizationAdmin)) throw ApiError.notFound();
    return user;
  }

  /** People change only their own first and last name. */
  async updateProfile(actor: AuthenticatedUser, id: string, dto: UpdateUserDto): Promise<UserView> {
    if (id !== actor.id) {
      await this.findVisible(actor, id);
      throw ApiError.forbidden();
    }
    const changes: Partial<User> = {};
    if (dto.firstname !== undefined) changes.firstname = dto.firstname;
    if (dto.lastname !== undefined) changes.lastname = dto.lastname;
    if (Object.keys(changes).length > 0) await this.dataSource.getRepository(User).update({ id }, changes);
    return toUserView((await this.findWithOrganization(id))!);
  }

  async permissions(actor: AuthenticatedUser, id: string): Promise<Permission[]> {
    if (id === actor.id) return [...actor.permissions];
    await this.findVisible(actor, id);
    const roles = await this.dataSource.getRepository(RoleAssignment).find({ where: { userId: id } });
    return permissionsForRoles(roles.map((assignment) => assignment.role));
  }
}
