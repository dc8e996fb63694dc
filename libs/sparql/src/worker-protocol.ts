import type { QueryForm } from './guard';
import type { CategorySelection } from './scopes';
import type { SparqlErrorReason } from './errors';

export type GraphFormat = 'turtle' | 'ntriples' | 'rdfxml' | 'jsonld';
/** What `load` takes: Turtle, or N-Triples (a Turtle subset the parser reads faster); N-Quads for the hub-wide endpoint's named graphs. */
export type DataFormat = 'turtle' | 'ntriples' | 'nquads';
export type ResultsFormat = 'json' | 'xml' | 'csv' | 'tsv';

export interface LoadInfo {
  triples: number;
  /** Triples per category literal (a subject with two categories counts in both). */
  categories: Record<string, number>;
  uncategorisedTriples: number;
  loadMs: number;
}

export type WorkerRequest =
  | { id: number; type: 'load'; key: string; version: number; data: string | Uint8Array; baseIri?: string; format?: DataFormat; countCategories?: boolean }
  | { id: number; type: 'unload'; key: string }
  /** No query deadline applies to building a view. */
  | { id: number; type: 'view'; key: string; selection: CategorySelection }
  | {
      id: number;
      type: 'query';
      key: string;
      query: string;
      /** `query` asks one row more, to see truncation. */
      exactQuery: string;
      form: QueryForm;
      resultsFormat: ResultsFormat;
      selection: CategorySelection;
      maxRows: number;
      maxTriples: number;
      maxAnswerBytes: number;
      graphFormat: GraphFormat;
    }
  /** With `stream`, the document comes as 'chunk' events before an answer with an empty body. */
  | { id: number; type: 'export'; key: string; selection: CategorySelection; format: GraphFormat; stream?: boolean };

export interface QueryOutput {
  body: string;
  bytes?: Uint8Array;
  truncated: boolean;
  count: number;
  views?: [string, number][];
}

/** `wasmBytes`: the size of the worker's oxigraph WebAssembly memory after the job (it never shrinks). */
export type WorkerResponse =
  | { id: number; ok: true; result: LoadInfo | QueryOutput | null; wasmBytes?: number }
  | { id: number; ok: false; error: { reason: SparqlErrorReason; message: string }; fatal: boolean; wasmBytes?: number };

export type WorkerEvent = { type: 'ready'; wasmBytes?: number } | { type: 'chunk'; id: number; chunk: string } | WorkerResponse;
