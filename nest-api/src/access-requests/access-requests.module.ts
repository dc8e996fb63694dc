import { Module } from '@nestjs/common';
import { AuthorisationsModule } from '../authorisations/authorisations.module';
import { MailModule } from '../mail/mail.module';
import { AccessRequestMails } from './access-request-mails';
import { AccessRequestsController } from './access-requests.controller';
import { AccessRequestsService } from './access-requests.service';

@Module({ imports: [AuthorisationsModule, MailModule], controllers: [AccessRequestsController], providers: [AccessRequestsService, AccessRequestMails], exports: [AccessRequestsService] })
export class AccessRequestsModule {}
