import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_REQUEST_LABELS as L, scopeLabel } from '@datahub/domain';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { UsersRepository } from '../users/users.repository';
import type { AccessRequestView } from './dto/access-request.dto';

const DECIDING_ROLES = ['Organization.Owner', 'Authorisation.Contributor', 'AdminOrganization.Owner'];

@Injectable()
export class AccessRequestMails {
  constructor(
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  private link(path: string): string {
    return new URL(path, this.config.publicUrl).toString();
  }

  async toOwner(request: AccessRequestView, ownerId: string): Promise<void> {
    const emails = await this.users.memberEmails([ownerId], DECIDING_ROLES);
    const scopes = request.authorisations.map(scopeLabel).join(', ');
    for (const email of emails) {
      await this.mail.send({
        to: email,
        subject: L.mailToOwnerSubject(request.dataset_name),
        text: L.mailToOwner(request.requester_organization_name, request.dataset_name, scopes, request.reason, this.link('/machtigingen#aanvragen')),
      });
    }
  }

  async toRequester(request: AccessRequestView, decision: { approved: string } | { declined: string }): Promise<void> {
    if (!request.requested_by_email) return;
    await this.mail.send({
      to: request.requested_by_email,
      subject: L.mailToRequesterSubject(request.dataset_name),
      text:
        'approved' in decision
          ? L.mailApproved(request.dataset_name, decision.approved, this.link('/machtigingen'))
          : L.mailDeclined(request.dataset_name, decision.declined, this.link('/machtigingen')),
    });
  }
}
