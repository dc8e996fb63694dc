import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { amsterdamToday, ERROR_TEXTS, SPARQL_ERROR_TEXTS, SPARQL_PROTOCOL_TEXTS, WORKBENCH_LABELS } from '@datahub/domain';
import { apiFetchRaw, apiGet } from '../core/api.server';
import { readForm, readSignedInAction } from '../core/action.server';
import { csrfRefusalResponse } from '../core/csrf.server';
import { requireCurrentUser } from '../account/auth.server';
import { textField } from '../core/forms';
import { sparqlDownloadName, type SparqlJsonResults } from '../authorisations/authorisations';
import type { SparqlReply } from '../datasets/dataset-data.server';
import { workbenchTable } from '../datasets/sparql-table';
import { excelCsvStream } from '../datasets/excel-csv';
import { FEDERATION_LABELS } from './federation-labels';
import { exampleQuery } from './workbench';

export interface ReadableDataset {
  id: string;
  slug: string;
  name: string;
  iri: string;
  scopes: string[];
}

export interface WorkbenchReply extends SparqlReply {
  chosen: string[];
}

const ACCEPT_JSON = 'application/sparql-results+json, application/ld+json;q=0.9';
const SYNTAX_PREFIX = SPARQL_PROTOCOL_TEXTS.syntax('');

export async function workbenchLoader({ request }: LoaderFunctionArgs) {
  // One call to nest-api, which checks the session itself.
  const datasets: ReadableDataset[] = await apiGet(request, '/api/sparql/datasets');
  return { datasets, endpoint: `${new URL(request.url).origin}/api/sparql` };
}

/** 'Voorbeeldquery maken' fills the field; 'Opvragen' runs the query at /api/sparql (also without JavaScript). */
export async function workbenchAction({ request, context }: ActionFunctionArgs) {
  const { formData, refused } = await readSignedInAction({ request, context });
  if (refused) return refused;
  const chosen = formData.getAll('dataset').map(String);
  if (textField(formData, 'intent') === 'voorbeeld') {
    if (chosen.length === 0) return data<WorkbenchReply>({ chosen, query: textField(formData, 'sparql_query'), formError: FEDERATION_LABELS.pickOne }, { status: 400 });
    return data<WorkbenchReply>({ chosen, query: exampleQuery(chosen) });
  }
  const query = textField(formData, 'sparql_query');
  const page = Number.parseInt(textField(formData, 'pagina') || '1', 10);
  const started = performance.now();
  const response = await apiFetchRaw(request, '/api/sparql', ACCEPT_JSON, { body: new URLSearchParams({ query }).toString(), contentType: 'application/x-www-form-urlencoded' });
  const text = await response.text();
  const elapsedMs = Math.round(performance.now() - started);
  if (!response.ok) {
    const line = text.trim();
    const syntax = response.status === 400 && line.startsWith(SYNTAX_PREFIX);
    // The hub's one Dutch line says which dataset was refused, or where the query is malformed.
    const errorDetail = syntax ? line.slice(SYNTAX_PREFIX.length) : line;
    return data<WorkbenchReply>({ chosen, query, error: syntax ? SPARQL_ERROR_TEXTS.syntaxTitle : ERROR_TEXTS.sparql, ...(errorDetail ? { errorDetail } : {}) }, { status: response.status === 403 ? 403 : 400 });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return data<WorkbenchReply>({ chosen, query, error: ERROR_TEXTS.sparql }, { status: 502 });
  }
  const table = parsed && typeof parsed === 'object' && 'head' in parsed ? workbenchTable(parsed as SparqlJsonResults, query, page) : null;
  return data<WorkbenchReply>({ chosen, query, json: JSON.stringify(parsed, null, 2), table, elapsedMs, truncated: response.headers.get('x-datahub-truncated') === 'true' });
}

const FORMATS = { json: ACCEPT_JSON, excel: 'text/csv', csv: 'text/csv', tsv: 'text/tab-separated-values' } as const;
type Format = keyof typeof FORMATS;

/** From the hub-wide download endpoint; a refusal goes back to /sparql. */
export async function workbenchDownloadAction({ request, context }: ActionFunctionArgs) {
  await requireCurrentUser({ request, context });
  const formData = await readForm(request);
  const refused = csrfRefusalResponse(request, formData);
  if (refused) return refused;
  const chosen = textField(formData, 'formaat');
  const format: Format = Object.hasOwn(FORMATS, chosen) ? (chosen as Format) : 'json';
  const response = await apiFetchRaw(request, '/api/sparql/download', FORMATS[format], { body: textField(formData, 'sparql_query'), contentType: 'application/sparql-query' });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw redirect('/sparql?download=fout#resultaat');
  }
  const name = format === 'json' ? sparqlDownloadName('datasets') : WORKBENCH_LABELS.downloadName('datasets', amsterdamToday(), format);
  return new Response(format === 'excel' ? response.body.pipeThrough(excelCsvStream()) : response.body, {
    headers: {
      'Content-Type': format === 'excel' ? 'text/csv; charset=utf-8' : (response.headers.get('content-type') ?? 'application/octet-stream'),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
}
