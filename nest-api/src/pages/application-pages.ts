import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { ApplicationsService } from '../applications/applications.service';
import { ApplicationView } from '../applications/dto/application.dto';
import { DatasourcesService } from '../datasources/datasources.service';
import { DatasourceView } from '../datasources/dto/datasource.dto';
import { PathOverrideView } from '../datasources/dto/path-override.dto';
import { OrganizationView } from '../organizations/organization.view';
import { OrganizationsService } from '../organizations/organizations.service';
import { CurrentUserView, toCurrentUserView } from '../users/user.view';

export class ApplicationPageView {
  @ApiProperty({ type: ApplicationView })
  application: ApplicationView;

  @ApiProperty({ type: [ApplicationView], description: "As GET /api/organizations/{slug}/applications of its owner (empty when that fails)" })
  owner_applications: ApplicationView[];
}

export class ApplicationsPageView {
  @ApiProperty({ type: [ApplicationView] })
  applications: ApplicationView[];
}

export class OrganizationApplicationsPageView extends ApplicationsPageView {
  @ApiProperty({ type: CurrentUserView })
  user: CurrentUserView;
}

export class ApplicationFormPageView {
  @ApiProperty({ type: [OrganizationView], description: 'As GET /api/organizations' })
  organizations: OrganizationView[];

  @ApiProperty({ type: [DatasourceView], nullable: true, description: 'As GET /api/datasources; null without Datasource.Read' })
  datasources: DatasourceView[] | null;
}

export class ManageApplicationPageView extends ApplicationFormPageView {
  @ApiProperty({ type: ApplicationView })
  application: ApplicationView;

  @ApiProperty({ type: DatasourceView, nullable: true, description: 'As GET /api/applications/{id}/datasource; null where that refuses' })
  datasource: DatasourceView | null;

  @ApiProperty({ type: [PathOverrideView], nullable: true, description: "That data source's path overrides; null without it or where they are refused" })
  path_overrides: PathOverrideView[] | null;
}

/** A refusal (4xx) leaves the part out, as the portal did with the separate call. */
function refusedAsNull<T>(pending: Promise<T>): Promise<T | null> {
  return pending.catch((error: unknown) => {
    if (error instanceof ApiError && error.getStatus() < 500) return null;
    throw error;
  });
}

/** The management pages are for organisation admins, as the portal's own check before any read. */
function requireOrganizationAdmin(actor: AuthenticatedUser): void {
  if (!actor.organizationAdmin) throw ApiError.forbidden();
}

@Injectable()
export class ApplicationPages {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly organizations: OrganizationsService,
    private readonly datasources: DatasourcesService,
  ) {}

  async application(slug: string): Promise<ApplicationPageView> {
    const application = await this.applications.bySlug(slug);
    const others = await this.applications.ofOrganization(application.owner_organization_slug).catch(() => []);
    return { application, owner_applications: others };
  }

  async ofOrganization(actor: AuthenticatedUser, slug: string): Promise<OrganizationApplicationsPageView> {
    return { user: toCurrentUserView(actor), applications: await this.applications.ofOrganization(slug) };
  }

  async mine(actor: AuthenticatedUser): Promise<ApplicationsPageView> {
    return { applications: await this.applications.ofOrganization(actor.organizationSlug) };
  }

  async manageList(actor: AuthenticatedUser): Promise<ApplicationsPageView> {
    requireOrganizationAdmin(actor);
    return { applications: await this.applications.list() };
  }

  async form(actor: AuthenticatedUser): Promise<ApplicationFormPageView> {
    requireOrganizationAdmin(actor);
    return this.formOptions(actor);
  }

  async manage(actor: AuthenticatedUser, slug: string): Promise<ManageApplicationPageView> {
    requireOrganizationAdmin(actor);
    const application = await this.applications.bySlug(slug);
    const [options, datasource] = await Promise.all([this.formOptions(actor), refusedAsNull(this.applications.datasource(actor, application.application_id))]);
    const overrides = datasource && options.datasources ? await refusedAsNull(this.datasources.pathOverrides(actor, datasource.datasource_id)) : null;
    return { application, ...options, datasource, path_overrides: overrides };
  }

  private async formOptions(actor: AuthenticatedUser): Promise<ApplicationFormPageView> {
    // The form's owner list was a read the page could not do without.
    if (!actor.permissions.has('Organization.Read')) throw ApiError.forbidden();
    const [organizations, datasources] = await Promise.all([
      this.organizations.list(actor),
      actor.permissions.has('Datasource.Read') ? this.datasources.list(actor, false) : null,
    ]);
    return { organizations, datasources };
  }
}
