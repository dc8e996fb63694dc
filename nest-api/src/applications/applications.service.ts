import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APPLICATION_FIELD_ERRORS, DETAILS, isPersonalOrganizationName } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError, isUniqueViolation } from '../common/errors';
import { actsOn, requirePermissionIn } from '../common/organization-access';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { DatasourcesRepository } from '../datasources/datasources.repository';
import { DatasourcesService } from '../datasources/datasources.service';
import type { DatasourceView } from '../datasources/dto/datasource.dto';
import { LogosService } from '../logos/logos.service';
import { organizationLocation } from '../organizations/former-slugs';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { ApplicationsRepository, type ApplicationFields, type ApplicationRow } from './applications.repository';
import { toApplicationView } from './application.view';
import type { ApplicationDto, ApplicationView } from './dto/application.dto';
import { LicenceSyncService } from './licence-sync.service';
import { httpLink, licenceServerUrl } from './links';

@Injectable()
export class ApplicationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly datasourceRows: DatasourcesRepository,
    private readonly datasources: DatasourcesService,
    private readonly licences: LicenceSyncService,
    private readonly logos: LogosService,
  ) {}

  async list(): Promise<ApplicationView[]> {
    return (await this.applications.list()).map(toApplicationView);
  }

  async ofOrganization(slug: string): Promise<ApplicationView[]> {
    if (!(await this.organizations.bySlug(slug))) {
      // A former slug moved permanently; the list is for everyone, and so is where it went.
      const moved = await this.organizations.byFormerSlug(slug);
      if (moved) throw ApiError.movedPermanently(organizationLocation(moved.slug, '/applications'));
      throw ApiError.notFound();
    }
    return (await this.applications.ofOrganization(slug)).map(toApplicationView);
  }

  async bySlug(slug: string): Promise<ApplicationView> {
    const application = await this.applications.bySlug(slug);
    if (!application) throw ApiError.notFound();
    return toApplicationView(application);
  }

  private async find(id: string): Promise<ApplicationRow> {
    const application = await this.applications.byId(id);
    if (!application) throw ApiError.notFound();
    return application;
  }

  async create(actor: AuthenticatedUser, dto: ApplicationDto): Promise<ApplicationView> {
    const fields = await this.checked(actor, 'Application.Create', dto, null);
    const id = await this.dataSource.transaction(async (manager) => {
      const slug = await this.applications.uniqueSlug(dto.name, manager);
      return this.saving(() => this.applications.insert(fields, slug, manager));
    });
    // On save, in the background: a slow licence server must not hold up the answer.
    if (fields.urlLicenceServer) void this.licences.sync(id);
    return toApplicationView((await this.applications.byId(id))!);
  }

  /** The slug stays as it was: licence servers name applications by slug. */
  async update(actor: AuthenticatedUser, id: string, dto: ApplicationDto): Promise<ApplicationView> {
    const current = await this.find(id);
    requirePermissionIn(actor, 'Application.Update', current.owner_organization_id);
    const fields = await this.checked(actor, 'Application.Update', dto, current);
    const logoUrl = dto.logo_url === undefined || dto.logo_url === current.logo_url ? current.logo_url : dto.logo_url === null ? null : undefined;
    if (logoUrl === undefined) throw ApiError.validation({ logo_url: APPLICATION_FIELD_ERRORS.logoType });
    await this.dataSource.transaction(async (manager) => {
      await this.saving(() => this.applications.update(id, fields, logoUrl, manager));
      if (logoUrl !== current.logo_url) await this.logos.remove(manager, current.logo_url);
    });
    if (fields.urlLicenceServer || current.url_licence_server) void this.licences.sync(id);
    return toApplicationView(await this.find(id));
  }

  async delete(actor: AuthenticatedUser, id: string): Promise<void> {
    const application = await this.find(id);
    requirePermissionIn(actor, 'Application.Delete', application.owner_organization_id);
    await this.dataSource.transaction(async (manager) => {
      await this.applications.delete(id, manager);
      await this.logos.remove(manager, application.logo_url);
    });
  }

  /** For the owner organisation and admin-organisation members; others 404, like data sources. */
  async datasource(actor: AuthenticatedUser, id: string): Promise<DatasourceView> {
    const application = await this.find(id);
    if (!application.datasource_id || !actsOn(actor, application.owner_organization_id)) throw ApiError.notFound();
    return this.datasources.get(actor, application.datasource_id);
  }

  private async checked(
    actor: AuthenticatedUser,
    permission: 'Application.Create' | 'Application.Update',
    dto: ApplicationDto,
    current: ApplicationRow | null,
  ): Promise<ApplicationFields> {
    const errors: Record<string, string> = {};
    const owner = await this.organizations.byId(dto.owner_organization);
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
    let datasourceId = dto.datasource_id === undefined ? (current?.datasource_id ?? null) : dto.datasource_id;
    if (datasourceId && owner) {
      const belongs = await this.datasourceRows.belongsTo(datasourceId, owner.id);
      if (!belongs && dto.datasource_id === undefined) datasourceId = null;
      else if (!belongs) errors.datasource_id = APPLICATION_FIELD_ERRORS.datasource;
    }
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
    requirePermissionIn(actor, permission, owner!.id);
    if (await this.applications.nameTaken(dto.name, current?.id ?? null)) throw ApiError.conflict(DETAILS.applicationNameTaken);
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

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'applications_name_key')) throw ApiError.conflict(DETAILS.applicationNameTaken);
      throw error;
    }
  }
}
