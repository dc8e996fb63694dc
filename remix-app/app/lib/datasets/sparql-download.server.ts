import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { amsterdamToday, WORKBENCH_LABELS } from '@datahub/domain';
import { apiFetchRaw, apiRequest } from '../core/api.server';
import { readForm } from '../core/action.server';
import { csrfRefusalResponse } from '../core/csrf.server';
import { requireCurrentUser } from '../account/auth.server';
import { textField } from '../core/forms';
import { sparqlDownloadName } from '../authorisations/authorisations';
import { excelCsvStream } from './excel-csv';

const FORMATS = {
  json: 'application/sparql-results+json, application/ld+json;q=0.9',
  excel: 'text/csv',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
} as const;

type Format = keyof typeof FORMATS;

function isFormat(value: string): value is Format {
  return Object.hasOwn(FORMATS, value);
}

/** Streamed from the hub's download endpoint, not cut at the page's display limit; a refusal goes back to the dataset page. */
export async function sparqlDownloadAction({ request, context, params }: ActionFunctionArgs) {
  await requireCurrentUser({ request, context });
  const formData = await readForm(request);
  const refused = csrfRefusalResponse(request, formData);
  if (refused) return refused;
  const slug = params.slug ?? '';
  const back = `/dataset/${encodeURIComponent(slug)}?download=fout#resultaat`;
  const chosen = textField(formData, 'formaat');
  const format: Format = isFormat(chosen) ? chosen : 'json';
  const dataset = await apiRequest(request, 'get', '/api/datasets/{slug}', { params: { path: { slug } } }, { refusals: 'return' });
  if (!dataset.ok) throw redirect(back);
  const response = await apiFetchRaw(request, `/api/datasets/${dataset.data.dataset_id}/sparql/download`, FORMATS[format], {
    body: textField(formData, 'sparql_query'),
    contentType: 'application/sparql-query',
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw redirect(back);
  }
  // JSON keeps the spec's name; the tables are named in Dutch with the day (Amsterdam) they were made.
  const name = format === 'json' ? sparqlDownloadName(dataset.data.slug) : WORKBENCH_LABELS.downloadName(dataset.data.slug, amsterdamToday(), format);
  return new Response(format === 'excel' ? response.body.pipeThrough(excelCsvStream()) : response.body, {
    headers: {
      'Content-Type': format === 'excel' ? 'text/csv; charset=utf-8' : (response.headers.get('content-type') ?? 'application/octet-stream'),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
}
