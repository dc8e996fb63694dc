import type { ResourceLimits } from 'node:worker_threads';
import type { QueryForm } from './guard';
import type { GraphFormat, ResultsFormat } from './worker-protocol';

export interface EngineOptions {
  /** More start only when a query waits that no worker is free to take; each holds every replicated dataset. */
  workers?: number;
  deadlineMs?: number;
  maxRows?: number;
  maxTriples?: number;
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
  maxAnswerBytes?: number;
  workerScript?: string;
  replicateMaxBytes?: number;
  /** Below the worker count, a group's heavy queries always leave a worker for the others' (ADR 0014). */
  maxRunningPerGroup?: number;
  viewsPerDataset?: number;
  resultCacheMb?: number;
}

export interface QueryOptions {
  deadlineMs?: number;
  maxRows?: number;
  maxTriples?: number;
  graphFormat?: GraphFormat;
  resultsFormat?: ResultsFormat;
  group?: string;
  /** For the hub-wide endpoint, whose named graphs are checked datasets. */
  datasetClauses?: boolean;
}

export interface QueryResult {
  form: QueryForm;
  contentType: string;
  /** Send these, not `body`. */
  bytes: Buffer;
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
