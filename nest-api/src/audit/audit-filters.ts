import { AUDIT_FILTER_ERRORS, FIELD_ERRORS, isAuditKind, isIsoDate, isUuid, type AuditKind } from '@datahub/domain';
import { ApiError } from '../common/errors';

export interface AuditFilterQuery {
  from?: string;
  until?: string;
  kind?: string;
  dataset?: string;
  organization?: string;
  person?: string;
  cursor?: string;
}

/** The cursor is the (created_at, id) of the previous page's last row. */
export interface AuditFilters {
  from: string | null;
  until: string | null;
  kind: AuditKind | null;
  dataset: string | null;
  organization: string | null;
  person: string | null;
  cursor: { at: string; id: string } | null;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~(\d{1,19})$/;

export function encodeCursor(at: string, id: string): string {
  return `${at}~${id}`;
}

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());

export function parseAuditFilters(query: AuditFilterQuery): AuditFilters {
  const errors: Record<string, string> = {};
  // A parameter given twice arrives as a list: refused like any value that cannot be read.
  for (const [name, value] of Object.entries(query) as [string, unknown][])
    if (value !== undefined && typeof value !== 'string') errors[name] = FIELD_ERRORS.invalid;
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  const from = blank(query.from);
  const until = blank(query.until);
  const kind = blank(query.kind);
  const dataset = blank(query.dataset);
  const organization = blank(query.organization);
  const cursor = blank(query.cursor);
  if (from !== null && !isIsoDate(from)) errors.from = AUDIT_FILTER_ERRORS.date;
  if (until !== null && !isIsoDate(until)) errors.until = AUDIT_FILTER_ERRORS.date;
  if (kind !== null && !isAuditKind(kind)) errors.kind = AUDIT_FILTER_ERRORS.kind;
  const match = cursor === null ? null : CURSOR.exec(cursor);
  if (cursor !== null && !match) errors.cursor = AUDIT_FILTER_ERRORS.cursor;
  if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
  return {
    from,
    until,
    kind: kind as AuditKind | null,
    // An id that cannot exist matches nothing rather than failing.
    dataset: dataset === null ? null : isUuid(dataset) ? dataset : '00000000-0000-0000-0000-000000000000',
    organization: organization === null ? null : isUuid(organization) ? organization : '00000000-0000-0000-0000-000000000000',
    person: blank(query.person)?.toLowerCase().slice(0, 320) ?? null,
    cursor: match ? { at: match[1], id: match[2] } : null,
  };
}
