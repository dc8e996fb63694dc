import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicationsController } from './applications/applications.controller';
import { ApplicationsService } from './applications/applications.service';
import { LicenceSyncService } from './applications/licence-sync.service';
import { AuthorisationsController } from './authorisations/authorisations.controller';
import { AuthorisationsService } from './authorisations/authorisations.service';
import { DatasetDataController } from './dataset-data/dataset-data.controller';
import { DatasetDataService } from './dataset-data/dataset-data.service';
import { DatasetSparqlController } from './dataset-data/dataset-sparql.controller';
import { HubDatasetStore } from './dataset-data/hub-dataset-store.service';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { SignupVerificationService } from './auth/signup-verification.service';
import { ExternalAuthController } from './auth/external/external-auth.controller';
import { ExternalAuthService } from './auth/external/external-auth.service';
import { LocalStrategy } from './auth/local.strategy';
import { TokenService } from './auth/token.service';
import { API_TOKEN_CONTROLLERS, API_TOKEN_PROVIDERS } from './api-tokens/api-tokens.module';
import { AccessGuard } from './common/access.guard';
import { ErrorFilter } from './common/error.filter';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { DatasetsController } from './datasets/datasets.controller';
import { DatasetsService } from './datasets/datasets.service';
import { DatasourcesController } from './datasources/datasources.controller';
import { DatasourcesService } from './datasources/datasources.service';
import { HealthController } from './health/health.controller';
import { DatasourceAuthService } from './hub/datasource-auth.service';
import { AgentPackageController } from './hub/agent-package.controller';
import { DatasourceProtocolController } from './hub/datasource-protocol.controller';
import { DiscoveryService } from './hub/discovery.service';
import { InvitationsController } from './invitations/invitations.controller';
import { InvitationsService } from './invitations/invitations.service';
import { LogoUploadsController } from './logos/logo-uploads.controller';
import { LogosController } from './logos/logos.controller';
import { LogosService } from './logos/logos.service';
import { InsightController } from './insight/insight.controller';
import { InsightService } from './insight/insight.service';
import { UsageEventsService } from './insight/usage-events.service';
import { MailService } from './mail/mail.service';
import { SupportController } from './support/support.controller';
import { SupportService } from './support/support.service';
import { OrganizationsController } from './organizations/organizations.controller';
import { OrganizationsService } from './organizations/organizations.service';
import { SessionCache } from './auth/session-cache';
import { SeedService } from './seed/seed.service';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot(dataSourceOptions(databaseUrl)),
        PassportModule.register({ session: false }),
        ...extraModules,
      ],
      controllers: [HealthController, AuthController, ExternalAuthController, UsersController, OrganizationsController, InvitationsController, DatasourcesController, DatasourceProtocolController, AgentPackageController, DatasetsController, AuthorisationsController, DatasetDataController, DatasetSparqlController, ApplicationsController, LogosController, LogoUploadsController, InsightController, SupportController, ...API_TOKEN_CONTROLLERS],
      providers: [
        SessionCache,
        TokenService,
        ...API_TOKEN_PROVIDERS,
        AuthService,
        SignupVerificationService,
        ExternalAuthService,
        OrganizationsService,
        UsersService,
        SeedService,
        MailService,
        InvitationsService,
        DatasourcesService,
        DatasourceAuthService,
        DiscoveryService,
        DatasetsService,
        AuthorisationsService,
        HubDatasetStore,
        DatasetDataService,
        ApplicationsService,
        LicenceSyncService,
        LogosService,
        UsageEventsService,
        InsightService,
        SupportService,
        LocalStrategy,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
    };
  }
}
