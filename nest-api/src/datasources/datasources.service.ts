import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { DETAILS, FIELD_ERRORS } from '@datahub/domain';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError, isUniqueViolation } from '../common/errors';
import { actsOn, requirePermissionIn, requirePermissionInOwn } from '../common/organization-access';
import { SecretBox } from '../common/secret-box';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { agentInstallCommand, agentStartCommand, cloudInitConfig } from './cloud-init';
import { datasourceEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import { Datasource } from './datasource.entity';
import type { CreateDatasourceDto, CreatedDatasourceView, DatasourceCredentialsView, DatasourceDetailView, DatasourceStatus, DatasourceView } from './dto/datasource.dto';
import { DEFAULT_PATTERNS, datasourceBaseUrl } from '../hub/datasource-urls';
import { formatHostname, parseHostname } from './hostname';
import { isRefusedPrivateHost, plainHttpAllowed } from '../hub/private-hosts';
import { isValidPattern, PATH_KINDS, type PathKindName, type PathOverrideView } from './dto/path-override.dto';

function toDatasourceView(datasource: Datasource, dashboardUrl: string | null): DatasourceView {
  return {
    datasource_id: datasource.id,
    name: datasource.name,
    hostname: datasource.hostname,
    dashboard_url: dashboardUrl,
    owner_organization: datasource.organizationId,
    owner_organization_name: datasource.organization.name,
    owner_organization_logo_url: datasource.organization.logoUrl,
    status: statusOf(datasource),
    last_contact_at: datasource.contactedAt?.toISOString() ?? null,
  };
}

function statusOf(datasource: Datasource): DatasourceStatus {
  if (datasource.reachable !== null) return datasource.reachable ? 'online' : 'offline';
  return datasource.contactedAt ? 'online' : 'pending';
}

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
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  /** Own organisation's data sources (admins: all). */
  async list(actor: AuthenticatedUser, onlyOwn: boolean): Promise<DatasourceView[]> {
    const datasources = await this.dataSource.getRepository(Datasource).find({
      where: onlyOwn || !actor.organizationAdmin ? { organizationId: actor.organizationId } : {},
      relations: { organization: true },
      order: { name: 'ASC' },
    });
    return this.views(datasources);
  }

  /** Views with the address the hub calls each host at (its host path override applied). */
  private async views(datasources: Datasource[]): Promise<DatasourceView[]> {
    const hosted = datasources.filter((datasource) => datasource.hostname).map((datasource) => datasource.id);
    const rows: { datasource_id: string; pattern: string }[] = hosted.length
      ? await this.dataSource.query(`SELECT datasource_id, pattern FROM datasource_path_overrides WHERE path = 'host' AND datasource_id = ANY($1::uuid[])`, [hosted])
      : [];
    const patterns = new Map(rows.map((row) => [row.datasource_id, row.pattern]));
    return datasources.map((datasource) =>
      toDatasourceView(
        datasource,
        datasource.hostname
          ? `${datasourceBaseUrl(datasource.hostname, patterns.get(datasource.id) ?? DEFAULT_PATTERNS.host, plainHttpAllowed(this.config, datasource.hostname))}/`
          : null,
      ),
    );
  }

  async findVisible(actor: AuthenticatedUser, id: string): Promise<Datasource> {
    const datasource = await this.dataSource.getRepository(Datasource).findOne({ where: { id }, relations: { organization: true } });
    if (!datasource || !actsOn(actor, datasource.organizationId)) throw ApiError.notFound();
    return datasource;
  }

  /** One data source with its datasets (whatever their status). */
  async get(actor: AuthenticatedUser, id: string): Promise<DatasourceDetailView> {
    const [view] = await this.views([await this.findVisible(actor, id)]);
    const datasets: { dataset_id: string; slug: string; name: string; status: string; checked_at: Date | null }[] = await this.dataSource.query(
      `SELECT id AS dataset_id, slug, name, status, checked_at FROM datasets WHERE datasource_id = $1 ORDER BY lower(name), slug`,
      [id],
    );
    return { ...view, datasets: datasets.map((row) => ({ ...row, checked_at: row.checked_at?.toISOString() ?? null })) };
  }

  /** Records a contact: the hub reached the host (`reachable` true), missed it (false), or it called the hub (null). */
  async recordContact(id: string, reachable: boolean | null): Promise<void> {
    if (reachable === null) {
      // A call to the hub: written at most once a minute per data source.
      await this.dataSource.query(`UPDATE datasources SET contacted_at = now() WHERE id = $1 AND (contacted_at IS NULL OR contacted_at < now() - interval '1 minute')`, [id]);
      return;
    }
    await this.dataSource.query(`UPDATE datasources SET reachable = $2, contacted_at = CASE WHEN $2 THEN now() ELSE contacted_at END WHERE id = $1`, [id, reachable]);
  }

  /** The hostname as stored, or 422: not a host name, or a private address the hub may not call (checked again at every connection). */
  async normalizeHostname(raw: string | undefined | null): Promise<string | null> {
    if (!raw) return null;
    const parsed = parseHostname(raw);
    if (!parsed) throw new ApiError(422, DETAILS.invalidHostname);
    const hostname = formatHostname(parsed);
    if (await isRefusedPrivateHost(this.config, parsed)) throw new ApiError(422, DETAILS.privateHost);
    return hostname;
  }

  async create(actor: AuthenticatedUser, dto: CreateDatasourceDto): Promise<CreatedDatasourceView> {
    requirePermissionIn(actor, 'Datasource.Create', actor.organizationId);
    const hostname = await this.normalizeHostname(dto.hostname);
    const secret = newSecret();
    const repository = this.dataSource.getRepository(Datasource);
    if (await repository.createQueryBuilder('d').where('d.organization_id = :o AND lower(d.name) = lower(:n)', { o: actor.organizationId, n: dto.name }).getExists())
      throw ApiError.conflict(DETAILS.datasourceNameTaken);
    if (hostname && (await repository.createQueryBuilder('d').where('lower(d.hostname) = :h', { h: hostname }).getExists()))
      throw ApiError.conflict(DETAILS.datasourceHostnameTaken);
    let saved: Datasource;
    try {
      saved = await this.dataSource.transaction(async (manager) => {
        const row = await manager.getRepository(Datasource).save({ name: dto.name, hostname, organizationId: actor.organizationId, secretEncrypted: this.box.seal(secret) });
        await this.events.record(manager, datasourceEvent('datasource.created', row));
        await this.audit.record(manager, actor, { kind: 'datasource.created', organizationId: actor.organizationId, subjectId: row.id, after: { name: dto.name, hostname } });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'datasources_hostname_key')) throw ApiError.conflict(DETAILS.datasourceHostnameTaken);
      if (isUniqueViolation(error, 'datasources_organization_name_key')) throw ApiError.conflict(DETAILS.datasourceNameTaken);
      throw error;
    }
    const datasource = await repository.findOneOrFail({ where: { id: saved.id }, relations: { organization: true } });
    return this.withCredentials(datasource, secret);
  }

  private async withCredentials(datasource: Datasource, secret: string): Promise<CreatedDatasourceView> {
    const [view] = await this.views([datasource]);
    const credentials: DatasourceCredentialsView = { datasource_id: datasource.id, secret };
    const credentialsJson = JSON.stringify({ ...view, credentials }, null, 2);
    const hubUrl = this.config.publicUrl.replace(/\/$/, '');
    return {
      ...view,
      credentials,
      cloud_init_config: cloudInitConfig({ hubUrl, credentialsJson, hostname: datasource.hostname }),
      install_command: agentInstallCommand(hubUrl),
      start_command: agentStartCommand(hubUrl, datasource.id),
    };
  }

  /**
   * For the local demo only: the named data source of an organisation with a fresh secret,
   * created when missing, as the credentials file the reference agent reads.
   */
  async demoCredentials(organizationId: string, name: string): Promise<CreatedDatasourceView> {
    const repository = this.dataSource.getRepository(Datasource);
    const secret = newSecret();
    let datasource = await repository.findOne({ where: { organizationId, name }, relations: { organization: true } });
    if (datasource) await repository.update({ id: datasource.id }, { secretEncrypted: this.box.seal(secret) });
    else {
      const saved = await repository.save({ name, hostname: null, organizationId, secretEncrypted: this.box.seal(secret) });
      datasource = await repository.findOneOrFail({ where: { id: saved.id }, relations: { organization: true } });
    }
    return this.withCredentials(datasource, secret);
  }

  /** Seeding only: a data source without a host, inside the seed's transaction (demoCredentials later issues its secret). */
  async createForSeed(manager: EntityManager, organizationId: string, name: string): Promise<string> {
    const saved = await manager.getRepository(Datasource).save({ name, hostname: null, organizationId, secretEncrypted: this.box.seal(newSecret()) });
    return saved.id;
  }

  /**
   * A new secret replaces the old one at once, in both directions. The organisation's own (issue 32):
   * the secret speaks for the data source, so a platform admin holding it could serve data as that organisation.
   */
  async newKey(actor: AuthenticatedUser, id: string): Promise<CreatedDatasourceView> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionInOwn(actor, 'Datasource.Update', datasource.organizationId);
    const secret = newSecret();
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(Datasource).update({ id }, { secretEncrypted: this.box.seal(secret) });
      await this.audit.record(manager, actor, { kind: 'datasource.key_rotated', organizationId: datasource.organizationId, subjectId: id, after: { name: datasource.name } });
    });
    return this.withCredentials(datasource, secret);
  }

  async delete(actor: AuthenticatedUser, id: string): Promise<void> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionIn(actor, 'Datasource.Delete', datasource.organizationId);
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(Datasource).delete({ id });
      await this.events.record(manager, datasourceEvent('datasource.deleted', datasource));
      await this.audit.record(manager, actor, { kind: 'datasource.deleted', organizationId: datasource.organizationId, subjectId: id, before: { name: datasource.name, hostname: datasource.hostname } });
    });
  }

  async pathOverrides(actor: AuthenticatedUser, id: string): Promise<PathOverrideView[]> {
    await this.findVisible(actor, id);
    const rows: { path: PathKindName; pattern: string }[] = await this.dataSource.query(
      'SELECT path, pattern FROM datasource_path_overrides WHERE datasource_id = $1 ORDER BY path',
      [id],
    );
    return rows.map((row) => ({ datasource_id: id, datasource_path: row.path, path_override_pattern: row.pattern }));
  }

  async setPathOverride(actor: AuthenticatedUser, id: string, path: string, pattern: string): Promise<PathOverrideView> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionIn(actor, 'Datasource.Update', datasource.organizationId);
    if (!(PATH_KINDS as readonly string[]).includes(path)) throw ApiError.notFound();
    if (!isValidPattern(path as PathKindName, pattern)) throw ApiError.validation({ path_override_pattern: FIELD_ERRORS.invalid });
    await this.dataSource.transaction(async (manager) => {
      const [previous]: { pattern: string }[] = await manager.query('SELECT pattern FROM datasource_path_overrides WHERE datasource_id = $1 AND path = $2 FOR UPDATE', [id, path]);
      await manager.query(
        `INSERT INTO datasource_path_overrides (datasource_id, path, pattern) VALUES ($1, $2, $3)
         ON CONFLICT (datasource_id, path) DO UPDATE SET pattern = EXCLUDED.pattern`,
        [id, path, pattern],
      );
      await this.audit.record(manager, actor, {
        kind: 'path_override.changed', organizationId: datasource.organizationId, subjectId: id,
        before: { path, pattern: previous?.pattern ?? null }, after: { path, pattern },
      });
    });
    return { datasource_id: id, datasource_path: path as PathKindName, path_override_pattern: pattern };
  }

  async deletePathOverride(actor: AuthenticatedUser, id: string, path: string): Promise<void> {
    const datasource = await this.findVisible(actor, id);
    requirePermissionIn(actor, 'Datasource.Update', datasource.organizationId);
    if (!(PATH_KINDS as readonly string[]).includes(path)) throw ApiError.notFound();
    await this.dataSource.transaction(async (manager) => {
      const [deleted]: { pattern: string }[][] = await manager.query('DELETE FROM datasource_path_overrides WHERE datasource_id = $1 AND path = $2 RETURNING pattern', [id, path]);
      if (deleted.length === 0) return;
      await this.audit.record(manager, actor, {
        kind: 'path_override.changed', organizationId: datasource.organizationId, subjectId: id,
        before: { path, pattern: deleted[0].pattern }, after: { path, pattern: null },
      });
    });
  }

  /** The current secret, for signing and verifying Hub Protocol tokens. */
  async secretOf(id: string): Promise<string | null> {
    const row = await this.dataSource
      .getRepository(Datasource)
      .createQueryBuilder('d')
      .addSelect('d.secretEncrypted')
      .where('d.id = :id', { id })
      .getOne();
    return row ? this.box.open(row.secretEncrypted) : null;
  }
}
