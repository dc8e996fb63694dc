import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { APPLICATION_FIELD_ERRORS, DETAILS, isPersonalOrganizationName } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError, isUniqueViolation } from '../common/errors';
import { actsOn, requirePermissionIn } from '../common/organization-access';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { Datasource } from '../datasources/datasource.entity';
import { DatasourcesService } from '../datasources/datasources.service';
import type { DatasourceView } from '../datasources/dto/datasource.dto';
import { LogosService } from '../logos/logos.service';
import { organizationByFormerSlug, organizationLocation } from '../organizations/former-slugs';
import { Organization } from '../organizations/organization.entity';
import { uniqueSlug } from '../organizations/slug';
import { Application } from './application.entity';
import { toApplicationView } from './application.view';
import type { ApplicationDto, ApplicationView } from './dto/application.dto';
import { LicenceSyncService } from './licence-sync.service';
import { httpLink, licenceServerUrl } from './links';

/**
 * Applications are read by every signed-in user; Application.Create/Update/Delete act on the
 * owner organisation (in practice members of the admin organisation, the only ones holding them).
 */
@Injectable()
export class ApplicationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly datasources: DatasourcesService,
    private readonly licences: LicenceSyncService,
    private readonly logos: LogosService,
  ) {}

  private query(): SelectQueryBuilder<Application> {
    return this.dataSource
      .getRepository(Application)
      .createQueryBuilder('application')
      .innerJoinAndSelect('application.ownerOrganization', 'organization')
      .orderBy('lower(application.name)')
      .addOrderBy('application.slug');
  }

  async list(): Promise<ApplicationView[]> {
    return (await this.query().getMany()).map(toApplicationView);
  }

  async ofOrganization(slug: string): Promise<ApplicationView[]> {
    if (!(await this.dataSource.getRepository(Organization).exists({ where: { slug } }))) {
      // A former slug (issue 37) moved permanently; the list is for everyone, and so is where it went.
      const moved = await organizationByFormerSlug((sql, parameters) => this.dataSource.query(sql, parameters), slug);
      if (moved) throw ApiError.movedPermanently(organizationLocation(moved.slug, '/applications'));
      throw ApiError.notFound();
    }
    return (await this.query().where('organization.slug = :slug', { slug }).getMany()).map(toApplicationView);
  }

  async bySlug(slug: string): Promise<ApplicationView> {
    const application = await this.query().where('application.slug = :slug', { slug }).getOne();
    if (!application) throw ApiError.notFound();
    return toApplicationView(application);
  }

  private async find(id: string): Promise<Application> {
    const application = await this.query().where('application.id = :id', { id }).getOne();
    if (!application) throw ApiError.notFound();
    return application;
  }

  async create(actor: AuthenticatedUser, dto: ApplicationDto): Promise<ApplicationView> {
    const fields = await this.checked(actor, 'Application.Create', dto, null);
    const repository = this.dataSource.getRepository(Application);
    const id = await this.dataSource.transaction(async (manager) => {
      const slug = await uniqueSlug((sql, parameters) => manager.query(sql, parameters), 'applications', dto.name);
      const saved = await this.saving(() => manager.getRepository(Application).save({ ...fields, slug, logoUrl: null }));
      return saved.id;
    });
    // On save, in the background: a slow licence server must not hold up the answer.
    if (fields.urlLicenceServer) void this.licences.sync(id);
    return toApplicationView(await repository.findOneOrFail({ where: { id }, relations: { ownerOrganization: true } }));
  }

  /** The slug stays as it was: licence servers name applications by slug. */
  async update(actor: AuthenticatedUser, id: string, dto: ApplicationDto): Promise<ApplicationView> {
    const current = await this.find(id);
    requirePermissionIn(actor, 'Application.Update', current.ownerOrganizationId);
    const fields = await this.checked(actor, 'Application.Update', dto, current);
    const logoUrl = dto.logo_url === undefined || dto.logo_url === current.logoUrl ? current.logoUrl : dto.logo_url === null ? null : undefined;
    if (logoUrl === undefined) throw ApiError.validation({ logo_url: APPLICATION_FIELD_ERRORS.logoType });
    await this.dataSource.transaction(async (manager) => {
      await this.saving(() => manager.getRepository(Application).update({ id }, { ...fields, logoUrl }));
      if (logoUrl !== current.logoUrl) await this.logos.remove(manager, current.logoUrl);
    });
    if (fields.urlLicenceServer || current.urlLicenceServer) void this.licences.sync(id);
    return toApplicationView(await this.find(id));
  }

  async delete(actor: AuthenticatedUser, id: string): Promise<void> {
    const application = await this.find(id);
    requirePermissionIn(actor, 'Application.Delete', application.ownerOrganizationId);
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(Application).delete({ id });
      await this.logos.remove(manager, application.logoUrl);
    });
  }

  /** The linked data source: for the owner organisation and admin-organisation members (others: 404, like data sources). */
  async datasource(actor: AuthenticatedUser, id: string): Promise<DatasourceView> {
    const application = await this.find(id);
    if (!application.datasourceId || !actsOn(actor, application.ownerOrganizationId)) throw ApiError.notFound();
    return this.datasources.get(actor, application.datasourceId);
  }

  /** Server-side checks beyond the DTO; every failure is a 422 with per-field Dutch messages. */
  private async checked(
    actor: AuthenticatedUser,
    permission: 'Application.Create' | 'Application.Update',
    dto: ApplicationDto,
    current: Application | null,
  ): Promise<Omit<Application, 'id' | 'slug' | 'logoUrl' | 'createdAt' | 'ownerOrganization' | 'datasource'>> {
    const errors: Record<string, string> = {};
    const owner = await this.dataSource.getRepository(Organization).findOne({ where: { id: dto.owner_organization } });
    if (!owner || isPersonalOrganizationName(owner.name)) errors.owner_organization = APPLICATION_FIELD_ERRORS.ownerOrganizationUnknown;
    const link = (field: 'url' | 'url_terms_of_delivery' | 'url_privacy_statement') => {
      const value = dto[field];
      if (value === null || value === undefined) return null;
      const checkedLink = httpLink(value);
      if (!checkedLink) errors[field] = APPLICATION_FIELD_ERRORS.link;
      return checkedLink;
    };
    if (typeof dto.price_per_year === 'number' && dto.price_per_year < 0) errors.price_per_year = APPLICATION_FIELD_ERRORS.priceNegative;
    const url = link('url');
    const urlTermsOfDelivery = link('url_terms_of_delivery');
    const urlPrivacyStatement = link('url_privacy_statement');
    let urlLicenceServer: string | null = null;
    if (dto.url_licence_server) {
      const server = await licenceServerUrl(dto.url_licence_server, this.config);
      if (server === null) errors.url_licence_server = APPLICATION_FIELD_ERRORS.licenceServer;
      else if (server === 'private') errors.url_licence_server = APPLICATION_FIELD_ERRORS.licenceServerPrivate;
      else if (server === 'insecure') errors.url_licence_server = APPLICATION_FIELD_ERRORS.licenceServerInsecure;
      else urlLicenceServer = server;
    }
    // Absent keeps the current link while it still belongs to the owner; null unlinks.
    let datasourceId = dto.datasource_id === undefined ? (current?.datasourceId ?? null) : dto.datasource_id;
    if (datasourceId && owner) {
      const belongs = await this.dataSource.getRepository(Datasource).exists({ where: { id: datasourceId, organizationId: owner.id } });
      if (!belongs && dto.datasource_id === undefined) datasourceId = null;
      else if (!belongs) errors.datasource_id = APPLICATION_FIELD_ERRORS.datasource;
    }
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
    requirePermissionIn(actor, permission, owner!.id);
    const taken = await this.dataSource
      .getRepository(Application)
      .createQueryBuilder('a')
      .where('lower(a.name) = lower(:name)', { name: dto.name })
      .andWhere(current ? 'a.id <> :id' : 'true', { id: current?.id })
      .getExists();
    if (taken) throw ApiError.conflict(DETAILS.applicationNameTaken);
    return {
      name: dto.name,
      about: dto.about,
      usage: dto.usage,
      ownerOrganizationId: owner!.id,
      category: dto.category ?? null,
      url: url!,
      urlLicenceServer,
      urlPrivacyStatement,
      urlTermsOfDelivery,
      pricePerYear: dto.price_per_year === null || dto.price_per_year === undefined ? null : dto.price_per_year.toFixed(2),
      datasourceId,
    };
  }

  /** A race on the unique name still ends in the right 409. */
  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'applications_name_key')) throw ApiError.conflict(DETAILS.applicationNameTaken);
      throw error;
    }
  }
}
