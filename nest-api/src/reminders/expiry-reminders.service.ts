import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DATASET_SCOPES, formatDateLong, REMINDER_MAILS, ROLE_PERMISSIONS, ROLES, type ExpiryReminder, type Permission } from '@datahub/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { TimedJobs } from '../jobs/timed-jobs';
import { MailService, type Mail } from '../mail/mail.service';
import { UsersRepository } from '../users/users.repository';
import { ExpiryRemindersRepository, type DueApiToken, type DueAuthorisation } from './expiry-reminders.repository';

const scopeLabel = (scope: string) => DATASET_SCOPES.find((entry) => entry.scope === scope)?.label ?? scope;

function rolesWith(permission: Permission): string[] {
  return ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

// ADR 0024: each reminder is marked sent in the transaction that keeps its mails, so a second process never sends it twice.
@Injectable()
export class ExpiryRemindersService implements OnModuleInit {
  private readonly logger = new Logger('Reminders');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reminders: ExpiryRemindersRepository,
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    private readonly timedJobs: TimedJobs,
  ) {}

  onModuleInit(): void {
    this.timedJobs.register({ name: 'expiry-reminders', intervalSeconds: this.config.reminderIntervalSeconds, handler: () => this.sendDue() });
  }

  async sendDue(): Promise<number> {
    let sent = 0;
    for (const due of await this.reminders.dueAuthorisations()) if (await this.once('authorisation', due.ids, due.expires_on, due.reminder, (m) => this.authorisationMails(m, due))) sent += 1;
    for (const due of await this.reminders.dueApiTokens()) if (await this.once('api_token', [due.id], due.expires_on, due.reminder, (m) => this.apiTokenMails(m, due))) sent += 1;
    if (sent > 0) this.logger.log(`${sent} expiry reminders sent`);
    return sent;
  }

  private async once(kind: 'authorisation' | 'api_token', ids: string[], expiresOn: string, reminder: ExpiryReminder, mails: (manager: EntityManager) => Promise<Mail[]>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.reminders.markSent(kind, ids, expiresOn, reminder, manager))) return false;
      for (const mail of await mails(manager)) await this.mail.send(mail, manager);
      return true;
    });
  }

  private async authorisationMails(manager: EntityManager, due: DueAuthorisation): Promise<Mail[]> {
    const emails = await this.users.memberEmails([due.grantor_id, due.receiver_id], rolesWith('AuthorisationAssignment.Create'), manager);
    const { subject, text } = REMINDER_MAILS.authorisation({
      reminder: due.reminder,
      dataset: due.dataset,
      grantor: due.grantor,
      receiver: due.receiver,
      categories: due.scopes.map(scopeLabel),
      // The spec fixes dd/MM/yyyy for cards and dd-MM-yyyy for licences only.
      date: formatDateLong(due.expires_on),
      link: new URL('/machtigingen', this.config.publicUrl).toString(),
    });
    return emails.map((email) => ({ to: email, subject, text }));
  }

  private async apiTokenMails(manager: EntityManager, due: DueApiToken): Promise<Mail[]> {
    let emails: string[];
    if (due.kind === 'personal') {
      const owner = due.user_id ? await this.users.byId(due.user_id, manager) : null;
      emails = owner ? [owner.email] : [];
    } else emails = await this.users.memberEmails([due.organization_id], rolesWith('ApiToken.Manage'), manager);
    const path = due.kind === 'personal' ? '/profiel' : '/mijn-organisatie';
    const { subject, text } = REMINDER_MAILS.apiToken({ reminder: due.reminder, name: due.name, date: formatDateLong(due.expires_on), link: new URL(path, this.config.publicUrl).toString() });
    return emails.map((email) => ({ to: email, subject, text }));
  }
}
