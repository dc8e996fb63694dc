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
import { Organization } from './organization.entity';
import { toOrganizationView, type LicenceView, type OrganizationView } from './organization.view';
import { organizationByFormerSlug, organizationLocation } from './former-slugs';
import { uniqueSlug } from './slug';
import { organizationEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';

@Injectable()
export class OrganizationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {}

  /** The organisation whose e-mail domain matches, if any (never for a free-mail domain). */
  findByEmailDomain(manager: EntityManager, email: string): Promise<Organization | null> {
    const domain = email.split('@')[1]?.toLowerCase();
    // A free-mail claim made before issue 19 places nobody.
    if (!domain || isFreeMailDomain(domain)) return Promise.resolve(null);
    return manager
      .getRepository(Organization)
      .createQueryBuilder('o')
      .where('lower(o.domain) = :domain', { domain })
      .getOne();
  }

  /** A personal organisation (tmp_…, shown with an empty name) for someone who belongs nowhere yet. */
  createPersonal(manager: EntityManager): Promise<Organization> {
    const suffix = randomBytes(6).toString('hex');
    return manager.getRepository(Organization).save({
      name: `${PERSONAL_ORGANIZATION_PREFIX}${suffix}`,
      slug: `${TEMPORARY_ORGANIZATION_SLUG_PREFIX}${suffix}`,
      isAdmin: false,
    });
  }

  async create(manager: EntityManager, fields: { name: string; domain?: string | null; isAdmin?: boolean }): Promise<Organization> {
    return manager.getRepository(Organization).save({
      name: fields.name,
      slug: await uniqueSlug((sql, parameters) => manager.query(sql, parameters), 'organizations', fields.name),
      domain: fields.domain ?? null,
      isAdmin: fields.isAdmin ?? false,
    });
  }

  private async withUserCounts(where: string, parameters: unknown[]): Promise<OrganizationView[]> {
    const rows: (Organization & { user_count: number })[] = await this.dataSource
      .getRepository(Organization)
      .createQueryBuilder('o')
      .addSelect('(SELECT count(*)::int FROM users u WHERE u.organization_id = o.id)', 'user_count')
      .where(where, Object.fromEntries(parameters.map((value, index) => [`p${index}`, value])))
      .orderBy('lower(o.name)')
      .getRawAndEntities()
      .then(({ entities, raw }) => entities.map((entity, index) => Object.assign(entity, { user_count: raw[index].user_count })));
    return rows.map((row) => toOrganizationView(row, row.user_count));
  }

  /** Admins see every organisation; others only their own (lists never leak other organisations). */
  list(actor: AuthenticatedUser): Promise<OrganizationView[]> {
    return actor.organizationAdmin ? this.withUserCounts('true', []) : this.withUserCounts('o.id = :p0', [actor.organizationId]);
  }

  /**
   * Another organisation's page is for admins only; others get 403 whether or not it exists.
   * A former slug (issue 37) answers 301 to `under` at the current one, to those who may see it.
   */
  async getVisibleBySlug(actor: AuthenticatedUser, slug: string, under = ''): Promise<Organization> {
    const organization = await this.dataSource.getRepository(Organization).findOne({ where: { slug } });
    if (organization && actsOn(actor, organization.id)) return organization;
    if (!organization) {
      const moved = await organizationByFormerSlug((sql, parameters) => this.dataSource.query(sql, parameters), slug);
      if (moved && actsOn(actor, moved.id)) throw ApiError.movedPermanently(organizationLocation(moved.slug, under));
    }
    if (!actor.organizationAdmin) throw ApiError.forbidden();
    throw ApiError.notFound();
  }

  async getBySlug(actor: AuthenticatedUser, slug: string): Promise<OrganizationView> {
    const organization = await this.getVisibleBySlug(actor, slug);
    const [view] = await this.withUserCounts('o.id = :p0', [organization.id]);
    return view;
  }

  async update(actor: AuthenticatedUser, id: string, dto: UpdateOrganizationDto): Promise<OrganizationView> {
    requirePermissionIn(actor, 'Organization.Update', id);
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(Organization);
      const organization = await repository.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!organization) throw ApiError.notFound();
      if (dto.name !== undefined && dto.name.toLowerCase() !== organization.name.toLowerCase()) {
        const taken = await repository.createQueryBuilder('o').where('lower(o.name) = lower(:name) AND o.id <> :id', { name: dto.name, id }).getExists();
        if (taken) throw ApiError.conflict(DETAILS.organizationNameTaken);
      }
      if (dto.domain) {
        const domain = dto.domain.toLowerCase();
        if (domain !== organization.domain?.toLowerCase()) requireDomainClaim(actor, id, domain);
        const [{ verified }] = await manager.query(
          `SELECT count(*)::int AS verified FROM users WHERE organization_id = $1 AND email_verified AND lower(split_part(email, '@', 2)) = $2`,
          [id, domain],
        );
        if (verified === 0) throw new ApiError(422, DETAILS.cannotUseEmailDomain);
        dto.domain = domain;
      }
      const before = { name: organization.name, kvk_number: organization.kvkNumber, domain: organization.domain };
      const temporarySlug = hasTemporarySlug(organization) ? organization.slug : null;
      if (dto.name !== undefined) organization.name = dto.name;
      // The first real name gives a personal organisation its lasting address, once; the tmp- one keeps redirecting.
      const formerSlug = temporarySlug && !isPersonalOrganizationName(organization.name) ? temporarySlug : null;
      if (formerSlug) {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('organization-slugs'))`);
        organization.slug = await uniqueSlug((sql, parameters) => manager.query(sql, parameters), 'organizations', organization.name, id);
      }
      if (dto.kvk_number !== undefined) organization.kvkNumber = dto.kvk_number;
      if (dto.domain !== undefined) organization.domain = dto.domain;
      try {
        await repository.save(organization);
      } catch (error) {
        if (isUniqueViolation(error, 'organizations_name_key')) throw ApiError.conflict(DETAILS.organizationNameTaken);
        if (isUniqueViolation(error, 'organizations_domain_key')) throw new ApiError(422, DETAILS.cannotUseEmailDomain);
        throw error;
      }
      if (formerSlug) await manager.query('INSERT INTO organization_former_slugs (slug, organization_id) VALUES ($1, $2)', [formerSlug, id]);
      await this.events.record(manager, organizationEvent(organization));
      const after = { name: organization.name, kvk_number: organization.kvkNumber, domain: organization.domain };
      await this.audit.record(manager, actor, {
        kind: 'organization.changed',
        organizationId: id,
        subjectId: id,
        before: formerSlug ? { ...before, slug: formerSlug } : before,
        after: formerSlug ? { ...after, slug: organization.slug } : after,
      });
      const [{ count }] = await manager.query('SELECT count(*)::int AS count FROM users WHERE organization_id = $1', [id]);
      return toOrganizationView(organization, count);
    });
  }

  /** Licences as the applications' licence servers last listed them (LicenceSyncService), latest expiry first. */
  async licences(actor: AuthenticatedUser, slug: string): Promise<LicenceView[]> {
    const organization = await this.getVisibleBySlug(actor, slug, '/licences');
    const rows: { name: string; slug: string; logo_url: string | null; end_date: Date }[] = await this.dataSource.query(
      `SELECT a.name, a.slug, a.logo_url, l.end_date FROM licences l JOIN applications a ON a.id = l.application_id
        WHERE l.organization_id = $1 ORDER BY l.end_date DESC, lower(a.name)`,
      [organization.id],
    );
    return rows.map((row) => ({ application_name: row.name, application_slug: row.slug, application_logo_url: row.logo_url, end_date: row.end_date.toISOString() }));
  }
}
