/** npm run bench:quality -w datasource-agent [-- --triples 1000000 --mode sparql|store --store-dir DIR --buffers N --whole]: the quality check's time, peak RSS and counts at size. */
import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateGreenhouse } from '../generate-greenhouse';
import { readFileSync } from 'node:fs';
import * as oxigraph from 'oxigraph';
import { checkInWorker } from './quality-monitor';
import { checkWithSparql } from './sparql-check';
import { createLogger } from '../log';
import { StoreDatasets } from '../store/store-datasets';
import { startVirtuoso } from '../store/virtuoso-process';

const BASE = 'https://data.kwekerij-delta.test/kas/';

/** Copies of the generated greenhouse (scale 8 ≈ 1M triples each) until about `triples`. */
function writeGreenhouse(file: string, triples: number): number {
  const one = generateGreenhouse({ scale: Math.min(8, Math.max(0.05, triples / 130_000)) });
  const copies = Math.max(1, Math.round(triples / one.triples));
  writeFileSync(file, '');
  for (let copy = 0; copy < copies; copy += 1) appendFileSync(file, one.turtle.replace(`PREFIX : <${BASE}>`, `PREFIX : <${BASE}c${copy}/>`));
  return copies * one.triples;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      triples: { type: 'string', default: '1000000' },
      mode: { type: 'string', default: 'memory' },
      // Store mode: a Virtuoso folder kept after the run (a second run with the same folder checks without loading again).
      'store-dir': { type: 'string' },
      // Virtuoso's NumberOfBuffers (8 KB pages); 10 000 (80 MB) is the tests' size, too small for tens of millions of triples.
      buffers: { type: 'string', default: '10000' },
      whole: { type: 'boolean', default: false },
    },
  });
  const asked = Number(values.triples);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-quality-'));
  try {
    const file = path.join(dir, 'kas.ttl');
    const triples = writeGreenhouse(file, asked);
    let started = Date.now();
    let loadMs = 0;
    let summary;
    const queries: number[] = [];
    let reused = false;
    if (values.mode === 'sparql') {
      const store = new oxigraph.Store();
      store.load(readFileSync(file, 'utf8'), { format: 'text/turtle' });
      loadMs = Date.now() - started;
      started = Date.now();
      summary = await checkWithSparql(async (query) =>
        (store.query(query) as Map<string, { termType: string; value: string }>[]).map((row) =>
          Object.fromEntries([...row.entries()].map(([name, value]) => [name, value.termType === 'BlankNode' ? `_:${value.value}` : value.value])),
        ), triples);
    } else if (values.mode === 'store') {
      const virtuoso = await startVirtuoso({ buffers: Number(values.buffers), ...(values['store-dir'] ? { keepDir: path.resolve(values['store-dir']) } : {}) });
      try {
        const store = new StoreDatasets({ sparqlEndpoint: virtuoso.sparqlEndpoint, graphStore: virtuoso.graphStore, credentials: { user: virtuoso.user, password: virtuoso.password } }, createLogger('warn'));
        await store.probe();
        // The size in place of a hash: a kept folder is reused only for the same generated data.
        reused = (await store.load('kas.ttl', file, 'bench-quality', statSync(file).size, `bench-${triples}`)).reused;
        loadMs = Date.now() - started;
        started = Date.now();
        // Each query's time: the longest must stay well under the store's MaxQueryExecutionTime (60 s here).
        summary = await checkWithSparql(
          async (query, piece) => {
            const asked = Date.now();
            const rows = await store.selectAll('kas.ttl', query, piece);
            queries.push(Date.now() - asked);
            const took = Date.now() - asked;
            if (process.env.BENCH_QUERIES) console.error(`${took} ms ${piece ?? ''} ${took > 3000 ? query : query.slice(0, 300)}`);
            return rows;
          },
          triples,
          new Date(),
          values.whole ? {} : { pieces: store.graphs('kas.ttl') },
        );
      } finally {
        await virtuoso.stop();
      }
    } else {
      summary = await checkInWorker(file);
    }
    const ms = Date.now() - started;
    const result = {
      mode: values.mode,
      ...(loadMs ? { load_s: Math.round(loadMs / 100) / 10 } : {}),
      ...(reused ? { reused_store: true } : {}),
      triples,
      file_mb: Math.round(statSync(file).size / 1e6),
      check_s: Math.round(ms / 100) / 10,
      triples_per_s: Math.round(triples / (ms / 1000)),
      peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      conforms: summary.conforms,
      violations: summary.violations,
      findings: summary.findings.length,
      ...(queries.length ? { queries: queries.length, slowest_query_s: Math.max(...queries) / 1000 } : {}),
    };
    console.log(JSON.stringify(result));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
