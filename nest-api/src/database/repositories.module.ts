import { Global, Module, type Provider } from '@nestjs/common';
import { DatasetsRepository } from '../datasets/datasets.repository';
import { FederationRepository } from '../federation/federation.repository';
import { SeedRepository } from '../seed/seed.repository';
import { HealthRepository } from '../health/health.repository';
import { WelcomeRepository } from '../welcome/welcome.repository';
import { MailRepository } from '../mail/mail.repository';
import { LogosRepository } from '../logos/logos.repository';
import { SupportRepository } from '../support/support.repository';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { InsightRepository } from '../insight/insight.repository';
import { JobRunsRepository } from '../jobs/job-runs.repository';
import { DatasourcesRepository } from '../datasources/datasources.repository';
import { SparqlSlotsRepository } from '../dataset-data/sparql-slots.repository';
import { AuthorisationsRepository } from '../authorisations/authorisations.repository';
import { AccessRequestsRepository } from '../access-requests/access-requests.repository';
import { ExpiryRemindersRepository } from '../reminders/expiry-reminders.repository';
import { ApplicationsRepository } from '../applications/applications.repository';
import { CatalogRepository } from '../catalog/catalog.repository';
import { UsersRepository } from '../users/users.repository';
import { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { SessionsRepository } from '../auth/sessions.repository';
import { ChangeNotificationsRepository } from '../cache/change-notifications.repository';
import { AttemptCountersRepository } from '../auth/attempt-counters.repository';
import { PasswordResetsRepository } from '../auth/password-resets.repository';
import { SignupVerificationsRepository } from '../auth/signup-verifications.repository';
import { TwoFactorRepository } from '../auth/two-factor/two-factor.repository';
import { WebhooksRepository } from '../events/webhooks.repository';
import { EventsRepository } from '../events/events.repository';
import { ExternalIdentitiesRepository } from '../auth/external/external-identities.repository';
import { IdempotencyRepository } from '../idempotency/idempotency.repository';
import { AuditRepository } from '../audit/audit.repository';
import { DatasourceConnectionsRepository } from '../hub/connections/datasource-connections.repository';
import { DatasetQualityRepository } from '../quality/quality.repository';

/** Provided once for the whole application (Immich's shape): services inject them without module wiring; SQL lives only here. */
const REPOSITORIES: Provider[] = [
  DatasetsRepository,
  FederationRepository,
  SeedRepository,
  HealthRepository,
  WelcomeRepository,
  MailRepository,
  LogosRepository,
  SupportRepository,
  InvitationsRepository,
  OrganizationsRepository,
  InsightRepository,
  JobRunsRepository,
  DatasourcesRepository,
  SparqlSlotsRepository,
  AuthorisationsRepository,
  AccessRequestsRepository,
  ExpiryRemindersRepository,
  ApplicationsRepository,
  CatalogRepository,
  UsersRepository,
  ApiTokensRepository,
  SessionsRepository,
  ChangeNotificationsRepository,
  AttemptCountersRepository,
  PasswordResetsRepository,
  SignupVerificationsRepository,
  TwoFactorRepository,
  WebhooksRepository,
  EventsRepository,
  ExternalIdentitiesRepository,
  IdempotencyRepository,
  AuditRepository,
  DatasourceConnectionsRepository,
  DatasetQualityRepository,
];

@Global()
@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
