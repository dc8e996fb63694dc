/**
 * Streams one Turtle file into the store (never whole in memory), each triple into the one graph
 * of its subject's category set (store-graphs.ts), in full batches per graph, with progress
 * (percent, triples/s) in the log.
 *
 * One pass when it can: Turtle writes a subject's triples together, so a subject's categories are
 * known when the next subject starts, and its triples go out then. A subject that comes back later
 * with categories it did not have would have its earlier triples in the wrong graph: then the load
 * starts again in two passes (the first learns every subject's categories, the second writes).
 */
import { termToId, Writer, type Quad } from 'n3';
import { CATEGORY_PREDICATE } from '@datahub/sparql';
import type { Logger } from '../log';
import type { StoreClient } from './store-client';
import { categoryGraph } from './store-graphs';
import { SubjectTable } from './subject-table';
import { readTriples, skolemise } from './turtle-stream';

export interface StoreLoadResult {
  triples: number;
  /** Triples per graph written. */
  graphs: Map<string, number>;
  loadMs: number;
}

interface LoadOptions {
  client: StoreClient;
  file: string;
  /** The file's name, for the log. */
  name: string;
  datasetId: string;
  sizeBytes: number;
  log: Logger;
  /** Triples per write to one graph (default 10 000: POSTs of 1 000 were 3× slower at the store, batches of 25 000 made a larger heap; measured). */
  batchTriples?: number;
  /** Graphs to drop before writing (those of a previous version). */
  replaces?: readonly string[];
}

/** Writes under way while parsing goes on: the store inserts on one core while the agent parses on the other. */
const WRITES_IN_FLIGHT = 2;
/** Lines held over all graphs, in batches: past it the fullest graph is written early (many category sets). */
const BUFFERED_BATCHES = 4;

