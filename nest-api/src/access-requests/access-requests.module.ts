import { Module } from '@nestjs/common';
import { AuthorisationsModule } from '../authorisations/authorisations.module';
import { MailModule } from '../mail/mail.module';
import { AccessRequestMails } from './access-request-mails';
import { AccessRequestsController } from './access-requests.controller';
import { AccessRequestsService } from './access-requests.service';

/** Access requests (issue 23): ask, approve (the grant), decline; audited and mailed. */
@Module({ imports: [AuthorisationsModule, MailModule], controllers: [AccessRequestsController], providers: [AccessRequestsService, AccessRequestMails], exports: [AccessRequestsService] })
export class AccessRequestsModule {}
