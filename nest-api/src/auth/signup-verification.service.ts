import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DETAILS, FIELD_ERRORS, SIGNUP_MAILS, SIGNUP_VERIFICATION_TTL_HOURS } from '@datahub/domain';
import { ApiError } from '../common/errors';
import type { Queryable } from '../database/queryable';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { hashToken } from '../invitations/invitations.service';
import { MailService } from '../mail/mail.service';
import { UsersRepository } from '../users/users.repository';
import { verifyPassword } from './password';
import { AttemptCountersRepository } from './attempt-counters.repository';
import { ClusterLimit } from './cluster-limit';
import { SignupVerificationsRepository } from './signup-verifications.repository';

/** Sign-up and resend mails per address per hour: enough for a typo and a retry, not for mail-bombing. */
const SIGNUP_MAILS_PER_HOUR = 3;

interface PendingSignup {
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
}

/** ADR 0003: no account or placement until the link is followed; the answer is the same whether or not the address has an account. */
@Injectable()
export class SignupVerificationService {
  private readonly limiter: ClusterLimit;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly users: UsersRepository,
    private readonly verifications: SignupVerificationsRepository,
    counters: AttemptCountersRepository,
  ) {
    this.limiter = new ClusterLimit(counters, 60 * 60 * 1000, SIGNUP_MAILS_PER_HOUR);
  }

  private countMail(email: string): Promise<void> {
    return this.limiter.take(`signup-mail:${email}`);
  }

  async request(pending: PendingSignup): Promise<void> {
    await this.countMail(pending.email);
    if (await this.users.emailTaken(pending.email)) {
      await this.mail.send({
        to: pending.email,
        subject: SIGNUP_MAILS.alreadyRegistered.subject,
        text: SIGNUP_MAILS.alreadyRegistered.text(new URL('/inloggen', this.config.publicUrl).toString()),
      });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.transaction((manager) => this.verifications.insert(pending, hashToken(token), SIGNUP_VERIFICATION_TTL_HOURS, manager));
    await this.sendLink(pending.email, pending.firstname, token);
  }

  async resend(email: string): Promise<void> {
    await this.countMail(email);
    const token = randomBytes(32).toString('base64url');
    const firstname = await this.verifications.renewNewest(email, hashToken(token), SIGNUP_VERIFICATION_TTL_HOURS);
    if (firstname !== null) await this.sendLink(email, firstname, token);
  }

  async pendingEmail(token: string): Promise<string> {
    const email = await this.verifications.liveEmail(hashToken(token));
    if (email === null) throw new ApiError(404, DETAILS.verificationInvalid);
    return email;
  }

  /** The sign-up password must be given again, so a link for someone else's sign-up of your address cannot hand you their account. */
  async claim(manager: Queryable, token: string, password: string): Promise<PendingSignup> {
    const row = await this.verifications.lockLive(hashToken(token), manager);
    if (!row) throw new ApiError(404, DETAILS.verificationInvalid);
    if (!(await verifyPassword(row.password_hash, password))) throw ApiError.validation({ password: FIELD_ERRORS.signupPassword });
    await this.verifications.deleteFor(row.email, manager);
    return { email: row.email, firstname: row.firstname, lastname: row.lastname, passwordHash: row.password_hash };
  }

  private sendLink(email: string, firstname: string, token: string): Promise<void> {
    const link = new URL(`/registreren/bevestigen/${token}`, this.config.publicUrl).toString();
    return this.mail.send({ to: email, subject: SIGNUP_MAILS.verify.subject, text: SIGNUP_MAILS.verify.text(firstname, link) });
  }
}
