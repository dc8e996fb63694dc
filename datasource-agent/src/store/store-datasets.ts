/** Store mode: datasets live in a triple store (one graph per category set), loaded idempotently and queried over the permitted graphs. */
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

export interface StoreOptions extends StoreClientOptions {
  batchTriples?: number;
  maxRows?: number;
  maxTriples?: number;
  deadlineMs?: number;
}

interface Placed {
  datasetId: string;
  graphs: string[];
}

export async function fileHash(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function pagedText(page: number, offset: number): string {
  return `CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } ORDER BY ?s ?p ?o LIMIT ${page} OFFSET ${offset}`;
}

export class StoreDatasets {
  readonly client: StoreClient;
  private readonly placed = new Map<string, Placed>();
  private storeMaxRows?: number;
  private wholeUpTo = 0;

  constructor(
    private readonly options: StoreOptions,
    private readonly log: Logger,
  ) {
    this.client = new StoreClient(options);
  }

  private get maxRows(): number {
    return this.options.maxRows ?? SPARQL_LIMITS.maxRows;
  }

  async probe(): Promise<void> {
    await this.measure(this.maxRows + 1);
  }

  /** An answer reaching Virtuoso's ResultSetMaxRows is presumed cut; asks again above what was seen whole, as such a cap still cuts dumps. */
  async cuts(rows: number): Promise<boolean> {
    if (this.storeMaxRows === undefined && rows > this.wholeUpTo) await this.measure(rows);
    return this.storeMaxRows !== undefined && rows >= this.storeMaxRows;
  }

  /** Touches no data. Virtuoso sends `X-SPARQL-MaxRows` when it cuts a SELECT; a store that cuts silently answers fewer rows. */
  private async measure(rows: number): Promise<void> {
    const side = Math.ceil(Math.sqrt(rows));
    const values = Array.from({ length: side }, (_, i) => i).join(' ');
    const text = `SELECT ?a WHERE { VALUES ?a { ${values} } VALUES ?b { ${values} } } LIMIT ${rows}`;
    const response = await this.client.query(text, [EMPTY_GRAPH], EMPTY_GRAPH, 'text/csv');
    const header = Number(response.headers.get('x-sparql-maxrows'));
    let answered = 0;
    if (Number.isSafeInteger(header) && header > 0) {
      await response.body?.cancel().catch(() => undefined);
      answered = Math.min(header, rows);
    } else {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        for (const byte of chunk) if (byte === 10) answered += 1;
      }
      answered = Math.max(0, answered - 1);
    }
    if (answered < rows || (Number.isSafeInteger(header) && header > 0)) {
      this.storeMaxRows = answered;
      this.log.warn('the store answers at most this many rows; longer answers are reported as truncated', { store_max_rows: answered });
    } else {
      this.wholeUpTo = Math.max(this.wholeUpTo, rows);
    }
  }

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

  async unload(file: string): Promise<void> {
    const placed = this.placed.get(file);
    if (!placed) return;
    this.placed.delete(file);
    await dropRecord(this.client, placed.datasetId);
    for (const graph of placed.graphs) await this.client.drop(graph);
  }

  /** The guard refuses SERVICE, FROM/GRAPH escapes and updates. */
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
      storeCuts: (rows: number) => this.cuts(rows),
    });
    return { ...answer, form: guarded.form };
  }

  /** Each graph is counted first (COUNT is not cut) and read in pages if the store would cut it; one still short fails the stream. */
  async export(file: string, scopes: readonly string[]): Promise<AsyncGenerator<string>> {
    const placed = this.placed.get(file);
    const graphs = placed ? permittedGraphs(placed.datasetId, placed.graphs, resolveScopes(scopes)) : [];
    const counted: { graph: string; triples: number }[] = [];
    for (const graph of graphs) counted.push({ graph, triples: await this.countGraph(graph) });
    const largest = Math.max(0, ...counted.map((entry) => entry.triples));
    if (largest > 0) await this.cuts(largest);
    // Paging sorts; Virtuoso refuses a sorted page past MaxSortedTopRows (SR353). Asking the deepest page
    // now makes such a store fail the call before the first byte, instead of the transfer half-way.
    const page = this.storeMaxRows;
    const paged = page === undefined ? undefined : counted.filter((entry) => entry.triples >= page).sort((a, b) => b.triples - a.triples)[0];
    if (page !== undefined && paged) {
      const response = await this.client.query(pagedText(page, Math.floor((paged.triples - 1) / page) * page), [paged.graph], EMPTY_GRAPH, 'application/n-triples');
      await response.body?.cancel().catch(() => undefined);
    }
    return this.exportCounted(counted);
  }

  private async *exportCounted(counted: readonly { graph: string; triples: number }[]): AsyncGenerator<string> {
    for (const { graph, triples } of counted) {
      let lines = 0;
      if (this.storeMaxRows !== undefined && triples >= this.storeMaxRows) {
        for await (const line of this.pagedGraph(graph, this.storeMaxRows)) {
          lines += 1;
          yield line;
        }
      } else {
        const response = await this.client.read(graph);
        if (response?.body) {
          for await (const line of ntriplesLines(response.body)) {
            lines += 1;
            yield line;
          }
        }
      }
      if (lines !== triples) {
        this.log.error('the store cut a graph; the dump is refused', { graph, triples, sent: lines });
        throw new Error(`the store sent ${lines} of the ${triples} triples of graph ${graph}; set its result limit higher`);
      }
    }
  }

  /** The quality check's own queries (made by the agent, never asked from outside): a few rows each. */
  async selectAll(file: string, text: string, piece?: string): Promise<Record<string, string>[]> {
    const placed = this.placed.get(file);
    if (!placed) throw new Error(`${file} is not in the store`);
    if (piece !== undefined && !placed.graphs.includes(piece)) throw new Error(`${piece} is not a graph of ${file}`);
    // A piece (one of the dataset's graphs) is the one named graph, for the check's GRAPH <piece> { … }.
    const response = await this.client.query(text, placed.graphs.length > 0 ? placed.graphs : [EMPTY_GRAPH], piece ?? EMPTY_GRAPH, 'application/sparql-results+json');
    const body = (await response.json()) as { results?: { bindings?: Record<string, { type: string; value: string }>[] } };
    return (body.results?.bindings ?? []).map((row) => Object.fromEntries(Object.entries(row).map(([name, term]) => [name, term.type === 'bnode' ? `_:${term.value}` : term.value])));
  }

  graphs(file: string): string[] {
    return [...(this.placed.get(file)?.graphs ?? [])];
  }

  private async countGraph(graph: string): Promise<number> {
    const response = await this.client.query('SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }', [graph], EMPTY_GRAPH, 'application/sparql-results+json');
    const body = (await response.json()) as { results?: { bindings?: { n?: { value?: string } }[] } };
    const triples = Number(body.results?.bindings?.[0]?.n?.value);
    if (!Number.isSafeInteger(triples) || triples < 0) throw new Error(`the store did not count graph ${graph}`);
    return triples;
  }

  private async *pagedGraph(graph: string, page: number): AsyncGenerator<string> {
    for (let offset = 0; ; offset += page) {
      const response = await this.client.query(pagedText(page, offset), [graph], EMPTY_GRAPH, 'application/n-triples');
      let lines = 0;
      for await (const line of ntriplesLines(response.body!)) {
        lines += 1;
        yield line;
      }
      if (lines < page) return;
    }
  }
}
