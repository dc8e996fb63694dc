import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { DETAILS, INVITATION_LABELS, displayOrganizationName } from '@datahub/domain';
import { AttemptCountersRepository } from '../auth/attempt-counters.repository';
import { ClusterLimit } from '../auth/cluster-limit';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { actsOn, requirePermissionIn, requirePermissionInOwn } from '../common/organization-access';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { MailService } from '../mail/mail.service';
import type { Organization } from '../organizations/organization.entity';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import type { InvitationSentView, InvitationView, PendingInvitationView } from './dto/invitation.dto';
import { AuditService } from '../audit/audit.service';
import { UsageEventsService } from '../insight/usage-events.service';
import { InvitationsRepository, type OpenInvitation } from './invitations.repository';

const INVITATION_TTL_DAYS = 7;
export const INVITATION_INVALID = 'invitation invalid or expired';
export const INVITATION_OTHER_EMAIL = 'invitation is for another e-mail address';
const INVITATIONS_PER_HOUR = 50;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

@Injectable()
export class InvitationsService {
  private readonly limiter: ClusterLimit;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly invitations: InvitationsRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly userRows: UsersRepository,
    private readonly usage: UsageEventsService,
    private readonly audit: AuditService,
    counters: AttemptCountersRepository,
  ) {
    this.limiter = new ClusterLimit(counters, 60 * 60 * 1000, INVITATIONS_PER_HOUR);
  }

  /** A member gets 409; an account elsewhere is invited, and only its mail (never the answer) says accepting moves it. */
  async invite(actor: AuthenticatedUser, rawEmail: string): Promise<InvitationSentView> {
    requirePermissionIn(actor, 'Invitation.Create', actor.organizationId);
    const email = rawEmail.trim().toLowerCase();
    if (!isEmail(email)) throw new ApiError(422, DETAILS.invalidEmail);
    const account = await this.invitations.account(email);
    if (account?.organization_id === actor.organizationId) throw ApiError.conflict(DETAILS.alreadyMember);
    await this.countInvitation(actor);
    const token = randomBytes(32).toString('base64url');
    const organization = await this.dataSource.transaction(async (manager) => {
      const organization = await this.organization(actor.organizationId, manager);
      await this.invitations.deleteOpenTo(organization.id, email, manager);
      const invitationId = await this.invitations.insert(
        { organizationId: organization.id, email, tokenHash: hashToken(token), invitedBy: actor.id, ttlDays: INVITATION_TTL_DAYS },
        manager,
      );
      await this.audit.record(manager, actor, { kind: 'invitation.sent', organizationId: organization.id, subjectId: invitationId, after: { email } });
      return organization;
    });
    await this.sendInvitation(actor, organization, email, token);
    this.usage.record(actor, 'INVITATION_SENT');
    // The same answer whether or not the address has an account: only the mail differs.
    return { email };
  }

  private async organization(id: string, manager: EntityManager): Promise<Organization> {
    const organization = await this.organizations.byId(id, manager);
    if (!organization) throw new Error(`organisation ${id} not found`);
    return organization;
  }

  private countInvitation(actor: AuthenticatedUser): Promise<void> {
    return this.limiter.take(`invite:${actor.id}`);
  }

  private async sendInvitation(actor: AuthenticatedUser, organization: Organization, email: string, token: string) {
    const link = new URL(`/uitnodiging/${token}`, this.config.publicUrl).toString();
    const name = displayOrganizationName(organization.name) || 'een organisatie';
    const existing = await this.userRows.emailTaken(email);
    await this.mail.send({
      to: email,
      subject: `Uitnodiging voor ${name} op Datahub Tuinbouw`,
      text:
        `Beste,\n\n${actor.firstname} ${actor.lastname} nodigt u uit om lid te worden van ${name} op Datahub Tuinbouw.\n\n` +
        (existing ? `${INVITATION_LABELS.existingAccountMailNote(name)}\n\n` : '') +
        `Open deze link om een account aan te maken of in te loggen en de uitnodiging te accepteren:\n${link}\n\n` +
        `De link werkt één keer en verloopt na ${INVITATION_TTL_DAYS} dagen.\n`,
    });
  }

  async pending(actor: AuthenticatedUser): Promise<PendingInvitationView[]> {
    requirePermissionIn(actor, 'Invitation.Create', actor.organizationId);
    const rows = await this.invitations.pending(actor.organizationId);
    return rows.map((row) => ({
      invitation_id: row.id,
      email: row.email,
      sent_at: new Date(row.created_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
    }));
  }

  /** 404 for another organisation's. `making`: a fresh link lets someone join, so only the organisation itself sends one; admins may withdraw. */
  private async findManageable(manager: EntityManager, actor: AuthenticatedUser, id: string, making = false): Promise<OpenInvitation> {
    const invitation = await this.invitations.lockUnaccepted(id, manager);
    if (!invitation || !actsOn(actor, invitation.organization_id)) throw ApiError.notFound();
    (making ? requirePermissionInOwn : requirePermissionIn)(actor, 'Invitation.Create', invitation.organization_id);
    return invitation;
  }

  async revoke(actor: AuthenticatedUser, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const invitation = await this.findManageable(manager, actor, id);
      await this.invitations.delete(invitation.id, manager);
      await this.audit.record(manager, actor, { kind: 'invitation.revoked', organizationId: invitation.organization_id, subjectId: invitation.id, before: { email: invitation.email } });
    });
  }

  async resend(actor: AuthenticatedUser, id: string): Promise<PendingInvitationView> {
    const token = randomBytes(32).toString('base64url');
    const { invitation, organization, row } = await this.dataSource.transaction(async (manager) => {
      const invitation = await this.findManageable(manager, actor, id, true);
      await this.countInvitation(actor);
      await this.invitations.renew(invitation.id, { tokenHash: hashToken(token), ttlDays: INVITATION_TTL_DAYS, invitedBy: actor.id }, manager);
      await this.audit.record(manager, actor, { kind: 'invitation.sent', organizationId: invitation.organization_id, subjectId: invitation.id, after: { email: invitation.email } });
      const row = await this.invitations.times(invitation.id, manager);
      const organization = await this.organization(invitation.organization_id, manager);
      return { invitation, organization, row };
    });
    await this.sendInvitation(actor, organization, invitation.email, token);
    return {
      invitation_id: invitation.id,
      email: invitation.email,
      sent_at: new Date(row.created_at).toISOString(),
      expires_at: new Date(row.expires_at).toISOString(),
    };
  }

  private findOpen(manager: EntityManager, token: string, lock = false): Promise<OpenInvitation | null> {
    return this.invitations.openByTokenHash(hashToken(token), lock, manager);
  }

  async describe(token: string): Promise<InvitationView> {
    const invitation = await this.findOpen(this.dataSource.manager, token);
    if (!invitation) throw new ApiError(404, INVITATION_INVALID);
    const organization = await this.organization(invitation.organization_id, this.dataSource.manager);
    return {
      email: invitation.email,
      organization_name: displayOrganizationName(organization.name),
      organization_slug: organization.slug,
      expires_at: new Date(invitation.expires_at).toISOString(),
    };
  }

  async accept(actor: AuthenticatedUser, token: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const invitation = await this.findOpen(manager, token, true);
      if (!invitation) throw new ApiError(404, INVITATION_INVALID);
      if (invitation.email !== actor.email.toLowerCase()) throw ApiError.forbidden(INVITATION_OTHER_EMAIL);
      const organization = await this.organization(invitation.organization_id, manager);
      await this.users.moveInto(manager, actor.id, organization);
      await this.invitations.markAccepted(invitation.id, actor.id, manager);
      await this.audit.record(manager, actor, { kind: 'invitation.accepted', organizationId: invitation.organization_id, subjectId: invitation.id, after: { email: invitation.email } });
    });
  }

  async claimForSignup(manager: EntityManager, token: string | undefined, email: string): Promise<Organization | null> {
    if (!token) return null;
    const invitation = await this.findOpen(manager, token, true);
    if (!invitation || invitation.email !== email) return null;
    await this.invitations.markAccepted(invitation.id, null, manager);
    // The newcomer has no account yet: the row names the address, not a user.
    await this.audit.record(manager, null, { kind: 'invitation.accepted', organizationId: invitation.organization_id, subjectId: invitation.id, after: { email } });
    return this.organization(invitation.organization_id, manager);
  }

  markAcceptedBy(manager: EntityManager, token: string, userId: string): Promise<void> {
    return this.invitations.markAcceptedBy(hashToken(token), userId, manager);
  }
}
