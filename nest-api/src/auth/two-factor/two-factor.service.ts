import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TWO_FACTOR_DETAILS, TWO_FACTOR_FIELD_ERRORS, TWO_FACTOR_MAILS } from '@datahub/domain';
import { ApiTokensRepository } from '../../api-tokens/api-tokens.repository';
import { revokePersonalTokens } from '../../api-tokens/revoke-personal-tokens';
import { AuditService } from '../../audit/audit.service';
import type { AuthenticatedUser } from '../../common/authenticated-user';
import { ApiError } from '../../common/errors';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config';
import { MailService } from '../../mail/mail.service';
import { AttemptCountersRepository } from '../attempt-counters.repository';
import { ClusterLimit } from '../cluster-limit';
import { ChangeNotifications } from '../../cache/change-notifications';
import { SessionsRepository } from '../sessions.repository';
import { newRecoveryCodes } from './recovery-codes';
import { SecondFactorCheck } from './second-factor';
import { newTotpSecret, otpauthUrl, qrSvg } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

/** Wrong codes per account per 15 minutes on /profiel before confirming or disabling is refused for a while. */
const CODE_FAILURES_PER_ACCOUNT = 5;

export interface TwoFactorState {
  available: boolean;
  enabled: boolean;
  pending: boolean;
  recovery_codes_left: number;
  required: boolean;
}

/** ADR 0032: every method acts on the signed-in user only; there is no other user's id to pass. */
@Injectable()
export class TwoFactorService {
  /** Wrong codes per account, counted by every API process together. */
  private readonly failures: ClusterLimit;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly check: SecondFactorCheck,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly changes: ChangeNotifications,
    private readonly twoFactor: TwoFactorRepository,
    private readonly sessions: SessionsRepository,
    private readonly apiTokens: ApiTokensRepository,
    counters: AttemptCountersRepository,
  ) {
    this.failures = new ClusterLimit(counters, config.rateLimits.windowMs, CODE_FAILURES_PER_ACCOUNT);
  }

  async state(user: AuthenticatedUser): Promise<TwoFactorState> {
    const row = await this.twoFactor.state(user.id);
    if (!row) throw ApiError.unauthenticated();
    return {
      available: row.has_password,
      enabled: row.enabled,
      pending: row.pending,
      recovery_codes_left: row.enabled ? row.left : 0,
      required: user.twoFactorEnrolmentRequired === true,
    };
  }

  /** Starts (or restarts) enrolment with a fresh secret; nothing changes at sign-in until it is confirmed. */
  async start(user: AuthenticatedUser): Promise<void> {
    const state = await this.state(user);
    if (!state.available) throw ApiError.conflict(TWO_FACTOR_DETAILS.noPassword);
    if (state.enabled) throw ApiError.conflict(TWO_FACTOR_DETAILS.alreadyEnabled);
    await this.twoFactor.startEnrolment(user.id, this.check.box.seal(newTotpSecret()));
  }

  /** The secret of an enrolment not yet confirmed, as text and QR code; after confirmation it is never shown again. */
  async enrolment(user: AuthenticatedUser): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> {
    const row = await this.check.row(this.dataSource, user.id);
    if (!row || row.enabled_at) throw new ApiError(HttpStatus.NOT_FOUND, TWO_FACTOR_DETAILS.noEnrolment);
    const secret = this.check.box.open(row.secret_sealed);
    const url = otpauthUrl(secret, user.email);
    return { secret, otpauth_url: url, qr_svg: await qrSvg(url) };
  }

  async cancel(user: AuthenticatedUser): Promise<void> {
    await this.twoFactor.cancelEnrolment(user.id);
  }

  /** The answer is the only time the recovery codes are readable; `endOthers` (default) puts out whoever got in before the second step existed. */
  async confirm(user: AuthenticatedUser, code: string, endOthers = true): Promise<string[]> {
    await this.allowAttempt(user);
    const codes = newRecoveryCodes();
    const confirmed = await this.dataSource.transaction(async (manager) => {
      const row = await this.check.row(manager, user.id, true);
      if (!row || row.enabled_at) throw new ApiError(HttpStatus.NOT_FOUND, TWO_FACTOR_DETAILS.noEnrolment);
      // Not spent (last_step stays NULL): the first sign-in after enrolment takes the code the app still shows.
      if (!this.check.matchesTotp(row, code.trim())) return false;
      await this.twoFactor.enable(user.id, codes.map((recovery) => this.check.hasher.hash(recovery)), manager);
      await this.audit.record(manager, user, { kind: 'two_factor.enabled', organizationId: user.organizationId, subjectId: user.id });
      if (endOthers) {
        await this.sessions.revokeAllOf(user.id, user.sessionId, manager);
        await revokePersonalTokens(manager, { apiTokens: this.apiTokens, audit: this.audit }, user, user.id, 'two_factor_enabled');
      }
      // Cached sessions carry whether an admin still has to enrol: they are read again.
      await this.sessions.notifyUserChanged(user.id, manager);
      return true;
    });
    if (!confirmed) await this.refuseCode(user, TWO_FACTOR_FIELD_ERRORS.invalidCode);
    await this.changes.sync();
    return codes;
  }

  /** Needs a current code or an unused recovery code; the user gets a mail saying it is off. */
  async disable(user: AuthenticatedUser, code: string): Promise<void> {
    await this.allowAttempt(user);
    const disabled = await this.dataSource.transaction(async (manager) => {
      const row = await this.check.row(manager, user.id);
      if (!row?.enabled_at) throw ApiError.conflict(TWO_FACTOR_DETAILS.notEnabled);
      const factor = await this.check.spend(manager, user.id, code);
      if (!factor) return false;
      await this.twoFactor.remove(user.id, manager);
      await this.audit.record(manager, user, { kind: 'two_factor.disabled', organizationId: user.organizationId, subjectId: user.id, after: { with: factor } });
      await this.sessions.notifyUserChanged(user.id, manager);
      return true;
    });
    if (!disabled) await this.refuseCode(user, TWO_FACTOR_FIELD_ERRORS.invalidCode);
    await this.changes.sync();
    const text = TWO_FACTOR_MAILS.disabled.text(user.firstname, new URL('/wachtwoord-vergeten', this.config.publicUrl).toString());
    await this.mail.send({ to: user.email, subject: TWO_FACTOR_MAILS.disabled.subject, text });
  }

  private allowAttempt(user: AuthenticatedUser): Promise<void> {
    return this.failures.refuseWhenReached(`code:account:${user.id}`);
  }

  private async refuseCode(user: AuthenticatedUser, message: string): Promise<never> {
    await this.failures.hit(`code:account:${user.id}`);
    throw ApiError.validation({ code: message });
  }
}
