import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ApiTokenView, MemberApiTokenView } from '../api-tokens/api-token.dto';
import { ApiTokensService } from '../api-tokens/api-tokens.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { WebhookDeliveryView, WebhookView } from '../events/dto/webhook.dto';
import { WebhooksService } from '../events/webhooks.service';
import { PendingInvitationView } from '../invitations/dto/invitation.dto';
import { InvitationsService } from '../invitations/invitations.service';
import { OrganizationView } from '../organizations/organization.view';
import { OrganizationsService } from '../organizations/organizations.service';
import { CurrentUserView, toCurrentUserView, UserView } from '../users/user.view';
import { UsersService } from '../users/users.service';
import { OrganizationPage, OrganizationPageView } from './organization-page';

export class WebhookWithDeliveriesView extends WebhookView {
  @ApiProperty({ type: [WebhookDeliveryView], description: 'As GET …/webhooks/{webhook_id}/deliveries' })
  deliveries: WebhookDeliveryView[];
}

export class MyOrganizationPageView extends OrganizationPageView {
  @ApiProperty({ type: [ApiTokenView], nullable: true, description: 'As GET /api/organizations/{organization_id}/api-tokens; null without ApiToken.Manage' })
  api_tokens: ApiTokenView[] | null;

  @ApiProperty({ type: [MemberApiTokenView], nullable: true, description: 'As GET /api/organizations/{organization_id}/member-api-tokens; null without ApiToken.Manage' })
  member_api_tokens: MemberApiTokenView[] | null;

  @ApiProperty({ type: [WebhookWithDeliveriesView], nullable: true, description: 'As GET /api/organizations/{organization_id}/webhooks; null without Organization.Update' })
  webhooks: WebhookWithDeliveriesView[] | null;
}

export class UsersPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: OrganizationView })
  organization: OrganizationView;

  @ApiProperty({ type: [UserView], description: 'As GET /api/organizations/{slug}/users' })
  users: UserView[];

  @ApiProperty({ type: [PendingInvitationView], nullable: true, description: 'As GET /api/invitations: your own organisation only, with Invitation.Create' })
  invitations: PendingInvitationView[] | null;
}

export class UserPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;

  @ApiProperty({ type: UserView, description: 'As GET /api/users/{id}' })
  target: UserView;

  @ApiProperty({ type: [String], description: 'As GET /api/users/{id}/roles' })
  roles: string[];
}

@Injectable()
export class OrganizationAdminPages {
  constructor(
    private readonly organization: OrganizationPage,
    private readonly organizations: OrganizationsService,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly tokens: ApiTokensService,
    private readonly webhooks: WebhooksService,
  ) {}

  async myOrganization(actor: AuthenticatedUser): Promise<MyOrganizationPageView> {
    const id = actor.organizationId;
    const manager = actor.permissions.has('ApiToken.Manage');
    const [page, apiTokens, memberTokens, webhooks] = await Promise.all([
      this.organization.read(actor, actor.organizationSlug),
      manager ? this.tokens.list({ kind: 'organization', organizationId: id }) : null,
      manager ? this.tokens.listMembers(id) : null,
      actor.permissions.has('Organization.Update') ? this.webhooksWithDeliveries(actor, id) : null,
    ]);
    return { ...page, api_tokens: apiTokens, member_api_tokens: memberTokens, webhooks };
  }

  private async webhooksWithDeliveries(actor: AuthenticatedUser, organizationId: string): Promise<WebhookWithDeliveriesView[]> {
    const webhooks = await this.webhooks.list(actor, organizationId);
    return Promise.all(webhooks.map(async (webhook) => ({ ...webhook, deliveries: await this.webhooks.deliveries(actor, organizationId, webhook.id) })));
  }

  async usersOf(actor: AuthenticatedUser, slug: string): Promise<UsersPageView> {
    const organization = await this.organizations.getBySlug(actor, slug);
    // As GET /api/organizations/{slug}/users: User.Read on top of seeing the organisation.
    if (!actor.permissions.has('User.Read')) throw ApiError.forbidden();
    const own = organization.organization_id === actor.organizationId;
    const [users, invitations] = await Promise.all([
      this.users.listInOrganization(organization.organization_id),
      own && actor.permissions.has('Invitation.Create') ? this.invitations.pending(actor) : null,
    ]);
    return { user: toCurrentUserView(actor), organization, users, invitations };
  }

  async user(actor: AuthenticatedUser, id: string): Promise<UserPageView> {
    // The user first: an unknown or hidden one is 404, whatever the roles read would say.
    const target = await this.users.get(actor, id);
    const roles = await this.users.roles(actor, id);
    return { user: toCurrentUserView(actor), target, roles };
  }
}
