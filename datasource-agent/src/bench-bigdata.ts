// npm run bench:bigdata [-- --triples 20000000 --runs 7 --batch 50000]: store mode at size. Load throughput (agent vs Virtuoso's bulk
// loader) and one-category queries through hub, agent and Virtuoso alone, with peak RSS.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateGreenhouse } from './generate-greenhouse';
import { BENCH_QUERIES } from './bench-queries';
import { median, rssMb, waitFor } from './bench-helpers';
import { permittedGraphs } from './store/store-graphs';
import { EMPTY_GRAPH } from './store/store-query';
import { freePort, startVirtuoso, type TestVirtuoso } from './store/virtuoso-process';
import { signHubToken } from './tokens';
import { StoreClient } from './store/store-client';
import { readTriples } from './store/turtle-stream';
import { Writer } from 'n3';

const PASSWORD = 'Tuinbouw-demo-2026';
const NEST_API = path.resolve(__dirname, '..', '..', 'nest-api', 'dist', 'main.js');

/** A real nest-api (demo seed, embedded PostgreSQL in its own folder) that forwards every query (SPARQL_CACHE_MB=1). */
async function startHub(dir: string): Promise<{ base: string; child: ChildProcess; login: (email: string) => Promise<string> }> {
  const port = await freePort();
  const data = path.join(dir, 'hub');
  mkdirSync(data, { mode: 0o777 });
  const child = spawn(process.execPath, [NEST_API], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: data,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      CSRF_SECRET: randomBytes(32).toString('base64url'),
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      ALLOW_PRIVATE_HOSTS: 'true',
      DISCOVERY_INTERVAL_SECONDS: '0',
      SPARQL_CACHE_MB: '1',
      SPARQL_WARM_COPIES: 'false',
      SPARQL_DEADLINE_MS: '600000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error('nest-api stopped');
    return (await fetch(`${base}/api/health`)).ok || undefined;
  }, 'nest-api', 180_000);
  const login = async (email: string) =>
    ((await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })).json()) as { access_token: string }).access_token;
  return { base, child, login };
}

