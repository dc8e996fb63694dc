// Streams a Turtle file into the store, each triple into the graph of its subject's category set, never whole in memory. One pass when
// subjects' triples come together; runs noted on disk (run-log.ts) trigger a second pass when a subject's runs had different sets.
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
  graphs: Map<string, number>;
  loadMs: number;
}

interface LoadOptions {
  client: StoreClient;
  file: string;
  name: string;
  datasetId: string;
  sizeBytes: number;
  log: Logger;
  /** Default 10 000: POSTs of 1 000 were 3× slower at the store, batches of 25 000 made a larger heap (measured). */
  batchTriples?: number;
  /** Default RECENT_SUBJECTS; a subject back after it is forgotten costs a second pass if its sets differ. */
  recentSubjects?: number;
  replaces?: readonly string[];
}

/** The store inserts on one core while the agent parses on the other. */
const WRITES_IN_FLIGHT = 2;
/** Past it the fullest graph is written early (many category sets). */
const BUFFERED_BATCHES = 4;

function isCategory(quad: Quad): boolean {
  return quad.predicate.termType === 'NamedNode' && quad.predicate.value === CATEGORY_PREDICATE && quad.object.termType === 'Literal';
}

class GraphWriter {
  private readonly pending = new Map<string, string[]>();
  private readonly dropped = new Set<string>();
  private readonly writes = new Set<Promise<void>>();
  /** Kept here (not an unhandled rejection) and thrown by the next send. */
  private failed: { error: unknown } | undefined;
  private buffered = 0;
  private lastReport = Date.now();
  readonly counts = new Map<string, number>();
  triples = 0;
  /** Where a load's time goes: writes under way, and parsing waiting for a free write. */
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

  async abandon(): Promise<void> {
    this.pending.clear();
    await Promise.all(this.writes);
  }

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

function graphNamer(datasetId: string, sets: CategorySets): (setNumber: number) => string {
  const names: string[] = [];
  return (setNumber) => (names[setNumber] ??= categoryGraph(datasetId, sets.set(setNumber)));
}

/** Remembered with their set, so that a subject coming back soon keeps its graph. */
const RECENT_SUBJECTS = 65_536;

interface PassOptions {
  sets: CategorySets;
  runs?: RunLog;
  overrides?: ReadonlyMap<string, readonly string[]>;
}

/** A subject's run is written when the next subject starts; pass 2 walks the same way, so consistent subjects land in the same graph. */
async function pass(options: LoadOptions & { batchTriples: number }, out: GraphWriter, { sets, runs, overrides }: PassOptions): Promise<void> {
  const { file, datasetId, batchTriples } = options;
  const datasetKey = encodeURIComponent(datasetId);
  const writer = new Writer({ format: 'N-Triples' });
  const graphOf = graphNamer(datasetId, sets);
  const recent = new LRUCache<string, number>({ max: options.recentSubjects ?? RECENT_SUBJECTS });
  let subject = '';
  let categories: string[] = [];
  let lines: string[] = [];
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
