import { DataSource, type DataSourceOptions } from 'typeorm';
import { Application } from '../applications/application.entity';
import { ExternalIdentity } from '../auth/external-identity.entity';
import { Session } from '../auth/session.entity';
import { Dataset } from '../datasets/dataset.entity';
import { Datasource } from '../datasources/datasource.entity';
import { Organization } from '../organizations/organization.entity';
import { RoleAssignment } from '../users/role-assignment.entity';
import { User } from '../users/user.entity';
import { Foundation1763800000000 } from './migrations/1763800000000-Foundation';
import { IdempotencyKeys1768300000201 } from './migrations/1768300000201-IdempotencyKeys';
import { IdempotencyClaimHolders1768400000601 } from './migrations/1768400000601-IdempotencyClaimHolders';
import { DatasourceConnections1768400000701 } from './migrations/1768400000701-DatasourceConnections';
import { DatasetQuality1768400001001 } from './migrations/1768400001001-DatasetQuality';
import { DatasourceReachableChanged1768400001101 } from './migrations/1768400001101-DatasourceReachableChanged';
import { UnloggedSparqlSlots1768400001501 } from './migrations/1768400001501-UnloggedSparqlSlots';
import { OrganizationFormerSlugs1768200000501 } from './migrations/1768200000501-OrganizationFormerSlugs';
import { RevokeDepartedMembersTokens1768100000201 } from './migrations/1768100000201-RevokeDepartedMembersTokens';
import { Invitations1763900000000 } from './migrations/1763900000000-Invitations';
import { Datasources1764000000000 } from './migrations/1764000000000-Datasources';
import { SignupVerifications1765300000000 } from './migrations/1765300000000-SignupVerifications';
import { Authorisations1765100000000 } from './migrations/1765100000000-Authorisations';
import { AuthorisationAssignment } from '../authorisations/authorisation-assignment.entity';
import { UsageEvent } from '../insight/usage-event.entity';
import { Logo } from '../logos/logo.entity';
import { Applications1765200000000 } from './migrations/1765200000000-Applications';
import { Logos1765200000001 } from './migrations/1765200000001-Logos';
import { Insight1766200000000 } from './migrations/1766200000000-Insight';
import { SessionNotifications1766300000000 } from './migrations/1766300000000-SessionNotifications';
import { CatalogueNotifications1766400000000 } from './migrations/1766400000000-CatalogueNotifications';
import { ApiTokens1766500000000 } from './migrations/1766500000000-ApiTokens';
import { Events1767400000001 } from './migrations/1767400000001-Events';
import { PasswordResets1767500000001 } from './migrations/1767500000001-PasswordResets';
import { GuidingPages1767800000001 } from './migrations/1767800000001-GuidingPages';
import { DatasetCategories1767900000001 } from './migrations/1767900000001-DatasetCategories';
import { OutboxNotifyOnRows1768000000001 } from './migrations/1768000000001-OutboxNotifyOnRows';
import { AttemptCounters1768100000301 } from './migrations/1768100000301-AttemptCounters';
import { ClusterSparqlState1768300000101 } from './migrations/1768300000101-ClusterSparqlState';
import { TimedJobs1767300000001 } from './migrations/1767300000001-TimedJobs';
import { migrateJobSchema } from '../jobs/job-runner.service';
import { AuditLog1767200000001 } from './migrations/1767200000001-AuditLog';
import { AccessRequests1767200000002 } from './migrations/1767200000002-AccessRequests';
import { DatasetTriples1767100000001 } from './migrations/1767100000001-DatasetTriples';
import { TwoFactor1767600000001 } from './migrations/1767600000001-TwoFactor';
import { RevokeAdminMadeOrganizationTokens1768100000101 } from './migrations/1768100000101-RevokeAdminMadeOrganizationTokens';
import { preparingPg } from './prepared-statements';

const ENTITIES = [
  Organization,
  User,
  RoleAssignment,
  Session,
  ExternalIdentity,
  Datasource,
  Dataset,
  AuthorisationAssignment,
  Application,
  Logo,
  UsageEvent,
];
const MIGRATIONS = [
  Foundation1763800000000,
  Invitations1763900000000,
  Datasources1764000000000,
  Authorisations1765100000000,
  Applications1765200000000,
  Logos1765200000001,
  SignupVerifications1765300000000,
  Insight1766200000000,
  SessionNotifications1766300000000,
  CatalogueNotifications1766400000000,
  ApiTokens1766500000000,
  Events1767400000001,
  PasswordResets1767500000001,
  GuidingPages1767800000001,
  DatasetCategories1767900000001,
  OutboxNotifyOnRows1768000000001,
  AttemptCounters1768100000301,
  ClusterSparqlState1768300000101,
  TimedJobs1767300000001,
  AuditLog1767200000001,
  AccessRequests1767200000002,
  DatasetTriples1767100000001,
  TwoFactor1767600000001,
  RevokeDepartedMembersTokens1768100000201,
  RevokeAdminMadeOrganizationTokens1768100000101,
  IdempotencyKeys1768300000201,
  IdempotencyClaimHolders1768400000601,
  DatasourceConnections1768400000701,
  DatasetQuality1768400001001,
  DatasourceReachableChanged1768400001101,
  UnloggedSparqlSlots1768400001501,
  OrganizationFormerSlugs1768200000501,
];

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    driver: preparingPg,
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    extra: { max: 20, statement_timeout: 15000, application_name: 'datahub-nest-api' },
  };
}

/** Applies pending migrations; schema changes only ever happen here. */
export async function runMigrations(url: string): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
  } finally {
    await dataSource.destroy();
  }
  // pg-boss keeps its own versioned schema (`pgboss`) and upgrades it itself (ADR 0023).
  await migrateJobSchema(url);
}
