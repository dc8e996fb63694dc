import type { AuditKind } from '@datahub/domain';
import { apiFetchRaw } from '../core/api.server';
import { pageGet, type LoaderArgs } from '../core/page-read.server';
import { filterQuery, filtersOf } from './audit-log';

export async function loadAuditPage(args: LoaderArgs) {
  const { request } = args;
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const cursor = url.searchParams.get('cursor');
  // An unknown kind is sent as it came: nest-api answers it with its Dutch field error.
  const { audit, errors, datasets, organizations } = await pageGet(args, '/api/pages/logbook', {
    params: { query: { ...filters, kind: filters.kind as AuditKind | undefined, ...(cursor ? { cursor } : {}) } },
  });
  return {
    filters,
    cursor,
    page: audit ?? { entries: [], next_cursor: null },
    errors: errors ?? {},
    datasets: datasets.map((dataset) => ({ id: dataset.dataset_id, name: dataset.name })),
    organizations: organizations.map((organization) => ({ id: organization.organization_id, name: organization.name })),
  };
}

export async function auditCsv(request: Request): Promise<Response> {
  const query = filterQuery(filtersOf(new URL(request.url)));
  const answer = await apiFetchRaw(request, `/api/audit-log/csv${query}`, 'text/csv');
  if (!answer.ok) throw new Response(null, { status: answer.status });
  return new Response(answer.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="logboek.csv"',
      'Cache-Control': 'private, no-store',
    },
  });
}
