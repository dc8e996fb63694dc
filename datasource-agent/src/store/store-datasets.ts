/**
 * Store mode of the agent: datasets live in a triple store (one graph per category set), loaded
 * idempotently from the data folder's files and queried with the permitted graphs as the dataset.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { guardQuery, resolveScopes, SPARQL_LIMITS, type GraphFormat, type ResultsFormat } from '@datahub/sparql';
import type { Logger } from '../log';
import { StoreClient, type StoreClientOptions } from './store-client';
import { answerFromStore, EMPTY_GRAPH, type StoreAnswer } from './store-query';
import { graphsCategories, permittedGraphs } from './store-graphs';
import { loadInWorker } from './load-in-worker';
import { dropRecord, readRecord, writeRecord } from './store-state';
import { ntriplesLines } from './ntriples-lines';
import { readJsonResults } from './json-results-reader';

export interface StoreOptions extends StoreClientOptions {
  /** Triples per write (default 10 000). */
  batchTriples?: number;
  maxRows?: number;
  maxTriples?: number;
  deadlineMs?: number;
}

interface Placed {
  datasetId: string;
  graphs: string[];
}

/** SHA-256 of a file, read in pieces. */
export async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class StoreDatasets {
  readonly client: StoreClient;
  private readonly placed = new Map<string, Placed>();
  private storeMaxRows?: number;

  constructor(
    private readonly options: StoreOptions,
    private readonly log: Logger,
  ) {
    this.client = new StoreClient(options);
  }

  private get maxRows(): number {
    return this.options.maxRows ?? SPARQL_LIMITS.maxRows;
  }

  /** Asks the store for one row more than the cap: fewer means the store cuts answers itself. */
  async probe(): Promise<void> {
    const side = Math.ceil(Math.sqrt(this.maxRows + 1));
    const values = Array.from({ length: side }, (_, i) => i).join(' ');
    const response = await this.client.query(`SELECT ?a ?b WHERE { VALUES ?a { ${values} } VALUES ?b { ${values} } }`, [EMPTY_GRAPH], EMPTY_GRAPH, 'application/sparql-results+json');
    let rows = 0;
    await readJsonResults(response.body!, { vars: () => undefined, row: () => ++rows <= this.maxRows });
    await response.body?.cancel().catch(() => undefined);
    if (rows <= this.maxRows) {
      this.storeMaxRows = rows;
      this.log.warn('the store answers at most this many rows; longer answers are reported as truncated', { store_max_rows: rows });
    }
  }

  /** Loads a file unless the store already holds this content for the dataset; a changed file replaces its graphs. */
  async load(file: string, path: string, datasetId: string, sizeBytes: number, sha256: string): Promise<{ triples: number; categories: string[]; loadMs: number; reused: boolean }> {
    const started = Date.now();
    const record = await readRecord(this.client, datasetId);
    if (record?.sha256 === sha256) {
      this.placed.set(file, { datasetId, graphs: record.graphs });
      this.log.info('dataset already in the store', { file, dataset_id: datasetId, triples: record.triples });
      return { triples: record.triples, categories: graphsCategories(datasetId, record.graphs), loadMs: Date.now() - started, reused: true };
    }
    await dropRecord(this.client, datasetId);
    const { sparqlEndpoint, graphStore, credentials } = this.options;
    const loaded = await loadInWorker({
      client: { sparqlEndpoint, graphStore, ...(credentials ? { credentials } : {}) },
      file: path,
      name: file,
      datasetId,
      sizeBytes,
      replaces: [...(record?.graphs ?? []), ...(this.placed.get(file)?.graphs ?? [])],
      ...(this.options.batchTriples ? { batchTriples: this.options.batchTriples } : {}),
    }, this.log);
    const graphs = [...loaded.graphs.keys()].sort();
    await writeRecord(this.client, datasetId, { sha256, triples: loaded.triples, graphs });
    this.placed.set(file, { datasetId, graphs });
    return { triples: loaded.triples, categories: graphsCategories(datasetId, graphs), loadMs: Date.now() - started, reused: false };
  }

  /** The file left the folder: its graphs and record leave the store. */
  async unload(file: string): Promise<void> {
    const placed = this.placed.get(file);
    if (!placed) return;
    this.placed.delete(file);
    await dropRecord(this.client, placed.datasetId);
    for (const graph of placed.graphs) await this.client.drop(graph);
  }

  /** Guards the query (no SERVICE, FROM/GRAPH escape, updates) and answers it over the permitted graphs. */
  async query(file: string, text: string, scopes: readonly string[], formats: { results: ResultsFormat; graph: GraphFormat }): Promise<StoreAnswer & { form: string }> {
    const guarded = guardQuery(text);
    const selection = resolveScopes(scopes);
    const placed = this.placed.get(file);
    const graphs = placed ? permittedGraphs(placed.datasetId, placed.graphs, selection) : [];
    const answer = await answerFromStore({
      client: this.client,
      guarded,
      graphs,
      formats,
      maxRows: this.maxRows,
      maxTriples: this.options.maxTriples ?? SPARQL_LIMITS.maxTriples,
      deadlineMs: this.options.deadlineMs ?? SPARQL_LIMITS.deadlineMs,
      ...(this.storeMaxRows !== undefined ? { storeMaxRows: this.storeMaxRows } : {}),
    });
    return { ...answer, form: guarded.form };
  }

  /**
   * The permitted graphs of a dataset as N-Triples, graph by graph, as the store sends them. A store
   * that cuts answers is read in pages of its cap (ordered, so that pages neither overlap nor skip);
   * a cut noticed otherwise fails the stream rather than end it as if complete.
   */
  async *export(file: string, scopes: readonly string[]): AsyncGenerator<string> {
    const placed = this.placed.get(file);
    if (!placed) return;
    for (const graph of permittedGraphs(placed.datasetId, placed.graphs, resolveScopes(scopes))) {
      if (this.storeMaxRows !== undefined) {
        yield* this.pagedGraph(graph, this.storeMaxRows);
        continue;
      }
      const response = await this.client.read(graph);
      if (!response?.body) continue;
      if (response.headers.has('x-sparql-maxrows')) {
        await response.body.cancel();
        throw new Error(`the store cut graph ${graph}; set its result limit higher`);
      }
      yield* ntriplesLines(response.body);
    }
  }

  private async *pagedGraph(graph: string, page: number): AsyncGenerator<string> {
    for (let offset = 0; ; offset += page) {
      const text = `CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } ORDER BY ?s ?p ?o LIMIT ${page} OFFSET ${offset}`;
      const response = await this.client.query(text, [graph], EMPTY_GRAPH, 'application/n-triples');
      let lines = 0;
      for await (const line of ntriplesLines(response.body!)) {
        lines += 1;
        yield line;
      }
      if (lines < page) return;
    }
  }
}
