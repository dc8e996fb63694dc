/**
 * Streams one Turtle file into the store (never whole in memory): a first pass learns every
 * subject's categories, a second writes each triple, in batches, to the one graph of its subject's
 * category set (store-graphs.ts). Progress (percent, triples/s) goes to the log.
 */
import { termToId, Writer } from 'n3';
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

function largest(pending: Map<string, string[]>): string {
  let best = '';
  let size = -1;
  for (const [graph, lines] of pending) if (lines.length > size) [best, size] = [graph, lines.length];
  return best;
}

/** Pass 1: every categorised subject's categories. */
async function subjectCategories(file: string): Promise<SubjectTable> {
  const table = new SubjectTable();
  for await (const quad of readTriples(file)) {
    if (quad.predicate.termType !== 'NamedNode' || quad.predicate.value !== CATEGORY_PREDICATE || quad.object.termType !== 'Literal') continue;
    table.add(termToId(quad.subject), quad.object.value);
  }
  return table;
}

export async function loadIntoStore(options: LoadOptions): Promise<StoreLoadResult> {
  const { client, file, datasetId, log, sizeBytes } = options;
  const started = Date.now();
  const batchTriples = options.batchTriples ?? 10_000;
  const table = await subjectCategories(file);
  const uncategorised = categoryGraph(datasetId, []);
  const graphNames = new Map<readonly string[], string>();
  const graphOf = (categories: readonly string[]) => {
    let name = graphNames.get(categories);
    if (name === undefined) graphNames.set(categories, (name = categoryGraph(datasetId, categories)));
    return name;
  };
  const targets = new Set([...table.allSets().map(graphOf), uncategorised, ...(options.replaces ?? [])]);
  for (const graph of targets) await client.drop(graph);

  const writer = new Writer({ format: 'N-Triples' });
  /** Lines waiting per graph: a graph is written when it holds a batch, so every POST is a full one. */
  const pending = new Map<string, string[]>();
  const counts = new Map<string, number>();
  const writes = new Set<Promise<void>>();
  /** The first failed write: kept here (not left as an unhandled rejection) and thrown by the next send. */
  let failed: { error: unknown } | undefined;
  let buffered = 0;
  let triples = 0;
  let bytesRead = 0;
  let lastReport = Date.now();
  const report = () => {
    if (Date.now() - lastReport < 2000) return;
    lastReport = Date.now();
    const seconds = (Date.now() - started) / 1000;
    log.info('loading into the store', {
      file: options.name,
      percent: sizeBytes > 0 ? Math.min(100, Math.round((bytesRead / sizeBytes) * 100)) : undefined,
      triples,
      triples_per_s: Math.round(triples / Math.max(seconds, 0.001)),
    });
  };
  /** Sends one graph's lines; parsing goes on while at most WRITES_IN_FLIGHT writes are under way. */
  const send = async (graph: string) => {
    const lines = pending.get(graph);
    if (!lines || lines.length === 0) return;
    pending.delete(graph);
    buffered -= lines.length;
    while (writes.size >= WRITES_IN_FLIGHT) await Promise.race(writes);
    if (failed) throw failed.error;
    const write: Promise<void> = client
      .write(graph, lines.join(''))
      .catch((error: unknown) => void (failed ??= { error }))
      .finally(() => writes.delete(write));
    writes.add(write);
    report();
  };
  let lastSubject = '';
  let lastGraph = uncategorised;
  for await (const quad of readTriples(file, (bytes) => (bytesRead = bytes))) {
    const subject = termToId(quad.subject);
    if (subject !== lastSubject) {
      lastSubject = subject;
      lastGraph = graphOf(table.categories(subject));
    }
    const stored = skolemise(quad, encodeURIComponent(datasetId));
    let lines = pending.get(lastGraph);
    if (!lines) pending.set(lastGraph, (lines = []));
    lines.push(writer.quadToString(stored.subject, stored.predicate, stored.object));
    counts.set(lastGraph, (counts.get(lastGraph) ?? 0) + 1);
    triples += 1;
    buffered += 1;
    if (lines.length >= batchTriples) await send(lastGraph);
    else if (buffered >= batchTriples * BUFFERED_BATCHES) await send(largest(pending));
  }
  for (const graph of [...pending.keys()]) await send(graph);
  await Promise.all(writes);
  if (failed) throw failed.error;
  const loadMs = Date.now() - started;
  log.info('loaded into the store', {
    file: options.name,
    triples,
    graphs: counts.size,
    load_ms: loadMs,
    triples_per_s: Math.round(triples / Math.max(loadMs / 1000, 0.001)),
  });
  return { triples, graphs: counts, loadMs };
}
