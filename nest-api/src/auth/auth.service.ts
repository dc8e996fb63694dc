import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DETAILS, type Role } from '@datahub/domain';
import { ApiError, isUniqueViolation } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { InvitationsService } from '../invitations/invitations.service';
import type { Organization } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { RoleAssignment } from '../users/role-assignment.entity';
import { User } from '../users/user.entity';
import type { SignupDto } from './dto/login.dto';
import { hashPassword, verifyPassword } from './password';
import { RateLimiter } from './rate-limiter';
import { TokenService, type IssuedToken } from './token.service';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Injectable()
export class AuthService {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly organizations: OrganizationsService,
    private readonly invitations: InvitationsService,
  ) {
    this.limiter = new RateLimiter(config.rateLimits.windowMs);
  }

  /** Every attempt counts against the address; only failures count against the account. */
  private throttle(kind: 'login' | 'signup', address: string, account: string): void {
    const { loginPerAddress, loginPerAccount } = this.config.rateLimits;
    const addressKey = `${kind}:ip:${address}`;
    const accountKey = `${kind}:account:${account}`;
    if (!this.limiter.isAllowed(addressKey, loginPerAddress) || !this.limiter.isAllowed(accountKey, loginPerAccount))
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, DETAILS.tooManyAttempts);
    this.limiter.hit(addressKey);
  }

  async validateLogin(email: string, password: string, address: string): Promise<User> {
    const account = normalizeEmail(email);
    this.throttle('login', address, account);
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = :email', { email: account })
      .getOne();
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      this.limiter.hit(`login:account:${account}`);
      throw new ApiError(HttpStatus.UNAUTHORIZED, DETAILS.invalidCredentials);
    }
    this.limiter.reset(`login:account:${account}`);
    return user;
  }

  login(user: User): Promise<IssuedToken> {
    return this.tokens.issue(user);
  }

  /**
   * Places the newcomer by the access model: the organisation that invited them (the link proves
   * the address), else an organisation whose e-mail domain matches, both with read rights only;
   * otherwise a new personal organisation of which they are owner.
   */
  async signup(dto: SignupDto, address: string): Promise<IssuedToken> {
    if (!this.config.signupEnabled) throw ApiError.forbidden(DETAILS.signupDisabled);
    const email = normalizeEmail(dto.email);
    this.throttle('signup', address, email);
    this.limiter.hit(`signup:account:${email}`);
    const passwordHash = await hashPassword(dto.password);
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        const invited = await this.invitations.claimForSignup(manager, dto.invitation, email);
        const user = await this.createUser(manager, {
          email,
          firstname: dto.firstname.trim(),
          lastname: dto.lastname.trim(),
          passwordHash,
          emailVerified: invited !== null,
          invitedTo: invited,
        });
        if (invited && dto.invitation) await this.invitations.markAcceptedBy(manager, dto.invitation, user.id);
        return user;
      });
      return await this.tokens.issue(user);
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw ApiError.conflict(DETAILS.emailTaken);
      throw error;
    }
  }

  async createUser(
    manager: EntityManager,
    fields: {
      email: string;
      firstname: string;
      lastname: string;
      passwordHash: string | null;
      emailVerified?: boolean;
      invitedTo?: Organization | null;
    },
  ): Promise<User> {
    const joined = fields.invitedTo ?? (await this.organizations.findByEmailDomain(manager, fields.email));
    const organization = joined ?? (await this.organizations.createPersonal(manager));
    const user = await manager.getRepository(User).save({
      email: fields.email,
      firstname: fields.firstname,
      lastname: fields.lastname,
      passwordHash: fields.passwordHash,
      emailVerified: fields.emailVerified ?? false,
      organizationId: organization.id,
    });
    if (!joined) await manager.getRepository(RoleAssignment).save({ userId: user.id, role: 'Organization.Owner' satisfies Role });
    return user;
  }
}
