import type { ResourceLimits } from 'node:worker_threads';
import type { QueryForm } from './guard';
import type { GraphFormat, ResultsFormat } from './worker-protocol';

export interface EngineOptions {
  /** Default 1; more start only when a query waits that no worker is free to take. Each holds every replicated dataset. */
  workers?: number;
  deadlineMs?: number;
  /** Default 10 000; more are cut off and marked truncated. */
  maxRows?: number;
  maxTriples?: number;
  /** Beyond it new queries are refused as `busy` (default 64). */
  maxQueueLength?: number;
  maxQueryBytes?: number;
  /** The WebAssembly memory is not covered; see maxRssMb. */
  resourceLimits?: ResourceLimits;
  /** Stops running queries once the process's RSS passes this; a worker that grew it by an eighth (≥ 64 MB) is replaced. */
  maxRssMb?: number;
  /** Growth of RSS one query may cause (default: none); past it the query is stopped (`query_memory_limit`, 413). Exports are not covered. */
  queryMemoryMb?: number;
  /** Growth of a worker's WebAssembly memory beyond its datasets and views that makes it be replaced after its job (that memory never shrinks). */
  recycleMb?: number;
  /** Default: no cap; above it `answer_too_large`. */
  maxAnswerBytes?: number;
  /** Default: worker.js next to this file, else ../dist/worker.js. */
  workerScript?: string;
  /** Larger datasets are held by one worker only and their text is not kept (default: every worker holds every dataset). */
  replicateMaxBytes?: number;
  /** Below the worker count, a group's heavy queries always leave a worker for the others' (ADR 0014). */
  maxRunningPerGroup?: number;
  viewsPerDataset?: number;
  /** MB of kept answers per (query, dataset version, categories, formats, caps); default 0. */
  resultCacheMb?: number;
}

export interface QueryOptions {
  deadlineMs?: number;
  maxRows?: number;
  maxTriples?: number;
  graphFormat?: GraphFormat;
  /** Default JSON; ASK answers JSON unless XML is asked. */
  resultsFormat?: ResultsFormat;
  /** A free worker takes the queued query whose group has the fewest running, so one group's heavy queries never starve another's. */
  group?: string;
  /** For the hub-wide endpoint, whose named graphs are checked datasets. */
  datasetClauses?: boolean;
}

export interface QueryResult {
  form: QueryForm;
  contentType: string;
  /** Send these, not `body`. */
  bytes: Buffer;
  /** Decoded from `bytes` when first read. */
  readonly body: string;
  truncated: boolean;
  count: number;
  durationMs: number;
}

export interface EngineStats {
  workers: number;
  ready: number;
  busy: number;
  queued: number;
  restarts: number;
  datasets: number;
  waited: number;
  deadlineHits: number;
  resultHits: number;
  memoryStops: number;
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
