import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCOUNT_DETAILS, ACCOUNT_FIELD_ERRORS, ACCOUNT_MAILS, type PasswordChangeEnded } from '@datahub/domain';
import { passwordProblem } from '@datahub/domain/server';
import { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { revokePersonalTokens } from '../api-tokens/revoke-personal-tokens';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { hashToken } from '../invitations/invitations.service';
import { MailService } from '../mail/mail.service';
import { UsersRepository } from '../users/users.repository';
import { hashPassword, verifyPassword } from './password';
import { PasswordResetsRepository } from './password-resets.repository';
import { AttemptCountersRepository } from './attempt-counters.repository';
import { ClusterLimit } from './cluster-limit';
import { TokenService } from './token.service';

/** Wrong current passwords per account per 15 minutes before changing is refused for a while. */
const CHANGE_FAILURES_PER_ACCOUNT = 5;

/** ADR 0027: a reset link keeps only its token's hash, works once for 30 min, and asking answers the same with or without an account. */
@Injectable()
export class AccountPasswordsService {
  private readonly quarterly: ClusterLimit;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly tokens: TokenService,
    private readonly audit: AuditService,
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly apiTokens: ApiTokensRepository,
    counters: AttemptCountersRepository,
  ) {
    this.quarterly = new ClusterLimit(counters, config.rateLimits.windowMs, CHANGE_FAILURES_PER_ACCOUNT);
  }

  private link(path: string): string {
    return new URL(path, this.config.publicUrl).toString();
  }

  /** The address a live link is for, without using it up (mail scanners fetch links); 404 otherwise. */
  async resetEmail(token: string): Promise<string> {
    const email = await this.resets.liveEmail(hashToken(token));
    if (email === null) throw new ApiError(HttpStatus.NOT_FOUND, ACCOUNT_DETAILS.resetInvalid);
    return email;
  }

  /** Ends every session, other links and the personal API tokens: whoever took the account may have made one. */
  async completeReset(token: string, password: string, address?: string): Promise<void> {
    const { user, revoked } = await this.dataSource.transaction(async (manager) => {
      const found = await this.resets.lockLive(hashToken(token), manager);
      if (!found) throw new ApiError(HttpStatus.NOT_FOUND, ACCOUNT_DETAILS.resetInvalid);
      const problem = passwordProblem(password, found.email);
      if (problem) throw ApiError.validation({ password: problem });
      await this.resets.useAllOf(found.id, manager);
      await this.users.setPassword(found.id, await hashPassword(password), manager);
      const actor = { id: found.id, email: found.email, organizationId: found.organization_id, clientAddress: address };
      return { user: found, revoked: await revokePersonalTokens(manager, { apiTokens: this.apiTokens, audit: this.audit }, actor, found.id, 'password_reset') };
    });
    await this.tokens.revokeAllOf(user.id);
    await this.mailChanged(user, { sessions: 'all', tokens: revoked });
  }

  async hasPassword(userId: string): Promise<boolean> {
    return Boolean((await this.users.credentialsById(userId))?.password_hash);
  }

  async change(actor: AuthenticatedUser, current: string, password: string, endOthers = true): Promise<void> {
    const { id: userId, sessionId } = actor;
    const user = await this.users.credentialsById(userId);
    if (!user) throw ApiError.unauthenticated();
    if (!user.password_hash) throw ApiError.conflict(ACCOUNT_DETAILS.noPassword);
    const failures = `change:account:${user.id}`;
    await this.quarterly.refuseWhenReached(failures);
    if (!(await verifyPassword(user.password_hash, current))) {
      await this.quarterly.hit(failures);
      throw ApiError.validation({ current_password: ACCOUNT_FIELD_ERRORS.currentPassword });
    }
    if (current === password) throw ApiError.validation({ password: ACCOUNT_FIELD_ERRORS.samePassword });
    const problem = passwordProblem(password, user.email);
    if (problem) throw ApiError.validation({ password: problem });
    await this.quarterly.reset(failures);
    const passwordHash = await hashPassword(password);
    const revoked = await this.dataSource.transaction(async (manager) => {
      await this.users.setPassword(user.id, passwordHash, manager);
      await this.resets.useAllOf(user.id, manager);
      return endOthers ? revokePersonalTokens(manager, { apiTokens: this.apiTokens, audit: this.audit }, actor, user.id, 'password_change') : 0;
    });
    // revokeAllOf awaits every process's acknowledgement, which also covers the tokens' notifications.
    if (endOthers) await this.tokens.revokeAllOf(user.id, sessionId);
    await this.mailChanged(user, { sessions: endOthers ? 'others' : 'none', tokens: revoked });
  }

  private mailChanged(user: { email: string; firstname: string }, ended: PasswordChangeEnded): Promise<void> {
    const text = ACCOUNT_MAILS.changed.text(user.firstname, this.link('/wachtwoord-vergeten'), ended);
    return this.mail.send({ to: user.email, subject: ACCOUNT_MAILS.changed.subject, text });
  }
}
