/** Dataset.ReadAll queries the dataset's Store; a category selection queries a view of the permitted subjects, built once and kept (LRU). */
import { parentPort, workerData } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type * as Ox from 'oxigraph';
import { CATEGORY_PREDICATE } from '@datahub/domain';
import { collectGarbage } from './collect-garbage';
import { countBindings } from './count-bindings';
import { selectionKey, type CategorySelection } from './scopes';
import type { GraphFormat, LoadInfo, ResultsFormat, QueryOutput, WorkerEvent, WorkerRequest, WorkerResponse } from './worker-protocol';
import type { SparqlErrorReason } from './errors';
import { loadOxigraph, wasmBytes } from './wasm-memory';

const oxigraph = loadOxigraph();

export const MAX_VIEWS = 2;
const viewsPerDataset = Math.max(1, Number((workerData as { viewsPerDataset?: number } | null)?.viewsPerDataset ?? MAX_VIEWS));
/** Input handed to oxigraph in pieces: its parser streams, so WebAssembly memory holds one piece, not the whole text. */
const LOAD_CHUNK_BYTES = 1024 * 1024;

const MEDIA_TYPES: Record<GraphFormat, string> = {
  turtle: 'text/turtle',
  ntriples: 'application/n-triples',
  rdfxml: 'application/rdf+xml',
  jsonld: 'application/ld+json',
};

const RESULTS_MEDIA_TYPES: Record<ResultsFormat, string> = {
  json: 'application/sparql-results+json',
  xml: 'application/sparql-results+xml',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};

interface View {
  store: Ox.Store;
  /** Counted when built: a Store's size is a pass over all its triples. */
  triples: number;
}

interface LoadedDataset {
  store: Ox.Store;
  views: LRUCache<string, View>;
}

const datasets = new Map<string, LoadedDataset>();


class WorkerFailure extends Error {
  constructor(
    readonly reason: SparqlErrorReason,
    message: string,
  ) {
    super(message);
  }
}

function chunks(data: string | Uint8Array): Uint8Array[] {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const pieces: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += LOAD_CHUNK_BYTES) pieces.push(bytes.subarray(offset, offset + LOAD_CHUNK_BYTES));
  return pieces;
}

function countCategories(store: Ox.Store): Pick<LoadInfo, 'categories' | 'uncategorisedTriples'> {
  const rows = store.query(
    `SELECT ?c (COUNT(*) AS ?n) WHERE { ?s ?p ?o OPTIONAL { ?s <${CATEGORY_PREDICATE}> ?c FILTER(isLiteral(?c)) } } GROUP BY ?c`,
  ) as Map<string, Ox.Term>[];
  const categories: Record<string, number> = {};
  let uncategorisedTriples = 0;
  for (const row of rows) {
    const count = Number(row.get('n')?.value ?? 0);
    const category = row.get('c');
    if (category) categories[category.value] = (categories[category.value] ?? 0) + count;
    else uncategorisedTriples += count;
  }
  return { categories, uncategorisedTriples };
}

function load(request: Extract<WorkerRequest, { type: 'load' }>): LoadInfo {
  const started = performance.now();
  const store = new oxigraph.Store();
  const format = request.format === 'ntriples' ? 'application/n-triples' : request.format === 'nquads' ? 'application/n-quads' : 'text/turtle';
  try {
    store.load(chunks(request.data), { format, ...(request.baseIri ? { base_iri: request.baseIri } : {}) });
  } catch (error) {
    throw new WorkerFailure('invalid_data', `invalid ${request.format === 'ntriples' ? 'N-Triples' : request.format === 'nquads' ? 'N-Quads' : 'Turtle'}: ${error instanceof Error ? error.message : String(error)}`);
  }
  datasets.set(request.key, { store, views: new LRUCache<string, View>({ max: viewsPerDataset }) });
  // The input is in the store now: its bytes go before the answer, so memory is the data's own when the caller looks.
  (request as { data: unknown }).data = undefined;
  collectGarbage();
  const counts = request.countCategories === false ? { categories: {}, uncategorisedTriples: 0 } : countCategories(store);
  return { triples: store.size, ...counts, loadMs: Math.round(performance.now() - started) };
}

function dataset(key: string): LoadedDataset {
  const found = datasets.get(key);
  if (!found) throw new WorkerFailure('unknown_dataset', `dataset ${key} is not loaded`);
  return found;
}

function storeFor(loaded: LoadedDataset, selection: CategorySelection): Ox.Store {
  if (selection.all) return loaded.store;
  const key = selectionKey(selection);
  let view = loaded.views.get(key);
  if (!view) {
    view = { store: new oxigraph.Store(), triples: 0 };
    if (selection.categories.length > 0) {
      // The triples of every subject with one of the categories (variables bound to blank nodes keep their identity).
      const permitted = selection.categories.map((category) => JSON.stringify(category)).join(', ');
      const ntriples = loaded.store.query(
        `CONSTRUCT { ?s ?p ?o } WHERE { { SELECT DISTINCT ?s WHERE { ?s <${CATEGORY_PREDICATE}> ?c FILTER(isLiteral(?c) && STR(?c) IN (${permitted})) } } ?s ?p ?o }`,
        { results_format: 'application/n-triples' },
      ) as string;
      view.store.load(chunks(ntriples), { format: 'application/n-triples' });
      for (let index = ntriples.indexOf('\n'); index !== -1; index = ntriples.indexOf('\n', index + 1)) view.triples += 1;
    }
    loaded.views.set(key, view);
  }
  return view.store;
}

function viewsOf(loaded: LoadedDataset): [string, number][] {
  return [...(loaded.views.rentries() as Iterable<[string, View]>)].map(([key, view]) => [key, view.triples]);
}

