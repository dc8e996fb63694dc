// npm run bench:sparql-memory — issue 32 item 10: memory-hungry queries (CONCAT doubling, ORDER BY or GROUP_CONCAT over a cartesian
// product) run by one organisation on a real nest-api and the reference data source, while another organisation asks small queries.
// Prints the API's RSS at start, peak and end, and the small query's median solo and during. Bars: end ≤ start + 300 MB; small
// query during ≤ 2 × solo + 50 ms. Options: --rounds 3, --budget MB (SPARQL_QUERY_MEMORY_MB), --deadline ms (SPARQL_DEADLINE_MS).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateGreenhouse } from 'datasource-agent/generate-greenhouse';
import { freePort } from 'nest-api/tooling';
import { AGENT_CLI, NEST_API_DIR, NEST_API_MAIN, signIn, stopChild, waitForHealth } from './bench-support';

const PASSWORD = 'Tuinbouw-demo-2026';
const AGENT = AGENT_CLI;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function doubling(steps: number, projection: (last: string) => string): string {
  let text = `SELECT ${projection(`?x${steps}`)} WHERE { BIND("ab" AS ?x0) `;
  for (let step = 1; step <= steps; step += 1) text += `BIND(CONCAT(?x${step - 1}, ?x${step - 1}) AS ?x${step}) `;
  return text + '}';
}

