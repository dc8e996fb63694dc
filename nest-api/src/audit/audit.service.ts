import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUuid, type AuditKind } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { AuditRepository } from './audit.repository';

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

/** The values of AuditRepository's insert, in its column order. */
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
 * The audit trail (ADR 0021). Changes are written with `record(manager, …)` inside the
 * transaction of the change, so a change that fails leaves no row and a row never lacks its change.
 * Reads have no transaction: `recordRead` writes in the background and logs a failed write.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(
    private readonly auditLog: AuditRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async record(manager: EntityManager, actor: Actor, entry: AuditEntry): Promise<void> {
    await this.auditLog.insert(parameters(actor, entry), manager);
  }

  /**
   * A data read (SPARQL query or XML download) by a person or a token, with the dataset's owner and
   * name looked up in the same statement; the reader is the actor's organisation.
   */
  recordRead(actor: AuthenticatedUser, kind: 'read.query' | 'read.download', datasetId: string, read: NonNullable<AuditEntry['read']>): void {
    if (!isUuid(datasetId)) return;
    const values = parameters(actor, { kind, organizationId: null, other: { id: actor.organizationId, name: actor.organizationName }, dataset: { id: datasetId, name: null }, read });
    this.auditLog
      .insertRead(values)
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
  recordExpiredGrants(): Promise<number> {
    return this.auditLog.recordExpiredGrants();
  }

  /** Deletes data-read rows older than AUDIT_RETENTION_MONTHS; change rows are kept. Returns how many went. */
  purgeReads(): Promise<number> {
    return this.auditLog.purgeReads(this.config.audit.retentionMonths);
  }
}
