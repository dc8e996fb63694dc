import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ROLE_PERMISSIONS, WEBHOOK_LABELS, type Role } from '@datahub/domain';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { MailService } from '../mail/mail.service';

/** Roles that may manage an organisation's webhooks: they are told when one is switched off. */
const MANAGING_ROLES = (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) => ROLE_PERMISSIONS[role].includes('Organization.Update'));

/** Mails the organisation's webhook managers that a webhook was switched off after 24 hours of failures. */
@Injectable()
export class WebhookAlarm {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
  ) {}

  async disabled(webhookId: string): Promise<void> {
    const recipients: { email: string; url: string; organization: string }[] = await this.dataSource.query(
      `SELECT DISTINCT u.email, w.url, o.name AS organization
       FROM webhooks w JOIN organizations o ON o.id = w.organization_id
       JOIN users u ON u.organization_id = o.id JOIN role_assignments r ON r.user_id = u.id
       WHERE w.id = $1 AND r.role = ANY($2::text[]) ORDER BY u.email`,
      [webhookId, MANAGING_ROLES],
    );
    const link = new URL('/mijn-organisatie#webhooks', this.config.publicUrl).toString();
    for (const recipient of recipients)
      await this.mail.send({
        to: recipient.email,
        subject: WEBHOOK_LABELS.disabledMailSubject(recipient.url),
        text: WEBHOOK_LABELS.disabledMailText(recipient.organization, recipient.url, link),
      });
  }
}