/** Each takes hundreds of MB (or more) without a per-query budget. */
const CORPUS = [
  { name: 'CONCAT doubling 2^24, length answered', sparql: doubling(24, (last) => `(STRLEN(${last}) AS ?n)`) },
  { name: 'CONCAT doubling 2^26, length answered', sparql: doubling(26, (last) => `(STRLEN(${last}) AS ?n)`) },
  { name: 'ORDER BY over a 3-way cartesian product', sparql: 'SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?c ?f ?i LIMIT 10' },
  { name: 'GROUP_CONCAT over a 2-way cartesian product', sparql: 'SELECT (STRLEN(GROUP_CONCAT(CONCAT(STR(?c), STR(?f)))) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f }' },
];

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { rounds: { type: 'string' }, budget: { type: 'string' }, deadline: { type: 'string' } } });
  const rounds = Number(values.rounds ?? 3);
  const generated = generateGreenhouse({ scale: 1 });
  const work = await mkdtemp(join(tmpdir(), 'datahub-bench-sparql-memory-'));
  const apiData = await mkdtemp(join(tmpdir(), 'datahub-bench-sparql-memory-api-'));
  let api: ChildProcess | undefined;
  let agent: ChildProcess | undefined;
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
        SPARQL_WORKERS: '2',
        SPARQL_DEADLINE_MS: values.deadline ?? '10000',
        // Every small query is its own text, but no answer is kept either way.
        SPARQL_RESULT_CACHE_MB: '0',
        ...(values.budget ? { SPARQL_QUERY_MEMORY_MB: values.budget } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const pid = api.pid!;
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, 180_000);
    const owner = await signIn(base, 'eigenaar@kwekerij-delta.test', PASSWORD);
    const other = await signIn(base, 'eigenaar@kassenbouw-west.test', PASSWORD);
    const json = async (path: string, token: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const created = await json('/api/datasources', owner, { name: 'Geheugenbron', hostname: '' });
    await mkdir(join(work, 'data'), { recursive: true });
    await writeFile(join(work, 'credentials.json'), JSON.stringify(created));
    await writeFile(join(work, 'data', 'kas.ttl'), generated.turtle);
    await writeFile(join(work, 'data', 'datasets.yaml'), 'datasets:\n  - file: kas.ttl\n    name: Geheugenkas\n');
    const agentPort = await freePort();
    agent = spawn(process.execPath, [AGENT, '--credentials', join(work, 'credentials.json'), '--data', join(work, 'data'), '--hub', base, '--port', String(agentPort), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${agentPort}`], { stdio: 'ignore' });
    let datasetId: string | undefined;
    for (let attempt = 0; attempt < 600 && !datasetId; attempt += 1) {
      const mine = (await json('/api/my-datasets', owner).catch(() => [])) as unknown as { dataset_id: string; status: string }[];
      datasetId = Array.isArray(mine) ? mine.find((dataset) => dataset.status === 'online')?.dataset_id : undefined;
      if (!datasetId) await sleep(200);
    }
    if (!datasetId) throw new Error('the dataset did not come online');
    const west = (await json('/api/current_user', other)) as { organization: string };
    await json(`/api/datasets/${datasetId}/authorisations`, owner, { dataset: datasetId, authorisations: ['Dataset.ReadAll'], assignee_organization: west.organization });

    const ask = async (token: string, sparql: string) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(sparql)}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/sparql-results+json' },
      });
      const body = await response.text();
      return { status: response.status, body, ms: performance.now() - started };
    };
    let asked = 0;
    const small = async () => {
      asked += 1;
      const answer = await ask(other, `ASK { ?s ?p ?o FILTER(?s != <urn:small:${asked}>) }`);
      if (answer.status !== 200 || !answer.body.includes('true')) throw new Error(`small query answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      return answer.ms;
    };

    const loadedRss = (await small(), rssMb(pid));
    // Warm-up: one heavy query with small ones alongside brings the second worker up with its copy.
    const warm = ask(owner, CORPUS[2].sparql);
    let warmDone = false;
    void warm.finally(() => (warmDone = true));
    while (!warmDone) await small();
    for (let i = 0; i < 10; i += 1) await small();
    await sleep(3000);
    const startRss = rssMb(pid);
    const solo: number[] = [];
    for (let i = 0; i < 30; i += 1) solo.push(await small());

    let peakRss = startRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 20);
    const outcomes: string[] = [];
    let corpusDone = false;
    const corpus = (async () => {
      for (let round = 0; round < rounds; round += 1) {
        for (const query of CORPUS) {
          const answer = await ask(owner, query.sparql);
          const detail = answer.status === 200 ? 'answered' : ((JSON.parse(answer.body) as { detail?: string }).detail ?? '');
          outcomes.push(`${query.name}: ${answer.status} ${detail} in ${(answer.ms / 1000).toFixed(1)} s`);
        }
      }
    })().finally(() => (corpusDone = true));
    const during: number[] = [];
    while (!corpusDone) {
      during.push(await small());
      await sleep(50);
    }
    await corpus;
    clearInterval(sampler);
    // Terminated workers give their memory back within a second or so; a replacement reloads its copy.
    await sleep(5000);
    for (let i = 0; i < 5; i += 1) await small();
    const endRss = rssMb(pid);

    const [soloMedian, duringMedian] = [median(solo), median(during)];
    const memoryOk = endRss - startRss <= 300;
    const latencyOk = duringMedian <= 2 * soloMedian + 50;
    const lines = [
      `SPARQL memory per query — ${new Date().toISOString()}`,
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
      `dataset: ${generated.triples.toLocaleString('en')} triples; SPARQL_QUERY_MEMORY_MB ${values.budget ?? 'default'}, SPARQL_WORKERS 2, deadline ${values.deadline ?? '10000'} ms, corpus ${rounds} × ${CORPUS.length} heavy queries`,
      '',
      ...outcomes.map((line) => `- ${line}`),
      '',
      `API resident memory: ${loadedRss} MB with the copy in one worker; start ${startRss} MB (both workers with their copy), peak ${peakRss} MB (${(peakRss / startRss).toFixed(2)} × start), end ${endRss} MB (${(endRss / startRss).toFixed(2)} × start, ${endRss - startRss >= 0 ? '+' : ''}${endRss - startRss} MB)`,
      `small query of another organisation (ASK, median): solo ${soloMedian.toFixed(1)} ms (${solo.length} runs), during the corpus ${duringMedian.toFixed(1)} ms (${during.length} runs), ratio ${(duringMedian / soloMedian).toFixed(2)}; bar 2 × solo + 50 = ${(2 * soloMedian + 50).toFixed(1)} ms`,
      `bars: end ≤ start + 300 MB: ${memoryOk ? 'met' : 'NOT met'}; small query during ≤ 2 × solo + 50 ms: ${latencyOk ? 'met' : 'NOT met'}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    if (agent) await stopChild(agent);
    if (api) await stopChild(api);
    await rm(work, { recursive: true, force: true });
    await rm(apiData, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
