import type { AuditKind } from '@datahub/domain';
import { apiFetchRaw, apiGet, apiRequest } from '../core/api.server';
import { filterQuery, filtersOf } from './audit-log';

/** The API's Dutch field errors come back for the form. */
export async function loadAuditPage(request: Request) {
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const cursor = url.searchParams.get('cursor');
  const [result, datasets, organizations] = await Promise.all([
    // An unknown kind is sent as it came: nest-api answers it with its Dutch field error.
    apiRequest(request, 'get', '/api/audit-log', { params: { query: { ...filters, kind: filters.kind as AuditKind | undefined, ...(cursor ? { cursor } : {}) } } }),
    apiGet(request, '/api/my-datasets'),
    apiGet(request, '/api/authorisation-assignees'),
  ]);
  return {
    filters,
    cursor,
    page: result.ok ? result.data : { entries: [], next_cursor: null },
    errors: result.ok ? {} : (result.error.errors ?? {}),
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