function isCategory(quad: Quad): boolean {
  return quad.predicate.termType === 'NamedNode' && quad.predicate.value === CATEGORY_PREDICATE && quad.object.termType === 'Literal';
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Lines per graph, each graph written when it holds a batch; a graph is dropped before its first write. */
class GraphWriter {
  private readonly pending = new Map<string, string[]>();
  private readonly dropped = new Set<string>();
  private readonly writes = new Set<Promise<void>>();
  /** The first failed write: kept here (not left as an unhandled rejection) and thrown by the next send. */
  private failed: { error: unknown } | undefined;
  private buffered = 0;
  private lastReport = Date.now();
  readonly counts = new Map<string, number>();
  triples = 0;
  bytesRead = 0;

  constructor(
    private readonly options: LoadOptions & { batchTriples: number },
    private readonly started: number,
  ) {}

  async drop(graphs: Iterable<string>): Promise<void> {
    for (const graph of graphs) {
      if (this.dropped.has(graph)) continue;
      this.dropped.add(graph);
      await this.options.client.drop(graph);
    }
  }

  async add(graph: string, lines: readonly string[]): Promise<void> {
    let held = this.pending.get(graph);
    if (!held) this.pending.set(graph, (held = []));
    for (const line of lines) held.push(line);
    this.counts.set(graph, (this.counts.get(graph) ?? 0) + lines.length);
    this.triples += lines.length;
    this.buffered += lines.length;
    if (held.length >= this.options.batchTriples) await this.send(graph);
    else if (this.buffered >= this.options.batchTriples * BUFFERED_BATCHES) await this.send(this.fullest());
  }

  /** Waits for the writes under way, sends nothing more and forgets their failures (the graphs are dropped after). */
  async abandon(): Promise<void> {
    this.pending.clear();
    await Promise.all(this.writes);
  }

  /** Sends what is left and waits for every write. */
  async finish(): Promise<void> {
    for (const graph of [...this.pending.keys()]) await this.send(graph);
    await Promise.all(this.writes);
    if (this.failed) throw this.failed.error;
  }

  private fullest(): string {
    let best = '';
    let size = -1;
    for (const [graph, lines] of this.pending) if (lines.length > size) [best, size] = [graph, lines.length];
    return best;
  }

  /** Parsing goes on while at most WRITES_IN_FLIGHT writes are under way. */
  private async send(graph: string): Promise<void> {
    const lines = this.pending.get(graph);
    if (!lines || lines.length === 0) return;
    this.pending.delete(graph);
    this.buffered -= lines.length;
    await this.drop([graph]);
    while (this.writes.size >= WRITES_IN_FLIGHT) await Promise.race(this.writes);
    if (this.failed) throw this.failed.error;
    const write: Promise<void> = this.options.client
      .write(graph, lines.join(''))
      .catch((error: unknown) => void (this.failed ??= { error }))
      .finally(() => this.writes.delete(write));
    this.writes.add(write);
    this.report();
  }

  private report(): void {
    if (Date.now() - this.lastReport < 2000) return;
    this.lastReport = Date.now();
    const seconds = (Date.now() - this.started) / 1000;
    const { sizeBytes, log, name } = this.options;
    log.info('loading into the store', {
      file: name,
      percent: sizeBytes > 0 ? Math.min(100, Math.round((this.bytesRead / sizeBytes) * 100)) : undefined,
      triples: this.triples,
      triples_per_s: Math.round(this.triples / Math.max(seconds, 0.001)),
    });
  }
}

/** Graph names by category set (sets are shared arrays from the SubjectTable, so the Map hits). */
function graphNamer(datasetId: string): (categories: readonly string[]) => string {
  const names = new Map<readonly string[], string>();
  return (categories) => {
    let name = names.get(categories);
    if (name === undefined) names.set(categories, (name = categoryGraph(datasetId, categories)));
    return name;
  };
}

/**
 * The one pass: each subject's run of triples is written when the next subject starts. Answers
 * false, having written some graphs, as soon as a subject comes back with other categories.
 */
async function onePass(options: LoadOptions, out: GraphWriter): Promise<boolean> {
  const { file, datasetId, batchTriples = 10_000 } = options;
  const datasetKey = encodeURIComponent(datasetId);
  const writer = new Writer({ format: 'N-Triples' });
  const graphOf = graphNamer(datasetId);
  const table = new SubjectTable();
  let subject = '';
  let categories: string[] = [];
  let lines: string[] = [];
  /** Whether the current subject already had lines written (a very long run, or an earlier one). */
  let written: readonly string[] | undefined;
  /** Writes the current run; false when the subject's categories differ from those it was written under. */
  const flush = async (): Promise<boolean> => {
    if (subject === '') return true;
    const before = written ?? table.known(subject);
    const union = [...new Set([...(before ?? []), ...categories])].sort();
    if (before !== undefined && !sameSet(before, union)) return false;
    if (before === undefined) table.set(subject, union);
    const set = table.categories(subject);
    written = set;
    const run = lines;
    lines = [];
    categories = [];
    await out.add(graphOf(set), run);
    return true;
  };
  for await (const quad of readTriples(file, (bytes) => (out.bytesRead = bytes))) {
    const id = termToId(quad.subject);
    if (id !== subject) {
      if (!(await flush())) return false;
      subject = id;
      written = undefined;
    }
    if (isCategory(quad)) categories.push(quad.object.value);
    const stored = skolemise(quad, datasetKey);
    lines.push(writer.quadToString(stored.subject, stored.predicate, stored.object));
    if (lines.length >= batchTriples && !(await flush())) return false;
  }
  return flush();
}

/** Pass 1 of two: every categorised subject's categories. */
async function subjectCategories(file: string): Promise<SubjectTable> {
  const table = new SubjectTable();
  for await (const quad of readTriples(file)) if (isCategory(quad)) table.add(termToId(quad.subject), quad.object.value);
  return table;
}

/** Pass 2 of two: each triple to its subject's graph, the categories known in full. */
async function secondPass(options: LoadOptions & { batchTriples: number }, table: SubjectTable, out: GraphWriter): Promise<void> {
  const datasetKey = encodeURIComponent(options.datasetId);
  const writer = new Writer({ format: 'N-Triples' });
  const graphOf = graphNamer(options.datasetId);
  let lastSubject = '';
  let lastGraph = graphOf([]);
  let run: string[] = [];
  for await (const quad of readTriples(options.file, (bytes) => (out.bytesRead = bytes))) {
    const subject = termToId(quad.subject);
    if (subject !== lastSubject) {
      if (run.length > 0) await out.add(lastGraph, run);
      run = [];
      lastSubject = subject;
      lastGraph = graphOf(table.categories(subject));
    }
    const stored = skolemise(quad, datasetKey);
    run.push(writer.quadToString(stored.subject, stored.predicate, stored.object));
    if (run.length >= options.batchTriples) {
      await out.add(lastGraph, run);
      run = [];
    }
  }
  if (run.length > 0) await out.add(lastGraph, run);
}

export async function loadIntoStore(options: LoadOptions): Promise<StoreLoadResult> {
  const { datasetId, log } = options;
  const started = Date.now();
  const settings = { ...options, batchTriples: options.batchTriples ?? 10_000 };
  const uncategorised = categoryGraph(datasetId, []);
  let out = new GraphWriter(settings, started);
  await out.drop([uncategorised, ...(options.replaces ?? [])]);
  let passes = 1;
  if (!(await onePass(settings, out))) {
    await out.abandon();
    log.info('a subject comes back with other categories; loading in two passes', { file: options.name });
    const written = [...out.counts.keys()];
    passes = 2;
    const table = await subjectCategories(options.file);
    const graphOf = graphNamer(datasetId);
    out = new GraphWriter(settings, started);
    await out.drop([...table.allSets().map(graphOf), uncategorised, ...written, ...(options.replaces ?? [])]);
    await secondPass(settings, table, out);
  }
  await out.finish();
  const loadMs = Date.now() - started;
  log.info('loaded into the store', {
    file: options.name,
    triples: out.triples,
    graphs: out.counts.size,
    passes,
    load_ms: loadMs,
    triples_per_s: Math.round(out.triples / Math.max(loadMs / 1000, 0.001)),
  });
  return { triples: out.triples, graphs: out.counts, loadMs };
}
