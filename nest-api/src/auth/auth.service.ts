import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DETAILS, displayOrganizationName, type Role } from '@datahub/domain';
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
import { SignupVerificationService } from './signup-verification.service';
import { TokenService, type IssuedToken } from './token.service';
import { memberEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';

/** After this many failures (any address, 15 minutes) each sign-in attempt on the account waits, doubling up to the maximum. */
const ACCOUNT_SLOWDOWN_AFTER = 5;
const ACCOUNT_SLOWDOWN_BASE_MS = 250;
const ACCOUNT_SLOWDOWN_MAX_MS = 4000;

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
    private readonly verifications: SignupVerificationService,
    private readonly events: EventsService,
  ) {
    this.limiter = new RateLimiter(config.rateLimits.windowMs);
  }

  private refuse(key: string): never {
    throw ApiError.tooManyRequests(this.limiter.retryAfterSeconds(key));
  }

  /** Every attempt counts against the address; only failures count against an (account, address) pair. */
  private throttle(kind: 'login' | 'signup', address: string, account: string): void {
    const { loginPerAddress, loginPerAccount } = this.config.rateLimits;
    const addressKey = `${kind}:ip:${address}`;
    const pairKey = `${kind}:pair:${account}|${address}`;
    if (!this.limiter.isAllowed(addressKey, loginPerAddress)) this.refuse(addressKey);
    if (!this.limiter.isAllowed(pairKey, loginPerAccount)) this.refuse(pairKey);
    this.limiter.hit(addressKey);
  }

  /**
   * Failures from every address slow the account down (up to a few seconds per attempt) but never
   * lock it: a stranger guessing from elsewhere cannot keep the owner out.
   */
  private async slowDown(account: string): Promise<void> {
    const failures = this.limiter.count(`login:account:${account}`);
    if (failures < ACCOUNT_SLOWDOWN_AFTER) return;
    const delay = Math.min(ACCOUNT_SLOWDOWN_MAX_MS, ACCOUNT_SLOWDOWN_BASE_MS * 2 ** (failures - ACCOUNT_SLOWDOWN_AFTER));
    await new Promise((resolve) => setTimeout(resolve, delay));
  }

  /** Every sign-in attempt, a password or a second-step code: within the limits, slowed down after repeated failures. */
  async admitLoginAttempt(email: string, address: string): Promise<void> {
    const account = normalizeEmail(email);
    this.throttle('login', address, account);
    await this.slowDown(account);
  }

  loginFailed(email: string, address: string): void {
    const account = normalizeEmail(email);
    this.limiter.hit(`login:pair:${account}|${address}`);
    this.limiter.hit(`login:account:${account}`);
  }

  loginSucceeded(email: string, address: string): void {
    this.limiter.reset(`login:pair:${normalizeEmail(email)}|${address}`);
  }

  async validateLogin(email: string, password: string, address: string): Promise<User> {
    const account = normalizeEmail(email);
    await this.admitLoginAttempt(account, address);
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = :email', { email: account })
      .getOne();
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
      this.loginFailed(account, address);
      throw new ApiError(HttpStatus.UNAUTHORIZED, DETAILS.invalidCredentials);
    }
    this.loginSucceeded(account, address);
    return user;
  }

  /**
   * Through an invitation link (the link proves the address) the newcomer is placed and signed in
   * at once. Otherwise nothing is created yet: a verification link is mailed (or, for an address
   * that already has an account, a note to its owner) and the answer is the same either way.
   */
  async signup(dto: SignupDto, address: string): Promise<{ signedIn: IssuedToken } | { pending: string }> {
    if (!this.config.signupEnabled) throw ApiError.forbidden(DETAILS.signupDisabled);
    const email = normalizeEmail(dto.email);
    this.throttle('signup', address, email);
    this.limiter.hit(`signup:pair:${email}|${address}`);
    const passwordHash = await hashPassword(dto.password);
    const names = { firstname: dto.firstname.trim(), lastname: dto.lastname.trim() };
    if (dto.invitation) {
      const invitation = dto.invitation;
      try {
        const user = await this.dataSource.transaction(async (manager) => {
          const invited = await this.invitations.claimForSignup(manager, invitation, email);
          if (!invited) return null;
          const user = await this.createUser(manager, { email, ...names, passwordHash, emailVerified: true, invitedTo: invited });
          await this.invitations.markAcceptedBy(manager, invitation, user.id);
          return user;
        });
        if (user) return { signedIn: await this.tokens.issue(user) };
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) throw ApiError.conflict(DETAILS.emailTaken);
        throw error;
      }
    }
    await this.verifications.request({ email, ...names, passwordHash });
    return { pending: email };
  }

  /**
   * Where following the link will place the account, shown before it is confirmed (issue 19): the
   * organisation that claimed the address's domain, or null for a new personal organisation.
   */
  async signupPlacement(token: string): Promise<{ email: string; organization_name: string | null }> {
    const email = await this.verifications.pendingEmail(token);
    const organization = await this.organizations.findByEmailDomain(this.dataSource.manager, email);
    return { email, organization_name: organization ? displayOrganizationName(organization.name) || null : null };
  }

  /** The mailed link followed: the account is created now, placed by e-mail domain since the address is proved. */
  async verifySignup(token: string, password: string): Promise<IssuedToken> {
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        const pending = await this.verifications.claim(manager, token, password);
        return this.createUser(manager, { ...pending, emailVerified: true });
      });
      return await this.tokens.issue(user);
    } catch (error) {
      // An account for the address appeared meanwhile (invitation, provider sign-in): the link is spent.
      if (isUniqueViolation(error, 'users_email_key')) throw new ApiError(404, DETAILS.verificationInvalid);
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
    // Placement by domain needs a proved address: an invitation link, a verification link or a provider's word.
    const joined =
      fields.invitedTo ?? (fields.emailVerified ? await this.organizations.findByEmailDomain(manager, fields.email) : null);
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
    else await this.events.record(manager, memberEvent('organization.user_joined', organization.id, user.id));
    return user;
  }
}
