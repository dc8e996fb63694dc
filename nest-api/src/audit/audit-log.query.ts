import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AUDIT_CSV_MAX_ROWS, AUDIT_KIND_LABELS, AUDIT_LABELS, AUDIT_PAGE_SIZE, CSV_BOM, csvLine, describeAuditChange, hasPermissionIn, type AuditKind } from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { encodeCursor, type AuditFilters } from './audit-filters';
import type { AuditEntryView, AuditPageView, DatasetUseByOthersView } from './dto/audit.views';

interface Row {
  id: string;
  at: string;
  kind: AuditKind;
  organization_id: string | null;
  organization_name: string | null;
  other_organization_id: string | null;
  other_organization_name: string | null;
  dataset_id: string | null;
  dataset_name: string | null;
  actor_email: string | null;
  actor_token_id: string | null;
  actor_token_name: string | null;
  actor_organization_id: string | null;
  actor_organization_name: string | null;
  client_address: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  rows_answered: number | null;
  bytes: string | null;
  outcome: number | null;
}

/** A row's time as text with microseconds, so the cursor names it exactly. */
const AT = `to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ORDER = 'ORDER BY l.created_at DESC, l.id DESC';

class Conditions {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[]) {}
  add(sql: string): void {
    this.parts.push(sql);
  }
  push(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  sql(): string {
    return this.parts.length ? ` AND ${this.parts.join(' AND ')}` : '';
  }
}

/**
 * Reads the audit trail (issue 23): an organisation sees the rows about its own objects (it is
 * `organization_id`) and those where it is the other party (its grants received, its reads of
 * others' datasets); platform admins see every row. Keyset paging on (created_at, id), newest first,
 * each side served by its own index so a filtered page stays fast at a million rows.
 */
@Injectable()
export class AuditLogQuery {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private viewerOrganization(actor: AuthenticatedUser): string | null {
    if (!actor.permissions.has('AuditLog.Read')) throw ApiError.forbidden();
    // Platform admins (AuditLog.Read in every organisation) see everything.
    return actor.organizationAdmin ? null : actor.organizationId;
  }

  private async rows(viewer: string | null, filters: AuditFilters, limit: number): Promise<Row[]> {
    const params: unknown[] = [];
    const where = new Conditions(params);
    if (filters.from) where.add(`l.created_at >= (${where.push(filters.from)}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')`);
    if (filters.until) where.add(`l.created_at < ((${where.push(filters.until)}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam')`);
    if (filters.kind) where.add(`l.kind = ${where.push(filters.kind)}`);
    if (filters.dataset) where.add(`l.dataset_id = ${where.push(filters.dataset)}`);
    if (filters.person) {
      // Only the viewer's own people are findable by address: else a guessed address would confirm who of another organisation read (issue 32).
      where.add(`l.actor_email = ${where.push(filters.person)}`);
      if (viewer !== null) where.add(`l.actor_organization_id = ${where.push(viewer)}`);
    }
    if (filters.organization) {
      const organization = where.push(filters.organization);
      where.add(`(l.organization_id = ${organization} OR l.other_organization_id = ${organization} OR l.actor_organization_id = ${organization})`);
    }
    if (filters.cursor) {
      const at = where.push(filters.cursor.at);
      const id = where.push(filters.cursor.id);
      where.add(`(l.created_at, l.id) < (${at}::timestamptz, ${id}::bigint)`);
    }
    const limitParam = where.push(limit);
    let inner: string;
    if (viewer === null) {
      inner = `SELECT l.* FROM audit_log l WHERE true${where.sql()} ${ORDER} LIMIT ${limitParam}`;
    } else {
      const own = where.push(viewer);
      // Two index scans, each ordered and cut, merged: an OR would sort every row of the organisation.
      inner = `(SELECT l.* FROM audit_log l WHERE l.organization_id = ${own}${where.sql()} ${ORDER} LIMIT ${limitParam})
        UNION ALL
        (SELECT l.* FROM audit_log l WHERE l.other_organization_id = ${own} AND l.organization_id IS DISTINCT FROM ${own}${where.sql()} ${ORDER} LIMIT ${limitParam})`;
    }
    return this.dataSource.query(
      `SELECT l.id, ${AT} AS at, l.kind, l.organization_id, o.name AS organization_name,
              l.other_organization_id, coalesce(other.name, l.other_organization_name) AS other_organization_name,
              l.dataset_id, coalesce(d.name, l.dataset_name) AS dataset_name,
              l.actor_email, l.actor_token_id, t.name AS actor_token_name, l.actor_organization_id, ao.name AS actor_organization_name,
              l.client_address, l.before, l.after, l.rows_answered, l.bytes::text AS bytes, l.outcome
       FROM (${inner}) l
       LEFT JOIN organizations o ON o.id = l.organization_id
       LEFT JOIN organizations other ON other.id = l.other_organization_id
       LEFT JOIN organizations ao ON ao.id = l.actor_organization_id
       LEFT JOIN datasets d ON d.id = l.dataset_id
       LEFT JOIN api_tokens t ON t.id = l.actor_token_id
       ${ORDER} LIMIT ${limitParam}`,
      params,
    );
  }

  /** One page, newest first; `next_cursor` continues after its last row (null on the last page). */
  async page(actor: AuthenticatedUser, filters: AuditFilters): Promise<AuditPageView> {
    const viewer = this.viewerOrganization(actor);
    const rows = await this.rows(viewer, filters, AUDIT_PAGE_SIZE + 1);
    const shown = rows.slice(0, AUDIT_PAGE_SIZE);
    const last = shown[shown.length - 1];
    return {
      entries: shown.map((row) => toView(row, viewer)),
      next_cursor: rows.length > AUDIT_PAGE_SIZE && last ? encodeCursor(last.at, last.id) : null,
    };
  }

  /** The filtered log as CSV for Dutch Excel: semicolons, a BOM, formulas neutralised; at most AUDIT_CSV_MAX_ROWS rows, read page by page. */
  csv(actor: AuthenticatedUser, filters: AuditFilters): Readable {
    const viewer = this.viewerOrganization(actor);
    const read = (cursor: AuditFilters['cursor'], limit: number) => this.rows(viewer, { ...filters, cursor }, limit);
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

  /** 'Gebruik door anderen': reads of one dataset in the last 30 days per reading organisation (the owner organisation only). */
  async useByOthers(actor: AuthenticatedUser, datasetId: string): Promise<DatasetUseByOthersView[]> {
    const [dataset]: { owner_id: string }[] = await this.dataSource.query(
      'SELECT ds.organization_id AS owner_id FROM datasets d JOIN datasources ds ON ds.id = d.datasource_id WHERE d.id = $1',
      [datasetId],
    );
    if (!dataset) throw ApiError.notFound();
    if (!hasPermissionIn(actor, 'AuditLog.Read', dataset.owner_id)) throw ApiError.forbidden();
    const rows: { organization_id: string; organization_name: string | null; reads: number; last_read_at: Date }[] = await this.dataSource.query(
      `SELECT l.other_organization_id AS organization_id, coalesce(o.name, max(l.other_organization_name)) AS organization_name,
              count(*)::int AS reads, max(l.created_at) AS last_read_at
       FROM audit_log l LEFT JOIN organizations o ON o.id = l.other_organization_id
       WHERE l.dataset_id = $1 AND l.kind LIKE 'read.%' AND l.outcome = 200 AND l.created_at >= now() - interval '30 days'
         AND l.other_organization_id IS DISTINCT FROM $2
       GROUP BY l.other_organization_id, o.name
       ORDER BY count(*) DESC, organization_name`,
      [datasetId, dataset.owner_id],
    );
    return rows.map((row) => ({ ...row, last_read_at: new Date(row.last_read_at).toISOString() }));
  }
}

/** Another organisation's people and addresses are not shown to the viewer: only which organisation it was. */
function toView(row: Row, viewer: string | null): AuditEntryView {
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
