import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { DETAILS, PERSONAL_ORGANIZATION_PREFIX, TEMPORARY_ORGANIZATION_SLUG_PREFIX, hasTemporarySlug, isFreeMailDomain, isPersonalOrganizationName } from '@datahub/domain';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError, isUniqueViolation } from '../common/errors';
import { actsOn, requirePermissionIn } from '../common/organization-access';
import type { UpdateOrganizationDto } from './dto/update-organization.dto';
import { requireDomainClaim } from './domain-claim';
import type { Organization } from './organization.entity';
import { toOrganizationView, type LicenceView, type OrganizationView } from './organization.view';
import { organizationLocation } from './former-slugs';
import { OrganizationsRepository } from './organizations.repository';
import { organizationEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly organizations: OrganizationsRepository,
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {}

  findByEmailDomain(manager: EntityManager, email: string): Promise<Organization | null> {
    const domain = email.split('@')[1]?.toLowerCase();
    // An old free-mail claim places nobody.
    if (!domain || isFreeMailDomain(domain)) return Promise.resolve(null);
    return this.organizations.byDomain(domain, manager);
  }

  /** Shown with an empty name, for someone who belongs nowhere yet. */
  createPersonal(manager: EntityManager): Promise<Organization> {
    const suffix = randomBytes(6).toString('hex');
    return this.organizations.insert(
      { name: `${PERSONAL_ORGANIZATION_PREFIX}${suffix}`, slug: `${TEMPORARY_ORGANIZATION_SLUG_PREFIX}${suffix}`, domain: null, isAdmin: false },
      manager,
    );
  }

  async create(manager: EntityManager, fields: { name: string; domain?: string | null; isAdmin?: boolean }): Promise<Organization> {
    return this.organizations.insert(
      { name: fields.name, slug: await this.organizations.uniqueSlug(fields.name, null, manager), domain: fields.domain ?? null, isAdmin: fields.isAdmin ?? false },
      manager,
    );
  }

  private async withUserCounts(organizationId: string | null): Promise<OrganizationView[]> {
    const rows = await this.organizations.listWithUserCounts(organizationId);
    return rows.map((row) => toOrganizationView(row, row.user_count));
  }

  list(actor: AuthenticatedUser): Promise<OrganizationView[]> {
    return this.withUserCounts(actor.organizationAdmin ? null : actor.organizationId);
  }

  /** Others get 403 whether or not it exists; a former slug answers 301 to `under` at the current one. */
  async getVisibleBySlug(actor: AuthenticatedUser, slug: string, under = ''): Promise<Organization> {
    const organization = await this.organizations.bySlug(slug);
    if (organization && actsOn(actor, organization.id)) return organization;
    if (!organization) {
      const moved = await this.organizations.byFormerSlug(slug);
      if (moved && actsOn(actor, moved.id)) throw ApiError.movedPermanently(organizationLocation(moved.slug, under));
    }
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    throw ApiError.notFound();
  }

  async getBySlug(actor: AuthenticatedUser, slug: string): Promise<OrganizationView> {
    const organization = await this.getVisibleBySlug(actor, slug);
    const [view] = await this.withUserCounts(organization.id);
    return view;
  }

  async update(actor: AuthenticatedUser, id: string, dto: UpdateOrganizationDto): Promise<OrganizationView> {
    requirePermissionIn(actor, 'Organization.Update', id);
    return this.dataSource.transaction(async (manager) => {
      const organization = await this.organizations.lockById(id, manager);
      if (!organization) throw ApiError.notFound();
      const stored = { ...organization };
      if (dto.name !== undefined && dto.name.toLowerCase() !== organization.name.toLowerCase()) {
        if (await this.organizations.nameTaken(dto.name, id, manager)) throw ApiError.conflict(DETAILS.organizationNameTaken);
      }
      if (dto.domain) {
        const domain = dto.domain.toLowerCase();
        if (domain !== organization.domain?.toLowerCase()) requireDomainClaim(actor, id, domain);
        if ((await this.organizations.verifiedMembersAt(id, domain, manager)) === 0) throw new ApiError(422, DETAILS.cannotUseEmailDomain);
        dto.domain = domain;
      }
      const before = { name: organization.name, kvk_number: organization.kvkNumber, domain: organization.domain };
      const temporarySlug = hasTemporarySlug(organization) ? organization.slug : null;
      if (dto.name !== undefined) organization.name = dto.name;
      // The first real name gives a personal organisation its lasting address, once; the tmp- one keeps redirecting.
      const formerSlug = temporarySlug && !isPersonalOrganizationName(organization.name) ? temporarySlug : null;
      if (formerSlug) {
        await this.organizations.lockSlugs(manager);
        organization.slug = await this.organizations.uniqueSlug(organization.name, id, manager);
      }
      if (dto.kvk_number !== undefined) organization.kvkNumber = dto.kvk_number;
      if (dto.domain !== undefined) organization.domain = dto.domain;
      // Only what changed is written, so an unchanged save does not wake the sessions' change trigger.
      const changes = Object.fromEntries(
        (['name', 'slug', 'kvkNumber', 'domain'] as const).filter((key) => organization[key] !== stored[key]).map((key) => [key, organization[key]]),
      );
      try {
        await this.organizations.update(id, changes, manager);
      } catch (error) {
        if (isUniqueViolation(error, 'organizations_name_key')) throw ApiError.conflict(DETAILS.organizationNameTaken);
        if (isUniqueViolation(error, 'organizations_domain_key')) throw new ApiError(422, DETAILS.cannotUseEmailDomain);
        throw error;
      }
      if (formerSlug) await this.organizations.addFormerSlug(formerSlug, id, manager);
      await this.events.record(manager, organizationEvent(organization));
      const after = { name: organization.name, kvk_number: organization.kvkNumber, domain: organization.domain };
      await this.audit.record(manager, actor, {
        kind: 'organization.changed',
        organizationId: id,
        subjectId: id,
        before: formerSlug ? { ...before, slug: formerSlug } : before,
        after: formerSlug ? { ...after, slug: organization.slug } : after,
      });
      return toOrganizationView(organization, await this.organizations.userCount(id, manager));
    });
  }

  async licences(actor: AuthenticatedUser, slug: string): Promise<LicenceView[]> {
    const organization = await this.getVisibleBySlug(actor, slug, '/licences');
    const rows = await this.organizations.licences(organization.id);
    return rows.map((row) => ({ application_name: row.name, application_slug: row.slug, application_logo_url: row.logo_url, end_date: row.end_date.toISOString() }));
  }
}
