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
  /** Triples per write (default 10 000: fewer live strings, a smaller heap; measured). */
  batchTriples?: number;
  /** Graphs to drop before writing (those of a previous version). */
  replaces?: readonly string[];
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
  const pending = new Map<string, string[]>();
  const counts = new Map<string, number>();
  let buffered = 0;
  let triples = 0;
  let bytesRead = 0;
  let lastReport = Date.now();
  const flush = async () => {
    for (const [graph, lines] of pending) await client.write(graph, lines.join(''));
    pending.clear();
    buffered = 0;
    if (Date.now() - lastReport >= 2000) {
      lastReport = Date.now();
      const seconds = (Date.now() - started) / 1000;
      log.info('loading into the store', {
        file: options.name,
        percent: sizeBytes > 0 ? Math.min(100, Math.round((bytesRead / sizeBytes) * 100)) : undefined,
        triples,
        triples_per_s: Math.round(triples / Math.max(seconds, 0.001)),
      });
    }
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
    if (++buffered >= batchTriples) await flush();
  }
  await flush();
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
