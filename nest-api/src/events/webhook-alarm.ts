import { Inject, Injectable } from '@nestjs/common';
import { ROLE_PERMISSIONS, WEBHOOK_LABELS, type Role } from '@datahub/domain';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { MailService } from '../mail/mail.service';
import { WebhooksRepository } from './webhooks.repository';

/** They are told when one is switched off. */
const MANAGING_ROLES = (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) => ROLE_PERMISSIONS[role].includes('Organization.Update'));

@Injectable()
export class WebhookAlarm {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly webhooks: WebhooksRepository,
    private readonly mail: MailService,
  ) {}

  async disabled(webhookId: string): Promise<void> {
    const recipients = await this.webhooks.alarmRecipients(webhookId, MANAGING_ROLES);
    const link = new URL('/mijn-organisatie#webhooks', this.config.publicUrl).toString();
    for (const recipient of recipients)
      await this.mail.send({
        to: recipient.email,
        subject: WEBHOOK_LABELS.disabledMailSubject(recipient.url),
        text: WEBHOOK_LABELS.disabledMailText(recipient.organization, recipient.url, link),
      });
  }
}
