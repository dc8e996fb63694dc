import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { MailRepository, type KeptMail } from './mail.repository';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The outbox holds every sign-in link, so its being on must be visible. */
export const OUTBOX_ON_NOTE =
  'Mail: no SMTP_URL set, so mail is printed here and kept in the outbox; GET /api/outbox serves it to AdminOrganization.Owner only. Set SMTP_URL in production.';

// Without SMTP_URL mail is printed and kept in the outbox table, readable by the admin organisation's owners only (it holds links).
@Injectable()
export class MailService implements OnModuleInit, OnModuleDestroy {
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly kept: MailRepository,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  get keepsOutbox(): boolean {
    return this.transport === null;
  }

  onModuleInit(): void {
    if (this.keepsOutbox && this.config.logLevel !== 'silent') process.stdout.write(`${OUTBOX_ON_NOTE}\n`);
  }

  async send(unsafe: Mail, manager?: EntityManager): Promise<void> {
    // Names typed by users end up in subjects: no line break or control character reaches a header.
    const mail = { ...unsafe, subject: unsafe.subject.replace(/[\u0000-\u001f\u007f]+/g, ' ') };
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      return;
    }
    await this.kept.keep(mail, manager);
    if (this.config.logLevel !== 'silent')
      process.stdout.write(`\n--- mail (no SMTP_URL set; kept in the outbox) ---\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n---\n`);
  }

  outbox(): Promise<KeptMail[]> {
    return this.kept.latest();
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