async function call<T>(url: string, token: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

const BASE = 'https://data.kwekerij-delta.test/kas/';
const DATASET = 'bigdata-1';
const GRANT = ['Dataset.ReadHeating'];

const QUERIES = [
  { name: 'selective lookup', sparql: `SELECT ?p ?o WHERE { <${BASE}c0/kas1-ketel> ?p ?o }` },
  { name: 'category join + FILTER', sparql: BENCH_QUERIES[0].sparql },
  { name: 'GROUP BY aggregate', sparql: BENCH_QUERIES[1].sparql },
];

function generate(file: string, triples: number): number {
  const one = generateGreenhouse({ scale: Math.min(8, Math.max(0.05, triples / 130_000)) });
  const copies = Math.max(1, Math.round(triples / one.triples));
  writeFileSync(file, '');
  for (let copy = 0; copy < copies; copy += 1) appendFileSync(file, one.turtle.replace(`PREFIX : <${BASE}>`, `PREFIX : <${BASE}c${copy}/>`));
  return copies * one.triples;
}

const CEILING_SAMPLE = 1_000_000;

/** The most the Graph Store protocol lets any loader reach here: N-Triples batches of the agent's size, two writes under way, no parsing timed. */
async function graphStoreCeiling(virtuoso: TestVirtuoso, file: string, batch: number): Promise<number> {
  const writer = new Writer({ format: 'N-Triples' });
  const batches: string[] = [];
  const lines: string[] = [];
  let count = 0;
  for await (const quad of readTriples(file)) {
    lines.push(writer.quadToString(quad.subject, quad.predicate, quad.object));
    if (lines.length === batch) batches.push(lines.splice(0).join(''));
    if ((count += 1) === CEILING_SAMPLE) break;
  }
  if (lines.length > 0) batches.push(lines.join(''));
  const client = new StoreClient({ sparqlEndpoint: virtuoso.sparqlEndpoint, graphStore: virtuoso.graphStore, credentials: { user: virtuoso.user, password: virtuoso.password } });
  const graph = 'urn:bench:ceiling';
  const started = performance.now();
  let next = 0;
  const post = async (): Promise<void> => {
    while (next < batches.length) await client.write(graph, batches[next++]);
  };
  await Promise.all([post(), post()]);
  const seconds = (performance.now() - started) / 1000;
  await client.drop(graph);
  return count / seconds;
}

function isql(virtuoso: TestVirtuoso, sql: string): void {
  execFileSync('isql-vt', [String(virtuoso.sqlPort), virtuoso.user, virtuoso.password, `exec=${sql}`], { stdio: 'pipe' });
}

async function timed(run: () => Promise<unknown>, runs: number): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { triples: { type: 'string' }, runs: { type: 'string' }, batch: { type: 'string' } } });
  const wanted = Number(values.triples ?? 20_000_000);
  const runs = Number(values.runs ?? 7);
  const virtuoso = await startVirtuoso({ maxRows: 100_000_000, buffers: 100_000 });
  const dataDir = path.join(virtuoso.dir, 'data');
  mkdirSync(dataDir);
  const file = path.join(dataDir, 'bigdata.ttl');
  const t0 = performance.now();
  const triples = generate(file, wanted);
  const generateS = (performance.now() - t0) / 1000;
  writeFileSync(path.join(dataDir, 'datasets.yaml'), `datasets:\n  - file: bigdata.ttl\n    dataset_id: ${DATASET}\n    name: Bigdata\n    about: x\n    contact: x\n    additional_info: x\n`);
  const hub = await startHub(virtuoso.dir);
  const deltaOwner = await hub.login('eigenaar@kwekerij-delta.test');
  const westOwner = await hub.login('eigenaar@kassenbouw-west.test');
  const created = await call<{ credentials: { secret: string } }>(`${hub.base}/api/datasources`, deltaOwner, { method: 'POST', json: { name: 'Bigdata-bron', hostname: '' } });
  const secret = created.credentials.secret;
  const credentials = path.join(virtuoso.dir, 'credentials.json');
  writeFileSync(credentials, JSON.stringify(created));
  const agentPort = await freePort();

  const child = spawn(process.execPath, [path.join(__dirname, 'cli.js'), '--credentials', credentials, '--data', dataDir, '--hub', hub.base, '--port', String(agentPort), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${agentPort}`, '--rescan-interval', '0', '--deadline', '600000', ...(values.batch ? ['--store-batch', values.batch] : []), ...virtuoso.cliArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peakRss = 0;
  let hubPeakRss = 0;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssMb(child.pid!).rss);
      hubPeakRss = Math.max(hubPeakRss, rssMb(hub.child.pid!).rss);
    } catch {
      // exited
    }
  }, 200);
  try {
    const url = await waitFor(() => /listening url=(\S+)/.exec(output)?.[1], 'the agent to listen');
    await waitFor(async () => ((await (await fetch(url)).json()) as { ready?: boolean }).ready || undefined, 'the load', 24 * 3600_000);
    const loaded = /loaded into the store file=bigdata\.ttl triples=(\d+) graphs=(\d+) passes=(\d) load_ms=(\d+) triples_per_s=(\d+) store_busy_pct=(\d+) waited_for_store_ms=(\d+)/.exec(output);
    if (!loaded) throw new Error(`no load line:\n${output.slice(-2000)}`);
    const agentLoadRss = peakRss;
    // The hub's side: the dataset online, and a one-category grant from Kwekerij Delta to Kassenbouw West.
    const hubDataset = await waitFor(async () => {
      const mine = await call<{ dataset_id: string; status: string }[]>(`${hub.base}/api/my-datasets`, deltaOwner);
      return mine.find((dataset) => dataset.status === 'online')?.dataset_id;
    }, 'the dataset to come online at the hub', 600_000);
    const west = await call<{ organization: string }>(`${hub.base}/api/current_user`, westOwner);
    await call(`${hub.base}/api/datasets/${hubDataset}/authorisations`, deltaOwner, { method: 'POST', json: { dataset: hubDataset, authorisations: GRANT, assignee_organization: west.organization } });

    const b0 = performance.now();
    isql(virtuoso, `ld_dir('${dataDir}', 'bigdata.ttl', 'urn:bench:bulk'); rdf_loader_run(); checkpoint;`);
    const bulkS = (performance.now() - b0) / 1000;
    isql(virtuoso, `SPARQL CLEAR GRAPH <urn:bench:bulk>;`);
    const ceiling = await graphStoreCeiling(virtuoso, file, Number(values.batch ?? 10_000));

    const graphsAnswer = await fetch(`${virtuoso.sparqlEndpoint}?query=${encodeURIComponent(`SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }`)}`, { headers: { accept: 'application/sparql-results+json' } });
    const all = ((await graphsAnswer.json()) as { results: { bindings: { g: { value: string } }[] } }).results.bindings.map((b) => b.g.value);
    const graphs = permittedGraphs(DATASET, all, { all: false, categories: ['Heating'] });
    const rows: string[] = [];
    for (const query of QUERIES) {
      let hubRows = 0;
      const viaHub = await timed(async () => {
        const response = await fetch(`${hub.base}/api/datasets/${hubDataset}/data?sparql_query=${encodeURIComponent(query.sparql)}`, { headers: { authorization: `Bearer ${westOwner}`, accept: 'application/sparql-results+json' } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${query.name} via the hub: ${response.status} ${body.slice(0, 300)}`);
        hubRows = (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length;
      }, runs);
      let agentRows = 0;
      const viaAgent = await timed(async () => {
        const token = signHubToken(secret, { datasetId: hubDataset, sub: 'bench', scopes: GRANT });
        const response = await fetch(`${url}/datasets/${hubDataset}?sparql_query=${encodeURIComponent(query.sparql)}`, { headers: { authorization: `Bearer ${token}` } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${query.name}: ${response.status} ${body.slice(0, 300)}`);
        agentRows = (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length;
      }, runs);
      const straight = await timed(async () => {
        const form = new URLSearchParams({ query: query.sparql });
        for (const graph of graphs) form.append('default-graph-uri', graph);
        form.append('named-graph-uri', EMPTY_GRAPH);
        const response = await fetch(virtuoso.sparqlEndpoint, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/sparql-results+json' } });
        await response.text();
      }, runs);
      const bar = 1.3 * straight + 10;
      rows.push(`| ${query.name} | ${hubRows} | ${viaHub.toFixed(1)} | ${agentRows} | ${viaAgent.toFixed(1)} | ${straight.toFixed(1)} | ${(viaHub / straight).toFixed(2)} | ${bar.toFixed(1)}: ${viaHub <= bar ? 'met' : 'NOT met'} |`);
    }
    const sizeMb = (statSync(file).size / 1048576).toFixed(0);
    const [, agentTriples, graphCount, passes, loadMs, agentRate, busyPct, waitedMs] = loaded;
    const bulkRate = triples / bulkS;
    const lines = [
      `bench:bigdata — ${new Date().toISOString()}`,
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`,
      `dataset: ${triples.toLocaleString('en')} triples generated (${sizeMb} MB Turtle) in ${generateS.toFixed(0)} s; the agent put ${Number(agentTriples).toLocaleString('en')} into ${graphCount} graphs`,
      '',
      '| load | s | triples/s |',
      '|---|---:|---:|',
      `| agent (${passes} streamed pass${passes === '1' ? '' : 'es'}, per-category graphs, Graph Store POSTs, 2 under way) | ${(Number(loadMs) / 1000).toFixed(1)} | ${Number(agentRate).toLocaleString('en')} |`,
      `| Virtuoso bulk loader (ld_dir + rdf_loader_run + checkpoint, one graph) | ${bulkS.toFixed(1)} | ${Math.round(bulkRate).toLocaleString('en')} |`,
      `| Graph Store ceiling (first ${CEILING_SAMPLE.toLocaleString('en')} triples as ready N-Triples, POSTs of the agent's size, 2 under way, no parsing) | | ${Math.round(ceiling).toLocaleString('en')} |`,
      `agent / bulk loader: ${(Number(agentRate) / bulkRate).toFixed(2)}; Graph Store ceiling / bulk loader: ${(ceiling / bulkRate).toFixed(2)}; agent / ceiling: ${(Number(agentRate) / ceiling).toFixed(2)}`,
      `during the agent's load a write was under way ${busyPct} % of the time; parsing stood still ${(Number(waitedMs) / 1000).toFixed(1)} s waiting for the store; agent peak RSS during the load: ${agentLoadRss} MB`,
      '',
      `queries with ${GRANT.join(', ')} (${graphs.length} graphs), median of ${runs} after a warm-up run:`,
      '',
      '| query | rows via hub | via hub ms | rows via agent | via agent ms | straight to Virtuoso ms | hub / straight | bar 1.3 × straight + 10 ms |',
      '|---|---:|---:|---:|---:|---:|---:|---|',
      ...rows,
      '',
      `agent peak RSS over the whole run: ${peakRss} MB; nest-api peak RSS: ${hubPeakRss} MB`,
      '(rows straight from Virtuoso are uncapped; the hub and the agent stop at their row cap)',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    hub.child.kill('SIGTERM');
    await new Promise((resolve) => (hub.child.exitCode !== null ? resolve(null) : hub.child.once('exit', resolve)));
    await virtuoso.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:bigdata failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
