/** npm run bench:agent [-- --runs 15 --scale 1]: load time, RSS, and median query latency (token check included) per scope. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { GREENHOUSE_FILE, writeDemoData } from './generate-greenhouse';
import { BENCH_QUERIES as QUERIES } from './bench-queries';
import { signHubToken } from './tokens';
import { median, rssMb, waitFor } from './bench-helpers';


const SCOPES: { name: string; scopes: string[] }[] = [
  { name: 'ReadAll', scopes: ['Dataset.ReadAll'] },
  { name: 'ReadHeating + ReadCrop', scopes: ['Dataset.ReadHeating', 'Dataset.ReadCrop'] },
];

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string' }, scale: { type: 'string' } } });
  const runs = Number(values.runs ?? 15);
  const scale = Number(values.scale ?? 1);
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-agent-'));
  const dataDir = path.join(work, 'data');
  const secret = randomBytes(32).toString('base64url');
  const credentialsFile = path.join(work, 'credentials.json');
  writeFileSync(credentialsFile, JSON.stringify({ datasource_id: 'bench', name: 'bench', credentials: { datasource_id: 'bench', secret } }));
  const demo = writeDemoData(dataDir, { scale });
  const sizeMb = (readFileSync(path.join(dataDir, GREENHOUSE_FILE)).length / 1024 / 1024).toFixed(1);

  const started = performance.now();
  const child = spawn(process.execPath, [path.join(__dirname, 'cli.js'), '--credentials', credentialsFile, '--data', dataDir, '--port', '0', '--deadline', '120000'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = await waitFor(() => /listening url=(\S+)/.exec(output)?.[1], 'the agent to listen');
    await waitFor(async () => ((await (await fetch(url)).json()) as { ready?: boolean }).ready || undefined, 'the datasets to load');
    const readyMs = performance.now() - started;
    const loadLine = new RegExp(`dataset loaded file=${GREENHOUSE_FILE.replace('.', '\\.')} dataset_id=(\\S+) triples=(\\d+) load_ms=(\\d+)`).exec(output);
    if (!loadLine) throw new Error(`no load line for ${GREENHOUSE_FILE}:\n${output}`);
    const [, datasetId, triples, loadMs] = loadLine;
    const memoryAfterLoad = rssMb(child.pid!);

    const rows: string[] = [];
    for (const query of QUERIES) {
      for (const scope of SCOPES) {
        const token = () => signHubToken(secret, { datasetId, sub: 'bench', scopes: scope.scopes });
        const target = `${url}/datasets/${datasetId}?sparql_query=${encodeURIComponent(query.sparql)}`;
        const once = async () => {
          const t0 = performance.now();
          const response = await fetch(target, { headers: { authorization: `Bearer ${token()}` } });
          const body = await response.text();
          const ms = performance.now() - t0;
          if (response.status !== 200) throw new Error(`${query.name} (${scope.name}) answered ${response.status}: ${body.slice(0, 200)}`);
          return { ms, rows: (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length };
        };
        await once();
        await once();
        const timings: number[] = [];
        let resultRows = 0;
        for (let run = 0; run < runs; run += 1) {
          const { ms, rows: count } = await once();
          timings.push(ms);
          resultRows = count;
        }
        rows.push(`| ${query.name} | ${scope.name} | ${resultRows} | ${median(timings).toFixed(1)} | ${Math.min(...timings).toFixed(1)} | ${Math.max(...timings).toFixed(1)} |`);
      }
    }
    const memoryAfterQueries = rssMb(child.pid!);

    const lines = [
      `datasource-agent benchmark — ${new Date().toISOString()}`,
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`,
      '',
      `generated dataset: ${GREENHOUSE_FILE}, ${Number(triples).toLocaleString('en')} triples, ${sizeMb} MB Turtle (plus the 130-triple fixture); ${demo.files.length} datasets`,
      `load (parse + index into per-category graphs, in the worker): ${loadMs} ms`,
      `agent start → all datasets served: ${readyMs.toFixed(0)} ms`,
      `resident memory of the agent process after load: ${memoryAfterLoad.rss} MB (peak ${memoryAfterLoad.peak} MB)`,
      `resident memory after the query runs: ${memoryAfterQueries.rss} MB (peak ${memoryAfterQueries.peak} MB)`,
      '',
      `query latency, HTTP round trip incl. token check, ${runs} timed runs after 2 warm-up runs (deadline raised to 120 s for the benchmark):`,
      '',
      '| query | scopes | rows | median ms | min ms | max ms |',
      '|---|---|---:|---:|---:|---:|',
      ...rows,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:agent failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
