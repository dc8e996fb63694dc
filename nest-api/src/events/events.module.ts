import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { EventClock } from './event-clock';
import { OutboxDrainer } from './outbox-drainer.service';
import { WebhookAlarm } from './webhook-alarm';
import { WebhookSender } from './webhook-sender.service';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** ADR 0025/0026; recording lives in EventsRecordModule. */
@Module({
  imports: [MailModule],
  controllers: [WebhooksController],
  providers: [EventClock, OutboxDrainer, WebhookSender, WebhookAlarm, WebhooksService],
  exports: [OutboxDrainer, EventClock, WebhooksService],
})
export class EventsModule {}
