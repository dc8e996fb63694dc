/**
 * The oxigraph worker: one Store per loaded dataset, its triples kept in one named graph per
 * set of subject categories, so that any scope set is answered by choosing the query's default
 * graph (the union of the permitted graphs) without reloading. Named graphs are hidden from
 * queries. Runs inside a worker_threads Worker started by SparqlEngine.
 */
import { parentPort } from 'node:worker_threads';
import * as oxigraph from 'oxigraph';
import { CATEGORY_PREDICATE } from '@datahub/domain';
import type { CategorySelection } from './scopes';
import type { GraphFormat, LoadInfo, ResultsFormat, QueryOutput, WorkerEvent, WorkerRequest, WorkerResponse } from './worker-protocol';
import type { SparqlErrorReason } from './errors';

const STAGING_GRAPH = 'urn:datahub:staging';
const GRAPH_PREFIX = 'urn:datahub:categories:';
const EMPTY_GRAPH = oxigraph.namedNode('urn:datahub:empty');

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

interface CategoryGraph {
  node: oxigraph.NamedNode;
  categories: string[];
  triples: number;
}

interface LoadedDataset {
  store: oxigraph.Store;
  graphs: CategoryGraph[];
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

/**
 * Moves every staged triple into the graph named for its subject's category set
 * (`urn:datahub:categories:` + the percent-encoded literals joined by commas; '' = none).
 * Each triple lands in exactly one graph, so unions of graphs never hold duplicates.
 */
const CATEGORISE = `
INSERT { GRAPH ?g { ?s ?p ?o } }
WHERE {
  GRAPH <${STAGING_GRAPH}> { ?s ?p ?o }
  OPTIONAL {
    SELECT ?s (GROUP_CONCAT(DISTINCT ENCODE_FOR_URI(STR(?c)); separator=",") AS ?key)
    WHERE { GRAPH <${STAGING_GRAPH}> { ?s <${CATEGORY_PREDICATE}> ?c FILTER(isLiteral(?c)) } }
    GROUP BY ?s
  }
  BIND(IRI(CONCAT("${GRAPH_PREFIX}", COALESCE(?key, ""))) AS ?g)
}`;

function decodeCategories(graphName: string): string[] {
  const key = graphName.slice(GRAPH_PREFIX.length);
  if (key === '') return [];
  return [...new Set(key.split(',').map((part) => decodeURIComponent(part)))];
}

function load(request: Extract<WorkerRequest, { type: 'load' }>): LoadInfo {
  const started = performance.now();
  const store = new oxigraph.Store();
  try {
    store.load(request.turtle, {
      format: 'text/turtle',
      to_graph_name: oxigraph.namedNode(STAGING_GRAPH),
      ...(request.baseIri ? { base_iri: request.baseIri } : {}),
    });
  } catch (error) {
    throw new WorkerFailure('invalid_data', `invalid Turtle: ${error instanceof Error ? error.message : String(error)}`);
  }
  store.update(CATEGORISE);
  store.update(`DROP SILENT GRAPH <${STAGING_GRAPH}>`);
  const rows = store.query('SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g') as Map<string, oxigraph.Term>[];
  const graphs: CategoryGraph[] = rows.map((row) => {
    const node = row.get('g') as oxigraph.NamedNode;
    return { node, categories: decodeCategories(node.value), triples: Number(row.get('n')?.value ?? 0) };
  });
  const categories: Record<string, number> = {};
  let triples = 0;
  let uncategorisedTriples = 0;
  for (const graph of graphs) {
    triples += graph.triples;
    if (graph.categories.length === 0) uncategorisedTriples += graph.triples;
    for (const category of graph.categories) categories[category] = (categories[category] ?? 0) + graph.triples;
  }
  datasets.set(request.key, { store, graphs });
  return { triples, categories, uncategorisedTriples, loadMs: Math.round(performance.now() - started) };
}

function dataset(key: string): LoadedDataset {
  const found = datasets.get(key);
  if (!found) throw new WorkerFailure('unknown_dataset', `dataset ${key} is not loaded`);
  return found;
}

/** The query's dataset: default graph = union of the permitted graphs; no named graphs. */
function queryOptions(loaded: LoadedDataset, selection: CategorySelection) {
  const named_graphs: oxigraph.NamedNode[] = [];
  // Everything: oxigraph's union-of-all-graphs mode is several times faster than listing every graph.
  if (selection.all) return { use_default_graph_as_union: true, named_graphs };
  const permitted = loaded.graphs.filter((graph) => graph.categories.some((category) => selection.categories.includes(category)));
  return { default_graph: permitted.length > 0 ? permitted.map((graph) => graph.node) : [EMPTY_GRAPH], named_graphs };
}

function convertGraph(ntriples: string, format: GraphFormat): string {
  if (format === 'ntriples') return ntriples;
  const store = new oxigraph.Store();
  store.load(ntriples, { format: 'application/n-triples' });
  return store.dump({ format: MEDIA_TYPES[format], from_graph_name: oxigraph.defaultGraph() });
}

function runQuery(request: Extract<WorkerRequest, { type: 'query' }>): QueryOutput {
  const loaded = dataset(request.key);
  const options = queryOptions(loaded, request.selection);
  if (request.form === 'ASK') {
    // CSV and TSV have no boolean form: ASK answers JSON or XML.
    const format = request.resultsFormat === 'xml' ? 'xml' : 'json';
    return { body: loaded.store.query(request.query, { ...options, results_format: RESULTS_MEDIA_TYPES[format] }) as string, truncated: false, count: 1 };
  }
  if (request.form === 'SELECT') {
    const body = loaded.store.query(request.query, { ...options, results_format: RESULTS_MEDIA_TYPES.json }) as string;
    const parsed = JSON.parse(body) as { head: unknown; results: { bindings: unknown[] } };
    const rows = parsed.results.bindings.length;
    const truncated = rows > request.maxRows;
    const count = truncated ? request.maxRows : rows;
    if (request.resultsFormat !== 'json') {
      // Counted above; serialised again by oxigraph in the asked format, with the exact cap.
      const text = loaded.store.query(truncated ? request.exactQuery : request.query, { ...options, results_format: RESULTS_MEDIA_TYPES[request.resultsFormat] }) as string;
      return { body: text, truncated, count };
    }
    if (!truncated) return { body, truncated: false, count: rows };
    parsed.results.bindings = parsed.results.bindings.slice(0, request.maxRows);
    return { body: JSON.stringify(parsed), truncated: true, count };
  }
  let ntriples = loaded.store.query(request.query, { ...options, results_format: 'application/n-triples' }) as string;
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
  return { body: convertGraph(ntriples, request.graphFormat), truncated, count };
}

function runExport(request: Extract<WorkerRequest, { type: 'export' }>): QueryOutput {
  const loaded = dataset(request.key);
  const body = loaded.store.query('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }', {
    ...queryOptions(loaded, request.selection),
    results_format: MEDIA_TYPES[request.format],
  }) as string;
  return { body, truncated: false, count: -1 };
}

function handle(request: WorkerRequest): LoadInfo | QueryOutput | null {
  switch (request.type) {
    case 'load':
      return load(request);
    case 'unload':
      datasets.delete(request.key);
      return null;
    case 'query':
      return runQuery(request);
    case 'export':
      return runExport(request);
  }
}

const port = parentPort;
if (!port) throw new Error('worker.js must run in a worker thread');

port.on('message', (request: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response = { id: request.id, ok: true, result: handle(request) };
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
    response = { id: request.id, ok: false, error: { reason, message }, fatal };
  }
  port.postMessage(response);
});

port.postMessage({ type: 'ready' } satisfies WorkerEvent);
