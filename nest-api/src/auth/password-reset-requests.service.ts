import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ACCOUNT_MAILS, PASSWORD_RESET_TTL_MINUTES } from '@datahub/domain';
import { ApiError } from '../common/errors';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { hashToken } from '../invitations/invitations.service';
import { QueuedJobs } from '../jobs/queued-jobs';
import { MailService } from '../mail/mail.service';
import { UsersRepository } from '../users/users.repository';
import { AttemptCounters } from './attempt-counters';
import { PasswordResetsRepository } from './password-resets.repository';

/** Reset mails per account per hour: a typo and a retry, not mail-bombing someone's inbox. */
const RESET_MAILS_PER_ACCOUNT = 3;
const HOUR_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_JOB = 'password-reset-mail';

/** ADR 0027: only limits are counted and a job queued, so answer and timing are the same with or without an account; the address is sealed in the job. */
@Injectable()
export class PasswordResetRequestsService implements OnModuleInit {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly counters: AttemptCounters,
    private readonly queued: QueuedJobs,
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  onModuleInit(): void {
    this.queued.register<{ email: string }>({ name: PASSWORD_RESET_JOB, handler: (job) => this.mailReset(this.box.open(job.email)) });
  }

  async request(email: string, address: string): Promise<void> {
    const addressKey = `reset:ip:${address}`;
    const byAddress = (await this.counters.hit([addressKey], this.config.rateLimits.windowMs)).get(addressKey)!;
    if (byAddress.count > this.config.rateLimits.loginPerAddress) throw ApiError.tooManyRequests(byAddress.retryAfterSeconds);
    const accountKey = `reset:account:${email}`;
    const byAccount = (await this.counters.hit([accountKey], HOUR_MS)).get(accountKey)!;
    if (byAccount.count > RESET_MAILS_PER_ACCOUNT) throw ApiError.tooManyRequests(byAccount.retryAfterSeconds);
    await this.queued.send(PASSWORD_RESET_JOB, { email: this.box.seal(email) });
  }

  async mailReset(email: string): Promise<void> {
    const user = await this.users.credentialsByEmail(email);
    if (!user) return;
    if (!user.password_hash) {
      const text = ACCOUNT_MAILS.noPassword.text(user.firstname, this.link('/inloggen'));
      await this.mail.send({ to: user.email, subject: ACCOUNT_MAILS.noPassword.subject, text });
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await this.dataSource.transaction((manager) => this.resets.replaceSpentWith(user.id, hashToken(token), PASSWORD_RESET_TTL_MINUTES, manager));
    const text = ACCOUNT_MAILS.reset.text(user.firstname, this.link(`/wachtwoord-herstellen/${token}`), PASSWORD_RESET_TTL_MINUTES);
    await this.mail.send({ to: user.email, subject: ACCOUNT_MAILS.reset.subject, text });
  }

  private link(path: string): string {
    return new URL(path, this.config.publicUrl).toString();
  }
}
