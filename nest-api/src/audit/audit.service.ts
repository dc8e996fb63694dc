import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isUuid, type AuditKind } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

/** What one audit row says; the actor (user or token, organisation, address) comes from `actor`. */
export interface AuditEntry {
  kind: AuditKind;
  /** The organisation whose object changed or was read (a dataset's owner). */
  organizationId: string | null;
  /** The other party: the grant's receiver, the reading organisation. */
  other?: { id: string; name: string | null } | null;
  dataset?: { id: string; name: string | null } | null;
  /** The changed object's id (grant, data source, user, token, invitation). */
  subjectId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  read?: { rows: number | null; bytes: number | null; outcome: number };
}

/** Who did it when no signed-in user did (the platform itself, e.g. an expiry). */
type Actor = Pick<AuthenticatedUser, 'id' | 'email' | 'organizationId' | 'apiToken' | 'clientAddress'> | null;

const INSERT = `
  INSERT INTO audit_log (kind, subject_id, organization_id, other_organization_id, other_organization_name, dataset_id, dataset_name,
                         actor_user_id, actor_email, actor_token_id, actor_organization_id, client_address, before, after,
                         rows_answered, bytes, outcome)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`;

/** As INSERT, with the organisation ($3) and dataset name ($7) taken from the dataset ($6). */
const READ_INSERT = `
  INSERT INTO audit_log (kind, subject_id, organization_id, other_organization_id, other_organization_name, dataset_id, dataset_name,
                         actor_user_id, actor_email, actor_token_id, actor_organization_id, client_address, before, after,
                         rows_answered, bytes, outcome)
  SELECT $1, $2, coalesce(ds.organization_id, $3), $4, $5, $6, coalesce(d.name, $7), $8, $9, $10, $11, $12, $13, $14, $15, $16, $17
  FROM (SELECT $6::uuid AS id) wanted
  LEFT JOIN datasets d ON d.id = wanted.id
  LEFT JOIN datasources ds ON ds.id = d.datasource_id`;

function parameters(actor: Actor, entry: AuditEntry): unknown[] {
  const token = actor?.apiToken;
  return [
    entry.kind,
    entry.subjectId ?? null,
    entry.organizationId,
    entry.other?.id ?? null,
    entry.other?.name ?? null,
    entry.dataset?.id ?? null,
    entry.dataset?.name ?? null,
    // An organisation token acts for nobody in particular; a personal one for its user.
    token?.kind === 'organization' ? null : (actor?.id ?? null),
    token?.kind === 'organization' ? null : (actor?.email ?? null),
    token?.id ?? null,
    actor?.organizationId ?? null,
    actor?.clientAddress ?? null,
    entry.before ?? null,
    entry.after ?? null,
    entry.read?.rows ?? null,
    entry.read?.bytes ?? null,
    entry.read?.outcome ?? null,
  ];
}

/**
 * The audit trail (issue 23, ADR 0021). Changes are written with `record(manager, …)` inside the
 * transaction of the change, so a change that fails leaves no row and a row never lacks its change.
 * Reads have no transaction: `recordRead` writes in the background and logs a failed write.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async record(manager: EntityManager, actor: Actor, entry: AuditEntry): Promise<void> {
    await manager.query(INSERT, parameters(actor, entry));
  }

  /**
   * A data read (SPARQL query or XML download) by a person or a token, with the dataset's owner and
   * name looked up in the same statement; the reader is the actor's organisation.
   */
  recordRead(actor: AuthenticatedUser, kind: 'read.query' | 'read.download', datasetId: string, read: NonNullable<AuditEntry['read']>): void {
    if (!isUuid(datasetId)) return;
    const values = parameters(actor, { kind, organizationId: null, other: { id: actor.organizationId, name: actor.organizationName }, dataset: { id: datasetId, name: null }, read });
    this.dataSource
      .query(READ_INSERT, values)
      .catch((error: Error) => this.logger.error(`read of ${datasetId} by ${actor.apiToken ? `token ${actor.apiToken.id}` : `user ${actor.id}`} not audited: ${error.message}`));
  }

  /** The daily audit work, one call for the periodic job: expiries recorded, old read rows deleted. */
  async daily(): Promise<void> {
    await this.recordExpiredGrants();
    await this.purgeReads();
  }

  /**
   * A grant past its last day (Europe/Amsterdam) gets one 'grant.expired' row, by the platform (no
   * actor); extending it and letting it lapse again records the new expiry once more.
   */
  async recordExpiredGrants(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `INSERT INTO audit_log (kind, subject_id, organization_id, other_organization_id, other_organization_name, dataset_id, dataset_name, after)
       SELECT 'grant.expired', a.id, ds.organization_id, a.assignee_organization_id, ao.name, d.id, d.name,
              jsonb_build_object('authorisations', jsonb_build_array(a.authorisation), 'expiration_date', a.expiration_date::text)
       FROM authorisation_assignments a
       JOIN datasets d ON d.id = a.dataset_id
       JOIN datasources ds ON ds.id = d.datasource_id
       JOIN organizations ao ON ao.id = a.assignee_organization_id
       WHERE a.expiration_date < (now() AT TIME ZONE 'Europe/Amsterdam')::date
         AND NOT EXISTS (
           SELECT 1 FROM audit_log l
           WHERE l.organization_id = ds.organization_id AND l.kind = 'grant.expired' AND l.subject_id = a.id
             AND l.after->>'expiration_date' = a.expiration_date::text)`,
    );
    return count;
  }

  /** Deletes data-read rows older than AUDIT_RETENTION_MONTHS; change rows are kept. Returns how many went. */
  async purgeReads(): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM audit_log WHERE kind LIKE 'read.%' AND created_at < now() - make_interval(months => $1)`,
      [this.config.audit.retentionMonths],
    );
    return count;
  }
}
