// A store's silent cut (Virtuoso's ResultSetMaxRows, `X-SPARQL-MaxRows` on SELECT only) is reported as truncation.
import { convertGraph, GRAPH_MEDIA_TYPES, RESULTS_MEDIA_TYPES, SparqlError, withRowLimit, type GraphFormat, type GuardedQuery, type ResultsFormat } from '@datahub/sparql';
import type { StoreClient } from './store-client';
import { readJsonResults, type RawBinding } from './json-results-reader';
import { ntriplesLines } from './ntriples-lines';
import { normaliseBinding, writeAsk, writeSelect } from './results-writers';

/** Never exists: the default graph when none is permitted (a store must never fall back to everything) and the only named graph. */
export const EMPTY_GRAPH = 'urn:datahub:no-graph';

export interface StoreQuery {
  client: StoreClient;
  guarded: GuardedQuery;
  graphs: readonly string[];
  formats: { results: ResultsFormat; graph: GraphFormat };
  maxRows: number;
  maxTriples: number;
  deadlineMs: number;
  storeCuts?: (rows: number) => Promise<boolean>;
}

export interface StoreAnswer {
  contentType: string;
  body: string;
  count: number;
  truncated: boolean;
  durationMs: number;
}

async function ask(query: StoreQuery, text: string, accept: string, signal: AbortSignal): Promise<Response> {
  try {
    return await query.client.query(text, query.graphs.length > 0 ? query.graphs : [EMPTY_GRAPH], EMPTY_GRAPH, accept, signal);
  } catch (error) {
    if (signal.aborted) throw new SparqlError('timeout', `the query did not finish within ${query.deadlineMs} ms`);
    throw new SparqlError('query_failed', error instanceof Error ? error.message : String(error));
  }
}

async function storeCut(response: Response, rows: number, query: StoreQuery): Promise<boolean> {
  if (response.headers.has('x-sparql-maxrows')) return true;
  return rows > 0 && query.storeCuts !== undefined && (await query.storeCuts(rows));
}

async function select(query: StoreQuery, signal: AbortSignal): Promise<Omit<StoreAnswer, 'durationMs'>> {
  const { guarded, formats, maxRows } = query;
  const response = await ask(query, withRowLimit(guarded, maxRows + 1), 'application/sparql-results+json', signal);
  let vars: string[] = [];
  const rows: RawBinding[] = [];
  const outcome = await readJsonResults(response.body!, {
    vars: (names) => (vars = names),
    row: (binding) => {
      rows.push(normaliseBinding(binding));
      return rows.length <= maxRows;
    },
  });
  if (outcome.stopped) await response.body?.cancel().catch(() => undefined);
  if (guarded.form === 'ASK') {
    // Virtuoso answers some ASKs as one row with one value (1 or 0) instead of a boolean.
    const first = rows[0] ? Object.values(rows[0])[0]?.value : undefined;
    const value = outcome.boolean ?? (first === '1' || first === 'true');
    const format = formats.results === 'xml' ? 'xml' : 'json';
    return { contentType: RESULTS_MEDIA_TYPES[format], body: writeAsk(format, value), count: 1, truncated: false };
  }
  const truncated = rows.length > maxRows || (await storeCut(response, rows.length, query));
  if (rows.length > maxRows) rows.length = maxRows;
  return { contentType: RESULTS_MEDIA_TYPES[formats.results], body: writeSelect(formats.results, vars, rows), count: rows.length, truncated };
}

async function graph(query: StoreQuery, signal: AbortSignal): Promise<Omit<StoreAnswer, 'durationMs'>> {
  const response = await ask(query, query.guarded.text, 'application/n-triples', signal);
  const lines: string[] = [];
  let truncated = false;
  for await (const line of ntriplesLines(response.body!)) {
    if (lines.length >= query.maxTriples) {
      truncated = true;
      await response.body?.cancel().catch(() => undefined);
      break;
    }
    lines.push(line);
  }
  truncated ||= await storeCut(response, lines.length, query);
  const ntriples = lines.join('');
  const format = query.formats.graph;
  const body = format === 'turtle' || format === 'ntriples' ? ntriples : convertGraph(ntriples, format);
  return { contentType: GRAPH_MEDIA_TYPES[format], body, count: lines.length, truncated };
}

export async function answerFromStore(query: StoreQuery): Promise<StoreAnswer> {
  const started = Date.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), query.deadlineMs);
  try {
    const isGraph = query.guarded.form === 'CONSTRUCT' || query.guarded.form === 'DESCRIBE';
    const answer = await (isGraph ? graph(query, controller.signal) : select(query, controller.signal));
    return { ...answer, durationMs: Date.now() - started };
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof SparqlError)) throw new SparqlError('timeout', `the query did not finish within ${query.deadlineMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