function convertGraph(ntriples: string, format: GraphFormat): string {
  if (format === 'ntriples') return ntriples;
  const store = new oxigraph.Store();
  store.load(ntriples, { format: 'application/n-triples' });
  return store.dump({ format: MEDIA_TYPES[format], from_graph_name: oxigraph.defaultGraph() });
}

type QueryAnswer = Omit<QueryOutput, 'bytes'>;

function answerQuery(request: Extract<WorkerRequest, { type: 'query' }>, store: Ox.Store, views: [string, number][]): QueryAnswer {
  if (request.form === 'ASK') {
    // CSV and TSV have no boolean form: ASK answers JSON or XML.
    const format = request.resultsFormat === 'xml' ? 'xml' : 'json';
    return { body: store.query(request.query, { results_format: RESULTS_MEDIA_TYPES[format] }) as string, truncated: false, count: 1, views };
  }
  if (request.form === 'SELECT') {
    const body = store.query(request.query, { results_format: RESULTS_MEDIA_TYPES.json }) as string;
    const rows = countBindings(body);
    const truncated = rows > request.maxRows;
    const count = truncated ? request.maxRows : rows;
    if (request.resultsFormat !== 'json') {
      const text = store.query(truncated ? request.exactQuery : request.query, { results_format: RESULTS_MEDIA_TYPES[request.resultsFormat] }) as string;
      return { body: text, truncated, count, views };
    }
    if (!truncated) return { body, truncated: false, count: rows, views };
    const parsed = JSON.parse(body) as { head: unknown; results: { bindings: unknown[] } };
    parsed.results.bindings = parsed.results.bindings.slice(0, request.maxRows);
    return { body: JSON.stringify(parsed), truncated: true, count, views };
  }
  let ntriples = store.query(request.query, { results_format: 'application/n-triples' }) as string;
  let count = 0;
  let truncated = false;
  for (let index = ntriples.indexOf('\n'); index !== -1; index = ntriples.indexOf('\n', index + 1)) {
    count += 1;
    if (count === request.maxTriples && index + 1 < ntriples.length) {
      ntriples = ntriples.slice(0, index + 1);
      truncated = true;
      break;
    }
  }
  return { body: convertGraph(ntriples, request.graphFormat), truncated, count, views };
}

const encoder = new TextEncoder();

function runQuery(request: Extract<WorkerRequest, { type: 'query' }>): QueryOutput {
  const loaded = dataset(request.key);
  const { body, ...rest } = answerQuery(request, storeFor(loaded, request.selection), viewsOf(loaded));
  // A character is at least one byte: a text longer than the cap is refused before it is encoded.
  const bytes = body.length > request.maxAnswerBytes ? undefined : encoder.encode(body);
  if (!bytes || bytes.byteLength > request.maxAnswerBytes) {
    throw new WorkerFailure('answer_too_large', `the answer is larger than ${request.maxAnswerBytes} bytes`);
  }
  return { ...rest, body: '', bytes };
}

/** So that nobody holds the whole document twice. */
const EXPORT_CHUNK_CHARS = 256 * 1024;

function runExport(request: Extract<WorkerRequest, { type: 'export' }>, send: (event: WorkerEvent) => void): QueryOutput {
  const loaded = dataset(request.key);
  const store = storeFor(loaded, request.selection);
  const body = store.dump({ format: MEDIA_TYPES[request.format], from_graph_name: oxigraph.defaultGraph() });
  if (!request.stream) return { body, truncated: false, count: -1, views: viewsOf(loaded) };
  for (let offset = 0; offset < body.length; offset += EXPORT_CHUNK_CHARS) {
    send({ type: 'chunk', id: request.id, chunk: body.slice(offset, offset + EXPORT_CHUNK_CHARS) });
  }
  return { body: '', truncated: false, count: -1, views: viewsOf(loaded) };
}

function handle(request: WorkerRequest, send: (event: WorkerEvent) => void): LoadInfo | QueryOutput | null {
  switch (request.type) {
    case 'load':
      return load(request);
    case 'unload':
      datasets.delete(request.key);
      return null;
    case 'view': {
      const loaded = dataset(request.key);
      storeFor(loaded, request.selection);
      return { body: '', truncated: false, count: 0, views: viewsOf(loaded) };
    }
    case 'query':
      return runQuery(request);
    case 'export':
      return runExport(request, send);
  }
}

const port = parentPort;
if (!port) throw new Error('worker.js must run in a worker thread');

port.on('message', (request: WorkerRequest) => {
  let response: WorkerResponse;
  if (request.type === 'unload' || request.type === 'view') {
    // After the answer, so that nobody waits for the collection.
    setImmediate(() => collectGarbage());
  }
  try {
    const result = handle(request, (event) => port.postMessage(event));
    const bytes = result && 'bytes' in result ? result.bytes : undefined;
    if (bytes) {
      port.postMessage({ id: request.id, ok: true, result, wasmBytes: wasmBytes() } satisfies WorkerResponse, [bytes.buffer as ArrayBuffer]);
      return;
    }
    response = { id: request.id, ok: true, result, wasmBytes: wasmBytes() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A trap or failed allocation inside the WebAssembly module leaves it unusable: replace the worker.
    const fatal = error instanceof RangeError || (error instanceof Error && error.name === 'RuntimeError');
    const reason: SparqlErrorReason =
      error instanceof WorkerFailure
        ? error.reason
        : fatal
          ? 'worker_crashed'
          : request.type === 'load'
            ? 'invalid_data'
            : 'query_failed';
    response = { id: request.id, ok: false, error: { reason, message }, fatal, wasmBytes: wasmBytes() };
  }
  port.postMessage(response);
});

port.postMessage({ type: 'ready', wasmBytes: wasmBytes() } satisfies WorkerEvent);
