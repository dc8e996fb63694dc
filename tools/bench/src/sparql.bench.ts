// npm run bench:sparql — SPARQL through the hub against a bare oxigraph Store, for the generated greenhouse (and a ~1M-triple variant):
// the hub's load time and RSS, then the median latency of the three agent queries via GET /api/datasets/{id}/data (warm) and bare.
// Targets: warm hub query ≤ 1.2 × bare + 5 ms; 1M triples loaded ≤ 10 s in ≤ 600 MB; the SPARQL Protocol endpoint with an API token
// ≤ 1.2 × the data endpoint + 1 ms. The hub's figure includes HTTP and this process's decoding. Options: --runs 15, --sizes 130000,1000000.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as oxigraph from 'oxigraph';
import { BENCH_QUERIES as QUERIES } from 'datasource-agent/bench-queries';
import { generateGreenhouse } from 'datasource-agent/generate-greenhouse';
import { freePort } from 'nest-api/tooling';
import { AGENT_CLI, NEST_API_DIR, NEST_API_MAIN } from './bench-support';


const PASSWORD = 'Tuinbouw-demo-2026';
const AGENT = AGENT_CLI;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: Math.round(field('VmRSS')), peak: Math.round(field('VmHWM')) };
}

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 600_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch((error: Error) => {
      if (error.message === 'nest-api stopped') throw error;
      return undefined;
    });
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The generator's scale that gives about `triples` triples (observations grow linearly with the scale). */
function scaleFor(triples: number): number {
  const one = generateGreenhouse({ scale: 1 }).triples;
  const two = generateGreenhouse({ scale: 2 }).triples;
  return Math.max(0.05, 1 + (triples - one) / (two - one));
}

