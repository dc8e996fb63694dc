/** Off the thread that answers the hub. Large files are checked as SPARQL over oxigraph (sparql-check.ts): shacl-engine ran out of heap at 1M triples. */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import * as oxigraph from 'oxigraph';
import { checkWithSparql } from './sparql-check';
import { parentPort, workerData } from 'node:worker_threads';
import { Parser, StreamParser, Store } from 'n3';
import { isTableFileName, mappingFileName, readMappingFile, tableToNTriples } from '../tables/read';
import { tableBase } from '../tables/table-dataset';
import { validateQuads } from './validate';
import type { QualitySummary } from './summary';

export interface QualityWorkerData {
  file: string;
  datasetId?: string;
  engineMaxBytes?: number;
}

export type QualityWorkerMessage = { kind: 'done'; summary: QualitySummary } | { kind: 'failed'; message: string };

/** Above this file size (≈ 200,000 triples of Turtle) the SPARQL-based check is used. */
export const ENGINE_MAX_BYTES = 8 * 1024 * 1024;

async function checkLarge(text: string, format: 'text/turtle' | 'application/n-triples'): Promise<QualitySummary> {
  const store = new oxigraph.Store();
  store.load(text, { format });
  const triples = store.size;
  return checkWithSparql(
    async (query) =>
      (store.query(query) as Map<string, { termType: string; value: string }>[]).map((row) =>
        Object.fromEntries([...row.entries()].map(([name, value]) => [name, value.termType === 'BlankNode' ? `_:${value.value}` : value.value])),
      ),
    triples,
  );
}

/** A CSV or Excel file is checked as what the hub is served: its conversion by its mapping. */
async function checkTable(file: string): Promise<QualitySummary> {
  const mapping = await readMappingFile(mappingFileName(file));
  const { text } = await tableToNTriples(file, mapping, tableBase(data.datasetId ?? ''));
  if (text.length > (data.engineMaxBytes ?? ENGINE_MAX_BYTES)) return checkLarge(text, 'application/n-triples');
  return validateQuads(new Store(new Parser({ format: 'N-Triples' }).parse(text)));
}

async function check(file: string): Promise<QualitySummary> {
  if (isTableFileName(file)) return checkTable(file);
  if (statSync(file).size > (data.engineMaxBytes ?? ENGINE_MAX_BYTES)) return checkLarge(readFileSync(file, 'utf8'), 'text/turtle');
  const store = new Store();
  await new Promise<void>((resolve, reject) => {
    const parser = new StreamParser();
    parser.on('data', (quad) => store.addQuad(quad));
    parser.on('error', reject);
    parser.on('end', resolve);
    createReadStream(file).on('error', reject).pipe(parser);
  });
  return validateQuads(store);
}

const data = workerData as QualityWorkerData;
check(data.file).then(
  (summary) => parentPort!.postMessage({ kind: 'done', summary } satisfies QualityWorkerMessage),
  (error: unknown) => parentPort!.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies QualityWorkerMessage),
);
