import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUuid, type AuditKind } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { AuditRepository } from './audit.repository';

export interface AuditEntry {
  kind: AuditKind;
  organizationId: string | null;
  other?: { id: string; name: string | null } | null;
  dataset?: { id: string; name: string | null } | null;
  subjectId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  read?: { rows: number | null; bytes: number | null; outcome: number };
}

/** Null: the platform itself (e.g. an expiry). */
type Actor = Pick<AuthenticatedUser, 'id' | 'email' | 'organizationId' | 'apiToken' | 'clientAddress'> | null;

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

// ADR 0021: changes are audited inside their transaction (no row without its change, nor a change without its row); reads in the background.
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

  recordRead(actor: AuthenticatedUser, kind: 'read.query' | 'read.download', datasetId: string, read: NonNullable<AuditEntry['read']>): void {
    if (!isUuid(datasetId)) return;
    const values = parameters(actor, { kind, organizationId: null, other: { id: actor.organizationId, name: actor.organizationName }, dataset: { id: datasetId, name: null }, read });
    this.auditLog
      .insertRead(values)
      .catch((error: Error) => this.logger.error(`read of ${datasetId} by ${actor.apiToken ? `token ${actor.apiToken.id}` : `user ${actor.id}`} not audited: ${error.message}`));
  }

  async daily(): Promise<void> {
    await this.recordExpiredGrants();
    await this.purgeReads();
  }

  /** One row per lapse (Europe/Amsterdam); extending and lapsing again records the new expiry once more. */
  recordExpiredGrants(): Promise<number> {
    return this.auditLog.recordExpiredGrants();
  }

  purgeReads(): Promise<number> {
    return this.auditLog.purgeReads(this.config.audit.retentionMonths);
  }
}
