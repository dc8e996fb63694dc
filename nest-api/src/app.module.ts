import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiTokensModule } from './api-tokens/api-tokens.module';
import { AccessRequestsModule } from './access-requests/access-requests.module';
import { ApplicationsModule } from './applications/applications.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { CacheModule } from './cache/cache.module';
import { AuthorisationsModule } from './authorisations/authorisations.module';
import { AccessGuard } from './common/access.guard';
import { ErrorFilter } from './common/error.filter';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { DatabaseModule } from './database/database-pool';
import { RepositoriesModule } from './database/repositories.module';
import { DatasetDataModule } from './dataset-data/dataset-data.module';
import { FederationModule } from './federation/federation.module';
import { DatasetsModule } from './datasets/datasets.module';
import { CatalogModule } from './catalog/catalog.module';
import { DatasourcesModule } from './datasources/datasources.module';
import { EventsModule } from './events/events.module';
import { EventsRecordModule } from './events/events-record.module';
import { HealthModule } from './health/health.module';
import { HubModule } from './hub/hub.module';
import { ConnectionsModule } from './hub/connections/connections.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { withIdempotency } from './idempotency/idempotency-routes';
import { InsightModule } from './insight/insight.module';
import { JobsModule } from './jobs/jobs.module';
import { InvitationsModule } from './invitations/invitations.module';
import { LogosModule } from './logos/logos.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics';
import { OrganizationsModule } from './organizations/organizations.module';
import { PagesModule } from './pages/pages.module';
import { RemindersModule } from './reminders/reminders.module';
import { SeedModule } from './seed/seed.module';
import { SupportModule } from './support/support.module';
import { UsersModule } from './users/users.module';
import { WelcomeModule } from './welcome/welcome.module';

/** One module per feature folder; this one wires configuration, the database, and the global guard and filter. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: withIdempotency([
        ConfigModule.forRoot(config),
        TypeOrmModule.forRoot(dataSourceOptions(databaseUrl)),
        DatabaseModule,
        RepositoriesModule,
        EventsRecordModule,
        MetricsModule,
        CacheModule,
        JobsModule,
        IdempotencyModule,
        AuditModule,
        HealthModule,
        AuthModule,
        ApiTokensModule,
        UsersModule,
        WelcomeModule,
        OrganizationsModule,
        InvitationsModule,
        DatasourcesModule,
        HubModule,
        ConnectionsModule,
        DatasetsModule,
        CatalogModule,
        AuthorisationsModule,
        AccessRequestsModule,
        DatasetDataModule,
        FederationModule,
        ApplicationsModule,
        LogosModule,
        InsightModule,
        SupportModule,
        MailModule,
        RemindersModule,
        SeedModule,
        EventsModule,
        PagesModule,
        ...extraModules,
      ]),
      providers: [
        // The guard reads sessions (AuthModule), API tokens (ApiTokensModule) and data-source credentials (HubModule).
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
    };
  }
}
