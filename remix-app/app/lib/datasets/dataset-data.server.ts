import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ERROR_TEXTS, SPARQL_ERROR_TEXTS, SPARQL_PROTOCOL_TEXTS, UUID_PATTERN } from '@datahub/domain';
import { apiFetchRaw, apiRequest } from '../core/api.server';
import { requireCurrentUser } from '../account/auth.server';
import type { SparqlJsonResults } from '../authorisations/authorisations';
import { workbenchTable, type WorkbenchTable } from './sparql-table';
import { textField } from '../core/forms';
import { readCheckedForm } from '../core/action.server';
import { datasetBySlug, datasetPageAhead } from './datasets.server';
import { DATASET_ID_FIELD } from './sparql-form';

export interface SparqlReply {
  query: string;
  /** Pretty-printed: SPARQL JSON results for SELECT/ASK, JSON-LD for graphs. */
  json?: string;
  table?: WorkbenchTable | null;
  truncated?: boolean;
  elapsedMs?: number;
  error?: string;
  errorDetail?: string;
  formError?: string;
}

const ACCEPT_JSON = 'application/sparql-results+json, application/ld+json;q=0.9';

const SYNTAX_PREFIX = SPARQL_PROTOCOL_TEXTS.syntax('');

const LIMIT_STATUSES = new Set([413, 429, 503, 504]);

/** A malformed query's refusal says where, a limit's which; any other refusal is the spec's text alone. */
function refusalOf(status: number, body: string): { text?: string; syntax: boolean } {
  const text = body.trim();
  if (status === 400 && text.startsWith(SYNTAX_PREFIX)) return { text: text.slice(SYNTAX_PREFIX.length), syntax: true };
  return { ...(text && LIMIT_STATUSES.has(status) ? { text } : {}), syntax: false };
}

interface SentQuery {
  datasetId: string;
  response: Response;
  text: string;
  elapsedMs: number;
}

/** In the body of the Protocol's POST form, never in a URL: no header limit to raise for a long query. */
async function sendQuery(request: Request, datasetId: string, query: string): Promise<SentQuery> {
  const started = performance.now();
  const response = await apiFetchRaw(request, `/api/datasets/${datasetId}/sparql`, ACCEPT_JSON, {
    body: new URLSearchParams({ query }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const text = await response.text();
  return { datasetId, response, text, elapsedMs: Math.round(performance.now() - started) };
}

export async function sparqlAction({ request, context, params }: ActionFunctionArgs) {
  // Without JavaScript the whole page is asked first, with the shell: the sign-in check and the loaders after the action reuse it.
  const slug = params.slug ?? '';
  const lookup = context.documentRequest
    ? datasetPageAhead({ request, context }, slug).then((page) => (page.ok ? { ...page, data: page.data.dataset } : page))
    : datasetBySlug({ request, context }, slug);
  // The form is read beside the page read; a form that names its dataset sends its query beside it too (once its anti-forgery field checks).
  const form = readCheckedForm(request);
  const ahead = form.then(({ formData, refused }) => {
    const datasetId = textField(formData, DATASET_ID_FIELD);
    return refused || !UUID_PATTERN.test(datasetId) ? null : sendQuery(request, datasetId, textField(formData, 'sparql_query'));
  });
  // Asked ahead and perhaps never awaited (a refused post): never an unhandled rejection.
  for (const pending of [lookup, form, ahead]) pending.catch(() => undefined);
  // A form posted after the session ended is kept (ADR 0028): this check comes before any form error.
  await requireCurrentUser({ request, context });
  const { formData, refused } = await form;
  if (refused) return refused;
  const query = textField(formData, 'sparql_query');
  const page = Number.parseInt(textField(formData, 'pagina') || '1', 10);
  const dataset = await lookup;
  if (!dataset.ok && (dataset.status === 403 || dataset.status === 404)) throw new Response(null, { status: dataset.status });
  if (!dataset.ok) return data<SparqlReply>({ query, error: ERROR_TEXTS.sparql }, { status: dataset.status });
  // A form naming another dataset than its page's (an old page, a crafted form): its answer is dropped, the page's own is asked.
  const sent = await ahead;
  const { response, text, elapsedMs } = sent?.datasetId === dataset.data.dataset_id ? sent : await sendQuery(request, dataset.data.dataset_id, query);
  if (!response.ok) {
    const { text: errorDetail, syntax } = refusalOf(response.status, text);
    // A query with a syntax error is the asker's to fix: the spec's text ('check of de dataset online is') would mislead.
    const error = syntax ? SPARQL_ERROR_TEXTS.syntaxTitle : ERROR_TEXTS.sparql;
    return data<SparqlReply>({ query, error, ...(errorDetail ? { errorDetail } : {}) }, { status: response.status === 403 ? 403 : 400 });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return data<SparqlReply>({ query, error: ERROR_TEXTS.sparql }, { status: 502 });
  }
  const table = parsed && typeof parsed === 'object' && 'head' in parsed ? workbenchTable(parsed as SparqlJsonResults, query, page) : null;
  return data<SparqlReply>({
    query,
    json: JSON.stringify(parsed, null, 2),
    table,
    elapsedMs,
    truncated: response.headers.get('x-datahub-truncated') === 'true',
  });
}

export async function xmlDownloadLoader({ request, context, params }: LoaderFunctionArgs) {
  await requireCurrentUser({ request, context });
  const slug = params.slug ?? '';
  const back = `/dataset/${encodeURIComponent(slug)}?xml=fout`;
  const dataset = await apiRequest(request, 'get', '/api/datasets/{slug}', { params: { path: { slug } } }, { refusals: 'return' });
  if (!dataset.ok) throw redirect(back);
  const response = await apiFetchRaw(request, `/api/datasets/${dataset.data.dataset_id}/xml`, 'application/rdf+xml');
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw redirect(back);
  }
  return new Response(response.body, {
    headers: {
      'Content-Type': 'application/rdf+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${dataset.data.slug}.xml"`,
      'Cache-Control': 'no-store',
    },
  });
}
