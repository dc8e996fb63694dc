import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { DATASOURCE_STATE_MAILS, DETAILS, FIELD_ERRORS, HOSTNAME_PROBLEMS, ROLE_PERMISSIONS, ROLES } from '@datahub/domain';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError, isUniqueViolation } from '../common/errors';
import { actsOn, requirePermissionIn, requirePermissionInOwn } from '../common/organization-access';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { agentExecutableFirstStartCommand, agentExecutableStartCommand, agentExecutableUrl } from '../hub/agent-executable';
import { agentInstallCommand, agentStartCommand, cloudInitConfig } from './cloud-init';
import { datasourceEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import type { Queryable } from '../database/queryable';
import { DatasourcesRepository, type DatasourceRow } from './datasources.repository';
import type { CreateDatasourceDto, CreatedDatasourceView, DatasourceCredentialsView, DatasourceDetailView, DatasourceStatus, DatasourceView } from './dto/datasource.dto';
import { DEFAULT_PATTERNS, datasourceBaseUrl } from '../hub/datasource-urls';
import { formatHostname, readAddress } from './hostname';
import { DatasourceConnectionsRepository } from '../hub/connections/datasource-connections.repository';
import { isRefusedPrivateHost, plainHttpAllowed } from '../hub/private-hosts';
import { MailService } from '../mail/mail.service';
import { UsersRepository } from '../users/users.repository';
import { isValidPattern, PATH_KINDS, type PathKindName, type PathOverrideView } from './dto/path-override.dto';

function toDatasourceView(datasource: DatasourceRow, dashboardUrl: string | null, connectedViaHub: boolean): DatasourceView {
  return {
    datasource_id: datasource.id,
    name: datasource.name,
    hostname: datasource.hostname,
    dashboard_url: dashboardUrl,
    owner_organization: datasource.organization_id,
    owner_organization_name: datasource.organization_name,
    owner_organization_logo_url: datasource.organization_logo_url,
    status: statusOf(datasource),
    last_contact_at: datasource.contacted_at?.toISOString() ?? null,
    status_changed_at: datasource.reachable_changed_at?.toISOString() ?? null,
    connected_via_hub: connectedViaHub,
  };
}

function statusOf(datasource: DatasourceRow): DatasourceStatus {
  if (datasource.reachable !== null) return datasource.reachable ? 'online' : 'offline';
  return datasource.contacted_at ? 'online' : 'pending';
}

const eventSubject = (datasource: Pick<DatasourceRow, 'id' | 'name' | 'organization_id'>) => ({ id: datasource.id, name: datasource.name, organizationId: datasource.organization_id });

/** Secrets: ≥ 32 random bytes, base64url; shown once, kept encrypted. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

@Injectable()
export class DatasourcesService {
  private readonly box: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly datasources: DatasourcesRepository,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly connections: DatasourceConnectionsRepository,
    private readonly users: UsersRepository,
    private readonly mail: MailService,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  async list(actor: AuthenticatedUser, onlyOwn: boolean): Promise<DatasourceView[]> {
    return this.views(await this.datasources.list(onlyOwn || !actor.organizationAdmin ? actor.organizationId : null));
  }

  private async views(datasources: DatasourceRow[]): Promise<DatasourceView[]> {
    const patterns = await this.datasources.hostPatterns(datasources.filter((datasource) => datasource.hostname).map((datasource) => datasource.id));
    const connected = await this.connections.connected(datasources.map((datasource) => datasource.id));
    return datasources.map((datasource) =>
      toDatasourceView(
        datasource,
        datasource.hostname
          ? `${datasourceBaseUrl(datasource.hostname, patterns.get(datasource.id) ?? DEFAULT_PATTERNS.host, plainHttpAllowed(this.config, datasource.hostname))}/`
          : null,
        connected.has(datasource.id),
      ),
    );
  }

  async findVisible(actor: AuthenticatedUser, id: string): Promise<DatasourceRow> {
    const datasource = await this.datasources.byId(id);
    if (!datasource || !actsOn(actor, datasource.organization_id)) throw ApiError.notFound();
    return datasource;
  }

  async get(actor: AuthenticatedUser, id: string): Promise<DatasourceDetailView> {
    const [view] = await this.views([await this.findVisible(actor, id)]);
    const datasets = await this.datasources.datasetsOf(id);
    // The steps stay on the page after the one-time view: the commands hold no secret.
    const hubUrl = this.config.publicUrl.replace(/\/$/, '');
    return {
      ...view,
      datasets: datasets.map((row) => ({ ...row, checked_at: row.checked_at?.toISOString() ?? null })),
      install_command: agentInstallCommand(hubUrl),
      start_command: agentStartCommand(hubUrl, id, view.hostname),
      executable_url: agentExecutableUrl(hubUrl),
      executable_start_command: agentExecutableStartCommand(hubUrl, id),
    };
  }

  /** Records a contact: the hub reached the host (`reachable` true), missed it (false), or it called the hub (null). */
  async recordContact(id: string, reachable: boolean | null): Promise<void> {
    if (reachable === null) return this.datasources.touchContact(id);
    await this.dataSource.transaction(async (manager) => {
      const recorded = await this.datasources.recordReachable(id, reachable, manager);
      if (recorded?.changed) await this.announceChange(id, reachable, manager);
    });
  }

  /** A Logboek row and a mail in the transaction that recorded the change, so once, whichever process saw it. */
  private async announceChange(id: string, online: boolean, manager: EntityManager): Promise<void> {
    const datasource = await this.datasources.byId(id, manager);
    if (!datasource) return;
    await this.audit.record(manager, null, {
      kind: online ? 'datasource.online' : 'datasource.offline',
      organizationId: datasource.organization_id,
      subjectId: id,
      after: { name: datasource.name, hostname: datasource.hostname },
    });
    const roles = ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('Datasource.Update'));
    const emails = await this.users.memberEmails([datasource.organization_id], roles, manager);
    const link = new URL(`/databron/${id}`, this.config.publicUrl).toString();
    const { subject, text } = DATASOURCE_STATE_MAILS[online ? 'online' : 'offline']({ name: datasource.name, link });
    for (const to of emails) await this.mail.send({ to, subject, text }, manager);
  }

  /** The hostname as stored, or 422: not a host name, or a private address the hub may not call (checked again at every connection). */
  async normalizeHostname(raw: string | undefined | null): Promise<string | null> {
    if (!raw) return null;
    const parsed = readAddress(raw);
    if ('problem' in parsed) throw new ApiError(422, DETAILS.invalidHostname, { hostname: HOSTNAME_PROBLEMS[parsed.problem] });
    const hostname = formatHostname(parsed);
    if (await isRefusedPrivateHost(this.config, parsed)) throw new ApiError(422, DETAILS.privateHost);
    return hostname;
  }

  async create(actor: AuthenticatedUser, dto: CreateDatasourceDto): Promise<CreatedDatasourceView> {
    requirePermissionIn(actor, 'Datasource.Create', actor.organizationId);
    const hostname = await this.normalizeHostname(dto.hostname);
    const secret = newSecret();
    if (await this.datasources.nameTaken(actor.organizationId, dto.name)) throw ApiError.conflict(DETAILS.datasourceNameTaken);
    if (hostname && (await this.datasources.hostnameTaken(hostname))) throw ApiError.conflict(DETAILS.datasourceHostnameTaken);
    let savedId: string;
    try {
      savedId = await this.dataSource.transaction(async (manager) => {
        const id = await this.datasources.insert({ name: dto.name, hostname, organizationId: actor.organizationId, secretEncrypted: this.box.seal(secret) }, manager);
        await this.events.record(manager, datasourceEvent('datasource.created', { id, name: dto.name, organizationId: actor.organizationId }));
        await this.audit.record(manager, actor, { kind: 'datasource.created', organizationId: actor.organizationId, subjectId: id, after: { name: dto.name, hostname } });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'datasources_hostname_key')) throw ApiError.conflict(DETAILS.datasourceHostnameTaken);
      if (isUniqueViolation(error, 'datasources_organization_name_key')) throw ApiError.conflict(DETAILS.datasourceNameTaken);
      throw error;
    }
    const datasource = await this.datasources.byId(savedId);
    return this.withCredentials(datasource!, secret);
  }

  private async withCredentials(datasource: DatasourceRow, secret: string): Promise<CreatedDatasourceView> {
    const [view] = await this.views([datasource]);
    const credentials: DatasourceCredentialsView = { datasource_id: datasource.id, secret };
    const credentialsJson = JSON.stringify({ ...view, credentials }, null, 2);
    const hubUrl = this.config.publicUrl.replace(/\/$/, '');
    return {
      ...view,
      credentials,
      cloud_init_config: cloudInitConfig({ hubUrl, credentialsJson, hostname: datasource.hostname }),
      install_command: agentInstallCommand(hubUrl),
      start_command: agentStartCommand(hubUrl, datasource.id, datasource.hostname),
      executable_url: agentExecutableUrl(hubUrl),
      executable_start_command: agentExecutableStartCommand(hubUrl, datasource.id),
      executable_first_start_command: agentExecutableFirstStartCommand(hubUrl, datasource.id, secret),
    };
  }

  /** Local demo only: the named data source with a fresh secret, created when missing, as the reference agent's credentials file. */
  async demoCredentials(organizationId: string, name: string): Promise<CreatedDatasourceView> {
    const secret = newSecret();
    let datasource = await this.datasources.byName(organizationId, name);
    if (datasource) await this.datasources.setSecret(datasource.id, this.box.seal(secret));
    else datasource = await this.datasources.byId(await this.datasources.insert({ name, hostname: null, organizationId, secretEncrypted: this.box.seal(secret) }));
    return this.withCredentials(datasource!, secret);
  }

  /** Seeding only: a data source without a host, inside the seed's transaction (demoCredentials later issues its secret). */
  createForSeed(manager: Queryable, organizationId: string, name: string): Promise<string> {
    return this.datasources.insert({ name, hostname: null, organizationId, secretEncrypted: this.box.seal(newSecret()) }, manager);
  }

  /** The organisation's own: the secret speaks for the data source, so a platform admin holding it could serve data as that organisation. */
  async newKey(actor: AuthenticatedUser, id: string): Promise<CreatedDatasourceView> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionInOwn(actor, 'Datasource.Update', datasource.organization_id);
    const secret = newSecret();
    await this.dataSource.transaction(async (manager) => {
      await this.datasources.setSecret(id, this.box.seal(secret), manager);
      await this.audit.record(manager, actor, { kind: 'datasource.key_rotated', organizationId: datasource.organization_id, subjectId: id, after: { name: datasource.name } });
    });
    return this.withCredentials(datasource, secret);
  }

  async delete(actor: AuthenticatedUser, id: string): Promise<void> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionIn(actor, 'Datasource.Delete', datasource.organization_id);
    await this.dataSource.transaction(async (manager) => {
      await this.datasources.delete(id, manager);
      await this.events.record(manager, datasourceEvent('datasource.deleted', eventSubject(datasource)));
      await this.audit.record(manager, actor, { kind: 'datasource.deleted', organizationId: datasource.organization_id, subjectId: id, before: { name: datasource.name, hostname: datasource.hostname } });
    });
  }

  async pathOverrides(actor: AuthenticatedUser, id: string): Promise<PathOverrideView[]> {
    await this.findVisible(actor, id);
    const rows = await this.datasources.pathOverrides(id);
    return rows.map((row) => ({ datasource_id: id, datasource_path: row.path, path_override_pattern: row.pattern }));
  }

  async setPathOverride(actor: AuthenticatedUser, id: string, path: string, pattern: string): Promise<PathOverrideView> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionIn(actor, 'Datasource.Update', datasource.organization_id);
    if (!(PATH_KINDS as readonly string[]).includes(path)) throw ApiError.notFound();
    if (!isValidPattern(path as PathKindName, pattern)) throw ApiError.validation({ path_override_pattern: FIELD_ERRORS.invalid });
    await this.dataSource.transaction(async (manager) => {
      const previous = await this.datasources.lockedPathPattern(id, path, manager);
      await this.datasources.setPathOverride(id, path, pattern, manager);
      await this.audit.record(manager, actor, {
        kind: 'path_override.changed', organizationId: datasource.organization_id, subjectId: id,
        before: { path, pattern: previous }, after: { path, pattern },
      });
    });
    return { datasource_id: id, datasource_path: path as PathKindName, path_override_pattern: pattern };
  }

  async deletePathOverride(actor: AuthenticatedUser, id: string, path: string): Promise<void> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionIn(actor, 'Datasource.Update', datasource.organization_id);
    if (!(PATH_KINDS as readonly string[]).includes(path)) throw ApiError.notFound();
    await this.dataSource.transaction(async (manager) => {
      const deleted = await this.datasources.deletePathOverride(id, path, manager);
      if (deleted === null) return;
      await this.audit.record(manager, actor, {
        kind: 'path_override.changed', organizationId: datasource.organization_id, subjectId: id,
        before: { path, pattern: deleted }, after: { path, pattern: null },
      });
    });
  }

  async secretOf(id: string): Promise<string | null> {
    const sealed = await this.datasources.secretOf(id);
    return sealed === null ? null : this.box.open(sealed);
  }
}
