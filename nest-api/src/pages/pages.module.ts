import { Module } from '@nestjs/common';
import { AccessRequestsModule } from '../access-requests/access-requests.module';
import { AuthorisationsModule } from '../authorisations/authorisations.module';
import { DatasetDataModule } from '../dataset-data/dataset-data.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { InsightModule } from '../insight/insight.module';
import { PagesController } from './pages.controller';
import { AccountPagesController } from './account-pages.controller';
import { AccountPagesService } from './account-pages.service';
import { OrganizationAdminPages } from './organization-admin-pages';
import { StartPages } from './start-pages';
import { LogbookPage } from './logbook-page';
import { WelcomeModule } from '../welcome/welcome.module';
import { EventsModule } from '../events/events.module';
import { InvitationsModule } from '../invitations/invitations.module';
import { ApiTokensModule } from '../api-tokens/api-tokens.module';
import { AuthModule } from '../auth/auth.module';
import { ApplicationsModule } from '../applications/applications.module';
import { DatasourcesModule } from '../datasources/datasources.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { UsersModule } from '../users/users.module';
import { ApplicationPages } from './application-pages';
import { DatasourcePages } from './datasource-pages';
import { OrganizationPage } from './organization-page';
import { OrganizationPagesController } from './organization-pages.controller';
import { PagesService } from './pages.service';
import { PageReplies } from './page-replies';

/** Page-shaped reads for the portal (ADR 0048): one call per loader. */
@Module({ imports: [DatasetsModule, DatasetDataModule, AccessRequestsModule, InsightModule, AuthorisationsModule, OrganizationsModule, UsersModule, DatasourcesModule, ApplicationsModule, AuthModule, ApiTokensModule, EventsModule, InvitationsModule, WelcomeModule], controllers: [PagesController, OrganizationPagesController, AccountPagesController], providers: [PagesService, PageReplies, OrganizationPage, DatasourcePages, ApplicationPages, AccountPagesService, OrganizationAdminPages, StartPages, LogbookPage] })
export class PagesModule {}
