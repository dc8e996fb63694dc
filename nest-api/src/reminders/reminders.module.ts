import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { ExpiryRemindersService } from './expiry-reminders.service';

@Module({ imports: [MailModule], providers: [ExpiryRemindersService], exports: [ExpiryRemindersService] })
export class RemindersModule {}
