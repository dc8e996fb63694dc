import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { DETAILS, displayOrganizationName, SIGN_IN_LIMIT_DETAILS, SIGN_IN_LIMIT_MAILS, type Role } from '@datahub/domain';
import { ApiError, isUniqueViolation } from '../common/errors';
import { SecretBox } from '../common/secret-box';
import { QueuedJobs } from '../jobs/queued-jobs';
import { MailService } from '../mail/mail.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { InvitationsService } from '../invitations/invitations.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { UsersRepository, type UserRow } from '../users/users.repository';
import type { SignupDto } from './dto/login.dto';
import { hashPassword, verifyPassword } from './password';
import { AttemptCounters, KeyedQueue, type WindowCount } from './attempt-counters';
import { SignupVerificationService } from './signup-verification.service';
import { TokenService, type IssuedToken } from './token.service';
import { memberEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';

/** After this many failures (any address, 15 minutes) each sign-in attempt on the account waits, doubling up to the maximum. */
const ACCOUNT_SLOWDOWN_AFTER = 5;
const ACCOUNT_SLOWDOWN_BASE_MS = 250;
const ACCOUNT_SLOWDOWN_MAX_MS = 4000;
const CAPPED_MAIL_JOB = 'sign-in-capped-mail';

export type SignInFactor = 'password' | 'code';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly perAccount = new KeyedQueue();
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly organizations: OrganizationsService,
    private readonly invitations: InvitationsService,
    private readonly verifications: SignupVerificationService,
    private readonly events: EventsService,
    private readonly counters: AttemptCounters,
    private readonly queued: QueuedJobs,
    private readonly mail: MailService,
    private readonly users: UsersRepository,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  onModuleInit(): void {
    this.queued.register<{ account: string; factor: SignInFactor }>({ name: CAPPED_MAIL_JOB, handler: (job) => this.mailCapped(job) });
  }

  /** Every attempt counts against the address (in PostgreSQL: one atomic hit, so parallel requests cannot slip past). */
  private async countAddress(kind: 'login' | 'signup', address: string): Promise<void> {
    const key = `${kind}:ip:${address}`;
    const hit = (await this.counters.hit([key], this.config.rateLimits.windowMs)).get(key)!;
    if (hit.count > this.config.rateLimits.loginPerAddress) throw ApiError.tooManyRequests(hit.retryAfterSeconds);
  }

  /** Per-address limits, then one attempt per account at a time within its caps, slowed after repeated failures; `evaluate` answers null when wrong. */
  async signInAttempt<T>(email: string, address: string, factor: SignInFactor, evaluate: () => Promise<T | null>): Promise<T | null> {
    const account = normalizeEmail(email);
    await this.countAddress('login', address);
    return this.perAccount.run(account, async () => {
      const { loginPerAccount, accountPasswordFailures, accountCodeFailures } = this.config.rateLimits;
      const keys = this.accountKeys(account, address);
      const counts = await this.counters.counts([keys.pair, keys.failures, keys.codes]);
      const pair = counts.get(keys.pair)!;
      const failures = counts.get(keys.failures)!;
      const codes = counts.get(keys.codes)!;
      if (pair.count >= loginPerAccount) throw ApiError.tooManyRequests(pair.retryAfterSeconds);
      if (failures.count >= accountPasswordFailures) throw capped(failures);
      if (factor === 'code' && codes.count >= accountCodeFailures) throw capped(codes);
      await this.slowDown(failures.count);
      const result = await evaluate();
      if (result === null) await this.failed(account, address, factor);
      else await this.counters.reset(keys.pair);
      return result;
    });
  }

  private accountKeys(account: string, address: string) {
    return { pair: `login:pair:${account}|${address}`, failures: `login:account:${account}`, codes: `login:codes:${account}` };
  }

  /** A failure counts against the pair and the account (a wrong code also against the account's codes); reaching a cap mails the owner. */
  private async failed(account: string, address: string, factor: SignInFactor): Promise<void> {
    const { windowMs, accountPasswordFailures, accountCodeFailures } = this.config.rateLimits;
    const keys = this.accountKeys(account, address);
    const counts = await this.counters.hit(factor === 'code' ? [keys.pair, keys.failures, keys.codes] : [keys.pair, keys.failures], windowMs);
    // Exactly one failure makes a count equal its cap (the hits are atomic), so the mail goes once per window.
    if (counts.get(keys.failures)!.count === accountPasswordFailures) await this.notifyCapped(account, 'password');
    else if (factor === 'code' && counts.get(keys.codes)!.count === accountCodeFailures) await this.notifyCapped(account, 'code');
  }

  /** In the background: whether the address has an account must not show in the answer or its timing. */
  private async notifyCapped(account: string, factor: SignInFactor): Promise<void> {
    await this.queued.send(CAPPED_MAIL_JOB, { account: this.box.seal(account), factor });
  }

  private async mailCapped(job: { account: string; factor: SignInFactor }): Promise<void> {
    const user = await this.users.credentialsByEmail(this.box.open(job.account));
    if (!user) return;
    const minutes = Math.round(this.config.rateLimits.windowMs / 60_000);
    const forgot = new URL('/wachtwoord-vergeten', this.config.publicUrl).toString();
    const text = SIGN_IN_LIMIT_MAILS.capped.text(user.firstname, job.factor, minutes, forgot);
    await this.mail.send({ to: user.email, subject: SIGN_IN_LIMIT_MAILS.capped.subject, text });
  }

  /** The attempts wait one after another, so parallel guesses do not share one wait. */
  private async slowDown(failures: number): Promise<void> {
    if (failures < ACCOUNT_SLOWDOWN_AFTER) return;
    const delay = Math.min(ACCOUNT_SLOWDOWN_MAX_MS, ACCOUNT_SLOWDOWN_BASE_MS * 2 ** (failures - ACCOUNT_SLOWDOWN_AFTER));
    await new Promise((resolve) => setTimeout(resolve, delay));
  }

  async validateLogin(email: string, password: string, address: string): Promise<UserRow> {
    const account = normalizeEmail(email);
    const user = await this.signInAttempt(account, address, 'password', async () => {
      const found = await this.users.credentialsByEmail(account);
      // Checked even without an account, so the answer takes as long either way.
      if (!(await verifyPassword(found?.password_hash, password)) || !found) return null;
      const { password_hash: _hash, ...user } = found;
      return user;
    });
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, DETAILS.invalidCredentials);
    return user;
  }

  /** An invitation link places and signs in at once; otherwise a verification link is mailed, and the answer is the same either way. */
  async signup(dto: SignupDto, address: string): Promise<{ signedIn: IssuedToken } | { pending: string }> {
    if (!this.config.signupEnabled) throw ApiError.forbidden(DETAILS.signupDisabled);
    const email = normalizeEmail(dto.email);
    const pairKey = `signup:pair:${email}|${address}`;
    const pair = (await this.counters.counts([pairKey])).get(pairKey)!;
    if (pair.count >= this.config.rateLimits.loginPerAccount) throw ApiError.tooManyRequests(pair.retryAfterSeconds);
    await this.countAddress('signup', address);
    await this.counters.hit([pairKey], this.config.rateLimits.windowMs);
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
      invitedTo?: { id: string } | null;
    },
  ): Promise<UserRow> {
    // Placement by domain needs a proved address: an invitation link, a verification link or a provider's word.
    const joined =
      fields.invitedTo ?? (fields.emailVerified ? await this.organizations.findByEmailDomain(manager, fields.email) : null);
    const organization = joined ?? (await this.organizations.createPersonal(manager));
    const user = await this.users.insert(
      {
        email: fields.email,
        firstname: fields.firstname,
        lastname: fields.lastname,
        passwordHash: fields.passwordHash,
        emailVerified: fields.emailVerified ?? false,
        organizationId: organization.id,
      },
      manager,
    );
    if (!joined) await this.users.insertRole(user.id, 'Organization.Owner' satisfies Role, manager);
    else await this.events.record(manager, memberEvent('organization.user_joined', organization.id, user.id));
    return user;
  }
}

/** The 429 of an account whose cap is reached: the same for an address without an account. */
function capped(window: WindowCount): ApiError {
  return ApiError.tooManyRequests(window.retryAfterSeconds, SIGN_IN_LIMIT_DETAILS.accountCapped);
}
