import type { components } from '@datahub/api-client';
import { AUDIT_LABELS as L, describeAuditDifference } from '@datahub/domain';

export type AuditEntry = components['schemas']['AuditEntryView'];

export const AUDIT_FILTER_NAMES = ['from', 'until', 'kind', 'dataset', 'organization', 'person'] as const;
export type AuditFilterValues = Partial<Record<(typeof AUDIT_FILTER_NAMES)[number], string>>;

export function filtersOf(url: URL): AuditFilterValues {
  const values: AuditFilterValues = {};
  for (const name of AUDIT_FILTER_NAMES) {
    const value = url.searchParams.get(name)?.trim();
    if (value) values[name] = value.slice(0, 320);
  }
  return values;
}

export function filterQuery(filters: AuditFilterValues, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) if (filters[name]) params.set(name, filters[name]!);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function actorOf(entry: AuditEntry): string {
  return entry.actor_email ?? entry.actor_token_name ?? entry.actor_organization_name ?? '–';
}

/** Never 'X → X'; for a read how it went and how many rows it gave. */
export function detailsOf(entry: AuditEntry): string {
  if (entry.kind.startsWith('read.')) {
    const outcome = L.outcomeText(entry.outcome);
    return entry.rows_answered === null ? outcome : `${outcome}, ${L.rowsText(entry.rows_answered)}`;
  }
  return describeAuditDifference(entry.kind, entry.before as Record<string, unknown> | null, entry.after as Record<string, unknown> | null);
}
