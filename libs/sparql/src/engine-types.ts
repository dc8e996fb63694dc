/** The SPARQL engine's options, answers and the media types of its formats (see engine.ts). */
import type { ResourceLimits } from 'node:worker_threads';
import type { QueryForm } from './guard';
import type { GraphFormat, ResultsFormat } from './worker-protocol';

export interface EngineOptions {
  /**
   * Most workers (default 1). One starts with the engine; another only when a query waits that no
   * running worker is free to take. Each holds every replicated dataset: memory grows with the pool.
   */
  workers?: number;
  /** Hard deadline per query in ms (default 10 000). */
  deadlineMs?: number;
  /** Most SELECT rows returned (default 10 000); more are cut off and marked truncated. */
  maxRows?: number;
  /** Most CONSTRUCT/DESCRIBE triples returned (default 1 000 000). */
  maxTriples?: number;
  /** Queries waiting for a worker before new ones are refused as `busy` (default 64). */
  maxQueueLength?: number;
  /** Longest accepted query text in bytes (default 64 KB). */
  maxQueryBytes?: number;
  /** V8 heap limits per worker (the WebAssembly memory is not covered; see maxRssMb). */
  resourceLimits?: ResourceLimits;
  /**
   * When set, a running query is stopped (its worker terminated, reason `memory_limit`) as soon as
   * the resident memory of the whole process exceeds this many MB. Checked every 25 ms while
   * queries run. A worker whose query grew the process by more than an eighth of it (at least
   * 64 MB) is replaced afterwards: oxigraph's WebAssembly memory only grows, so only a fresh worker
   * gives it back.
   */
  maxRssMb?: number;
  /**
   * Memory one query may add, MB (default: no budget): while it runs, the process's resident memory
   * may grow this much beyond what it was when the query started (less what loads in other workers
   * added); past it the query is stopped (its worker terminated and replaced, reason
   * `query_memory_limit`, 413). Checked every 25 ms, with maxRssMb's watchdog. Exports are not
   * covered (their size follows the dataset's).
   */
  queryMemoryMb?: number;
  /**
   * A worker whose oxigraph WebAssembly memory grew more than this many MB beyond what its
   * datasets and views took is replaced once its query or export has answered: that memory never
   * shrinks, only a fresh worker gives it back (default: an eighth of queryMemoryMb, at least 64;
   * without queryMemoryMb none, maxRssMb's rule only).
   */
  recycleMb?: number;
  /** Largest answer in bytes (default: no cap); a larger one is refused with `answer_too_large`. */
  maxAnswerBytes?: number;
  /** Path of the compiled worker script (default: worker.js next to this file, else ../dist/worker.js). */
  workerScript?: string;
  /**
   * Datasets whose text is larger than this many bytes are held by one worker only, and their text
   * is not kept once loaded (default: no limit — every worker holds every dataset).
   */
  replicateMaxBytes?: number;
  /**
   * Most queries of one group (QueryOptions.group) running at once (default: no cap). Below the
   * worker count, a group's heavy queries always leave a worker for the others' (ADR 0014).
   */
  maxRunningPerGroup?: number;
  /** Category views a worker keeps per dataset, least recently used out first (default 2). */
  viewsPerDataset?: number;
  /**
   * MB of answers kept (result-cache.ts): the same query on the same version of a dataset, with the
   * same categories, formats and caps, is answered without a worker. Default 0: none kept.
   */
  resultCacheMb?: number;
}

export interface QueryOptions {
  deadlineMs?: number;
  maxRows?: number;
  maxTriples?: number;
  /** Serialisation of CONSTRUCT/DESCRIBE answers (default Turtle). */
  graphFormat?: GraphFormat;
  /** Serialisation of SELECT answers (default JSON); ASK answers JSON unless XML is asked. */
  resultsFormat?: ResultsFormat;
  /**
   * Who asks (e.g. an organisation): a free worker takes the queued query whose group has the
   * fewest running, so one group's heavy queries never keep another's small one waiting.
   */
  group?: string;
  /** FROM / FROM NAMED accepted: the hub-wide endpoint's store, whose named graphs are checked datasets (issue 38). */
  datasetClauses?: boolean;
}

export interface QueryResult {
  form: QueryForm;
  /** The results format's media type for SELECT/ASK, else the graph format's. */
  contentType: string;
  /** The answer as sent: UTF-8 bytes, as the worker encoded them (send these, not `body`). */
  bytes: Buffer;
  /** The answer as text (decoded from `bytes` when first read). */
  readonly body: string;
  /** True when rows or triples beyond the cap were cut off. */
  truncated: boolean;
  /** Rows (SELECT) or triples (CONSTRUCT/DESCRIBE) in `body`; 1 for ASK. */
  count: number;
  /** Time from handing the query to a worker until its answer, in ms. */
  durationMs: number;
}

export interface EngineStats {
  workers: number;
  ready: number;
  busy: number;
  queued: number;
  restarts: number;
  datasets: number;
  /** Since start: queries and exports that waited in the queue for a worker. */
  waited: number;
  /** Since start: queries and exports stopped at their deadline. */
  deadlineHits: number;
  /** Since start: queries answered from the kept answers (resultCacheMb), without a worker. */
  resultHits: number;
  /** Since start: queries stopped for passing their own memory budget (queryMemoryMb). */
  memoryStops: number;
  /** MB of WebAssembly memory the live workers hold now (their datasets, views and what queries grew). */
  workerMemoryMb: number;
}

export const GRAPH_MEDIA_TYPES: Record<GraphFormat, string> = {
  turtle: 'text/turtle',
  ntriples: 'application/n-triples',
  rdfxml: 'application/rdf+xml',
  jsonld: 'application/ld+json',
};

export const RESULTS_MEDIA_TYPES: Record<ResultsFormat, string> = {
  json: 'application/sparql-results+json',
  xml: 'application/sparql-results+xml',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};

export const SPARQL_RESULTS_JSON = 'application/sparql-results+json';
