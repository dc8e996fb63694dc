import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { AUDIT_CSV_MAX_ROWS, AUDIT_KIND_LABELS, AUDIT_LABELS, AUDIT_PAGE_SIZE, CSV_BOM, csvLine, describeAuditChange, hasPermissionIn } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { DatasetsRepository } from '../datasets/datasets.repository';
import { encodeCursor, type AuditFilters } from './audit-filters';
import { AuditRepository, type AuditRow } from './audit.repository';
import type { AuditEntryView, AuditPageView, DatasetUseByOthersView } from './dto/audit.views';

/** An organisation sees rows about its own objects and those where it is the other party; platform admins see every row. */
@Injectable()
export class AuditLogQuery {
  constructor(
    private readonly auditLog: AuditRepository,
    private readonly datasets: DatasetsRepository,
  ) {}

  private viewerOrganization(actor: AuthenticatedUser): string | null {
    if (!actor.permissions.has('AuditLog.Read')) throw ApiError.forbidden();
    return actor.organizationAdmin ? null : actor.organizationId;
  }

  async page(actor: AuthenticatedUser, filters: AuditFilters): Promise<AuditPageView> {
    const viewer = this.viewerOrganization(actor);
    const rows = await this.auditLog.page(viewer, filters, AUDIT_PAGE_SIZE + 1);
    const shown = rows.slice(0, AUDIT_PAGE_SIZE);
    const last = shown[shown.length - 1];
    return {
      entries: shown.map((row) => toView(row, viewer)),
      next_cursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last.at, last.id) : null,
    };
  }

  /** For Dutch Excel: semicolons, a BOM, formulas neutralised; at most AUDIT_CSV_MAX_ROWS rows, read page by page. */
  csv(actor: AuthenticatedUser, filters: AuditFilters): Readable {
    const viewer = this.viewerOrganization(actor);
    const read = (cursor: AuditFilters['cursor'], limit: number) => this.auditLog.page(viewer, { ...filters, cursor }, limit);
    async function* lines(): AsyncGenerator<string> {
      yield CSV_BOM + csvLine(AUDIT_LABELS.csvHeader, ';') + '\r\n';
      let cursor = filters.cursor;
      for (let written = 0; written < AUDIT_CSV_MAX_ROWS; ) {
        const rows = await read(cursor, Math.min(1000, AUDIT_CSV_MAX_ROWS - written));
        if (rows.length === 0) return;
        yield rows.map((row) => csvLine(csvValues(toView(row, viewer)), ';') + '\r\n').join('');
        written += rows.length;
        const last = rows[rows.length - 1];
        cursor = { at: last.at, id: last.id };
      }
    }
    return Readable.from(lines());
  }

  async useByOthers(actor: AuthenticatedUser, datasetId: string): Promise<DatasetUseByOthersView[]> {
    const dataset = await this.datasets.withOwner(datasetId);
    if (!dataset) throw ApiError.notFound();
    if (!hasPermissionIn(actor, 'AuditLog.Read', dataset.owner_id)) throw ApiError.forbidden();
    const rows = await this.auditLog.useByOthers(datasetId, dataset.owner_id);
    return rows.map((row) => ({ ...row, last_read_at: new Date(row.last_read_at).toISOString() }));
  }
}

/** Only which organisation it was, never another organisation's people or addresses. */
function toView(row: AuditRow, viewer: string | null): AuditEntryView {
  const ownActor = viewer === null || row.actor_organization_id === viewer;
  return {
    id: row.id,
    created_at: row.at,
    kind: row.kind,
    kind_label: AUDIT_KIND_LABELS[row.kind] ?? row.kind,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
    other_organization_id: row.other_organization_id,
    other_organization_name: row.other_organization_name,
    dataset_id: row.dataset_id,
    dataset_name: row.dataset_name,
    actor_email: ownActor ? row.actor_email : null,
    actor_token_name: ownActor ? (row.actor_token_name ?? (row.actor_token_id ? AUDIT_LABELS.token : null)) : row.actor_token_id ? AUDIT_LABELS.token : null,
    actor_organization_id: row.actor_organization_id,
    actor_organization_name: row.actor_organization_name,
    client_address: ownActor ? row.client_address : null,
    before: row.before,
    after: row.after,
    rows_answered: row.rows_answered,
    bytes: row.bytes === null ? null : Number(row.bytes),
    outcome: row.outcome,
  };
}

function csvValues(entry: AuditEntryView): (string | number | null)[] {
  return [
    entry.created_at,
    entry.kind_label,
    entry.actor_email ?? entry.actor_token_name,
    entry.actor_organization_name,
    entry.dataset_name,
    entry.other_organization_name,
    describeAuditChange(entry.before),
    describeAuditChange(entry.after),
    entry.rows_answered,
    entry.outcome,
    entry.client_address,
  ];
}
