/**
 * Streams one Turtle file into the store (never whole in memory), each triple into the one graph
 * of its subject's category set (store-graphs.ts), in full batches per graph, with progress
 * (percent, triples/s) in the log.
 *
 * One pass when it can: Turtle writes a subject's triples together, so a subject's categories are
 * known when the next subject starts, and its triples go out then. A subject that comes back later
 * keeps its graph while it is among the recently seen; the runs are noted on disk (run-log.ts), and
 * when some subject's runs went under different category sets, the load writes every graph again in
 * a second pass that knows those subjects' full sets. Memory does not grow with the file.
 */
import { termToId, Writer, type Quad } from 'n3';
import { LRUCache } from 'lru-cache';
import { CATEGORY_PREDICATE } from '@datahub/sparql';
import type { Logger } from '../log';
import type { StoreClient } from './store-client';
import { categoryGraph } from './store-graphs';
import { CategorySets, RunLog, subjectKey } from './run-log';
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
  /** Subjects remembered with their set (default RECENT_SUBJECTS); one coming back after it is forgotten costs a second pass if its sets differ. */
  recentSubjects?: number;
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
  /** Time with at least one write under way, and time parsing stood still for a free write (where a load's time goes). */
  storeBusyMs = 0;
  waitedMs = 0;
  private busySince = 0;
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
    const waitStart = performance.now();
    while (this.writes.size >= WRITES_IN_FLIGHT) await Promise.race(this.writes);
    this.waitedMs += performance.now() - waitStart;
    if (this.failed) throw this.failed.error;
    if (this.writes.size === 0) this.busySince = performance.now();
    const write: Promise<void> = this.options.client
      .write(graph, lines.join(''))
      .catch((error: unknown) => void (this.failed ??= { error }))
      .finally(() => {
        this.writes.delete(write);
        if (this.writes.size === 0) this.storeBusyMs += performance.now() - this.busySince;
      });
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

/** Graph names by category set number. */
function graphNamer(datasetId: string, sets: CategorySets): (setNumber: number) => string {
  const names: string[] = [];
  return (setNumber) => (names[setNumber] ??= categoryGraph(datasetId, sets.set(setNumber)));
}

/** Subjects remembered with the set their triples went under, so that a subject coming back soon keeps its graph. */
const RECENT_SUBJECTS = 65_536;

interface PassOptions {
  sets: CategorySets;
  /** Pass 1 notes each run here; pass 2 has none. */
  runs?: RunLog;
  /** Pass 2: the full category set of each subject that pass 1 wrote under more than one set (by subjectKey). */
  overrides?: ReadonlyMap<string, readonly string[]>;
}

/**
 * One pass over the file: each subject's run of triples is written when the next subject starts,
 * under the categories the run names, joined with those a recently seen subject had. Pass 2 is the
 * same walk (so a subject that was consistent in pass 1 lands in the same graph again), with the
 * full sets of the subjects that were not.
 */
async function pass(options: LoadOptions & { batchTriples: number }, out: GraphWriter, { sets, runs, overrides }: PassOptions): Promise<void> {
  const { file, datasetId, batchTriples } = options;
  const datasetKey = encodeURIComponent(datasetId);
  const writer = new Writer({ format: 'N-Triples' });
  const graphOf = graphNamer(datasetId, sets);
  const recent = new LRUCache<string, number>({ max: options.recentSubjects ?? RECENT_SUBJECTS });
  let subject = '';
  let categories: string[] = [];
  let lines: string[] = [];
  /** The set the current run went under so far (a run longer than a batch goes out in pieces). */
  let written: number | undefined;
  const flush = async (): Promise<void> => {
    if (subject === '' || (lines.length === 0 && categories.length === 0)) return;
    const known = written ?? recent.get(subject);
    const override = overrides?.size ? overrides.get(subjectKey(subject)) : undefined;
    const setNumber = sets.number([...(override ?? []), ...(known === undefined ? [] : sets.set(known)), ...categories]);
    if (setNumber !== written) {
      runs?.record(subject, setNumber);
      recent.set(subject, setNumber);
    }
    written = setNumber;
    const run = lines;
    lines = [];
    categories = [];
    if (run.length > 0) await out.add(graphOf(setNumber), run);
  };
  for await (const quad of readTriples(file, (bytes) => (out.bytesRead = bytes))) {
    const id = termToId(quad.subject);
    if (id !== subject) {
      await flush();
      subject = id;
      written = undefined;
    }
    if (isCategory(quad)) categories.push(quad.object.value);
    const stored = skolemise(quad, datasetKey);
    lines.push(writer.quadToString(stored.subject, stored.predicate, stored.object));
    if (lines.length >= batchTriples) await flush();
  }
  await flush();
}

export async function loadIntoStore(options: LoadOptions): Promise<StoreLoadResult> {
  const { datasetId, log } = options;
  const started = Date.now();
  const settings = { ...options, batchTriples: options.batchTriples ?? 10_000 };
  const uncategorised = categoryGraph(datasetId, []);
  const sets = new CategorySets();
  const runs = new RunLog(sets);
  let out = new GraphWriter(settings, started);
  let passes = 1;
  try {
    await out.drop([uncategorised, ...(options.replaces ?? [])]);
    await pass(settings, out, { sets, runs });
    const overrides = runs.conflicts();
    if (overrides.size > 0) {
      // Some subject's earlier triples went under fewer categories than it has: write every graph again.
      await out.abandon();
      log.info('a subject comes back with other categories; loading in two passes', { file: options.name, subjects: overrides.size });
      const written = [...out.counts.keys()];
      passes = 2;
      out = new GraphWriter(settings, started);
      await out.drop(written);
      await pass(settings, out, { sets, overrides });
    }
    await out.finish();
  } finally {
    runs.dispose();
  }
  const loadMs = Date.now() - started;
  log.info('loaded into the store', {
    file: options.name,
    triples: out.triples,
    graphs: out.counts.size,
    passes,
    load_ms: loadMs,
    triples_per_s: Math.round(out.triples / Math.max(loadMs / 1000, 0.001)),
    // Near 100 % busy with a long wait: the store's inserts set the pace, not the agent's parse.
    store_busy_pct: Math.round((out.storeBusyMs / Math.max(loadMs, 1)) * 100),
    waited_for_store_ms: Math.round(out.waitedMs),
  });
  return { triples: out.triples, graphs: out.counts, loadMs };
}