async function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function benchSize(target: number, runs: number): Promise<string[]> {
  // At most 1,000,000: the data source cuts a CONSTRUCT off there, and the hub would then query it where it lives.
  const scale = target <= 130_100 ? 1 : scaleFor(Math.min(target, 995_000));
  const generated = generateGreenhouse({ scale });
  const work = await mkdtemp(join(tmpdir(), 'datahub-bench-sparql-'));
  // Its own folder: the embedded PostgreSQL runs as another user and must reach it.
  const apiData = await mkdtemp(join(tmpdir(), 'datahub-bench-sparql-api-'));
  let api: ChildProcess | null = null;
  let agent: ChildProcess | null = null;
  try {
    const port = await freePort();
    api = spawn(process.execPath, [NEST_API_MAIN], {
      cwd: NEST_API_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: apiData,
        JWT_SECRET: randomBytes(32).toString('base64url'),
        CSRF_SECRET: randomBytes(32).toString('base64url'),
        DEMO_SEED: 'true',
        LOG_LEVEL: 'warn',
        ALLOW_PRIVATE_HOSTS: 'true',
        DISCOVERY_INTERVAL_SECONDS: '0',
        SPARQL_DEADLINE_MS: '120000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    const started = api;
    await waitFor(async () => {
      if (started.exitCode !== null) throw new Error('nest-api stopped');
      return (await fetch(`${base}/api/health`)).ok ? true : undefined;
    }, 'nest-api', 120_000);
    const login = async (email: string) =>
      ((await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })).json()) as { access_token: string }).access_token;
    const owner = await login('eigenaar@kwekerij-delta.test');
    const created = await (await fetch(`${base}/api/datasources`, { method: 'POST', headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Benchbron', hostname: '' }) })).json();
    await mkdir(join(work, 'data'), { recursive: true });
    await writeFile(join(work, 'credentials.json'), JSON.stringify(created));
    await writeFile(join(work, 'data', 'kas.ttl'), generated.turtle);
    await writeFile(join(work, 'data', 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Benchkas\n');
    const agentPort = await freePort();
    agent = spawn(process.execPath, [AGENT, '--credentials', join(work, 'credentials.json'), '--data', join(work, 'data'), '--hub', base, '--port', String(agentPort), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${agentPort}`, '--deadline', '300000'], { stdio: 'ignore' });
    const datasetId = await waitFor(async () => {
      const mine = (await (await fetch(`${base}/api/my-datasets`, { headers: { authorization: `Bearer ${owner}` } })).json()) as { dataset_id: string; status: string }[];
      return mine.find((dataset) => dataset.status === 'online')?.dataset_id;
    }, 'the dataset to come online');

    const me = (await (await fetch(`${base}/api/current_user`, { headers: { authorization: `Bearer ${owner}` } })).json()) as { organization: string };
    const apiToken = (
      (await (
        await fetch(`${base}/api/organizations/${me.organization}/api-tokens`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Bench', scopes: ['data:read'], expires_in_days: 30 }),
        })
      ).json()) as { token: string }
    ).token;
    /** Through GET …/data with the owner's session, or (protocol) GET …/sparql?query= with the organisation's API token. */
    const ask = async (sparql: string, protocol = false) => {
      const t0 = performance.now();
      const url = protocol
        ? `${base}/api/datasets/${datasetId}/sparql?query=${encodeURIComponent(sparql)}`
        : `${base}/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(sparql)}`;
      const headers = { authorization: `Bearer ${protocol ? apiToken : owner}`, accept: 'application/sparql-results+json' };
      // A kept-alive connection the server closed while this process was busy (the bare load): once more.
      const response = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
      const body = await response.text();
      if (response.status !== 200) throw new Error(`hub answered ${response.status}: ${body.slice(0, 200)}`);
      return { ms: performance.now() - t0, rows: (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length };
    };
    const before = rssMb(api.pid!);
    const cold = await ask('SELECT * WHERE { ?s ?p ?o } LIMIT 1');
    const loaded = rssMb(api.pid!);

    const bareRssBefore = process.memoryUsage.rss();
    const bareStarted = performance.now();
    const store = new oxigraph.Store();
    store.load(generated.turtle, { format: 'text/turtle' });
    const bareLoadMs = performance.now() - bareStarted;
    const bareRssMb = Math.round((process.memoryUsage.rss() - bareRssBefore) / 1024 / 1024);

    const rows: string[] = [];
    let met = true;
    const protocolRows: string[] = [];
    let protocolMet = true;
    for (const query of QUERIES) {
      await ask(query.sparql);
      await ask(query.sparql);
      await ask(query.sparql, true);
      await ask(query.sparql, true);
      store.query(query.sparql, { results_format: 'application/sparql-results+json' });
      // Interleaved, so that both see the same moments of a shared machine's load.
      const hub: number[] = [];
      const bare: number[] = [];
      const protocol: number[] = [];
      let count = 0;
      for (let run = 0; run < runs; run += 1) {
        const result = await ask(query.sparql);
        hub.push(result.ms);
        count = result.rows;
        protocol.push((await ask(query.sparql, true)).ms);
        const t0 = performance.now();
        const body = store.query(query.sparql, { results_format: 'application/sparql-results+json' }) as string;
        bare.push(performance.now() - t0);
        if (run === 0 && (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length !== count) throw new Error(`${query.name}: row counts differ`);
      }
      const [hubMedian, bareMedian] = [median(hub), median(bare)];
      const ok = hubMedian <= 1.2 * bareMedian + 5;
      met &&= ok;
      rows.push(`| ${query.name} | ${count} | ${hubMedian.toFixed(1)} | ${bareMedian.toFixed(1)} | ${(hubMedian / bareMedian).toFixed(2)} | ${(1.2 * bareMedian + 5).toFixed(1)} | ${ok ? 'met' : 'NOT met'} |`);
      const protocolMedian = median(protocol);
      const protocolOk = protocolMedian <= 1.2 * hubMedian + 1;
      protocolMet &&= protocolOk;
      protocolRows.push(`${query.name}: ${protocolMedian.toFixed(1)} ms vs data ${hubMedian.toFixed(1)} ms (bar ${(1.2 * hubMedian + 1).toFixed(1)}): ${protocolOk ? 'met' : 'NOT met'}`);
    }
    // The fixed cost of a request through the hub (HTTP, sign-in check, lookups, guard, worker hop).
    const floor: number[] = [];
    for (let run = 0; run < runs + 2; run += 1) floor.push((await ask('SELECT * WHERE { } LIMIT 1')).ms);
    const after = rssMb(api.pid!);
    const sizeMb = (Buffer.byteLength(generated.turtle) / 1024 / 1024).toFixed(1);
    const loadOk = cold.ms <= 10_000 && loaded.rss <= 600;
    return [
      `### ${generated.triples.toLocaleString('en')} triples (${sizeMb} MB Turtle, generator scale ${scale.toFixed(2)})`,
      '',
      // Workers start on demand: one way or the other, one worker holds the copy when the benchmark's sequential queries run.
      `hub load (first query: the data source's dump over the Hub Protocol + parse + index, one worker): ${cold.ms.toFixed(0)} ms; bare oxigraph Store load in one process: ${bareLoadMs.toFixed(0)} ms (ratio ${(cold.ms / bareLoadMs).toFixed(2)})`,
      `nest-api resident memory: ${before.rss} MB before, ${loaded.rss} MB after loading (+${loaded.rss - before.rss} MB; peak ${loaded.peak} MB), ${after.rss} MB after the queries (peak ${after.peak} MB); the bare Store grew this process by ${bareRssMb} MB`,
      ...(generated.triples >= 900_000 ? [`target (1M triples loaded ≤ 10 s in ≤ 600 MB): ${loadOk ? 'met' : 'NOT met'}`] : []),
      '',
      `warm query latency, median of ${runs} runs after 2 warm-up runs (hub: HTTP round trip with sign-in check and authorisation lookup; bare: store.query in one process), owner organisation (ReadAll):`,
      '',
      '| query | rows | hub ms | bare ms | ratio | bar (1.2 × bare + 5) | target |',
      '|---|---:|---:|---:|---:|---:|---|',
      ...rows,
      '',
      `hub floor (SELECT * WHERE { } LIMIT 1, median): ${median(floor.slice(2)).toFixed(1)} ms`,
      '',
      `SPARQL 1.1 Protocol endpoint with an API token (GET …/sparql?query=, median, same runs; bar 1.2 × data + 1 ms): ${protocolRows.join('; ')} — ${protocolMet ? 'met' : 'NOT met'}`,
      '',
      `warm-query target: ${met ? 'met' : 'NOT met'} (load average now ${loadavg().map((value) => value.toFixed(2)).join(' ')})`,
      '',
    ];
  } finally {
    await stop(agent);
    await stop(api);
    await rm(work, { recursive: true, force: true });
    await rm(apiData, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string' }, sizes: { type: 'string' } } });
  const runs = Number(values.runs ?? 15);
  const sizes = (values.sizes ?? '130000,1000000').split(',').map(Number);
  const lines = [
    `SPARQL through the hub — ${new Date().toISOString()}`,
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
    '',
  ];
  for (const size of sizes) lines.push(...(await benchSize(size, runs)));
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
