// npm run bench:federated — a two-dataset join through /api/sparql (issue 38) against the same join in one oxigraph Store, on a
// real nest-api and three reference data sources (A a hub copy, B naming some of A's subjects, S above SPARQL_CACHE_MB, so answered
// at its source); each stack with SPARQL_PUSH_DOWN=false and true (ADR 0053), cold and warm median per case.
// Target: hub ≤ 2 × bare + 20 ms. Options: --runs 15, --size 130000 (approximate triples of A), --only before|after.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as oxigraph from 'oxigraph';
import { generateGreenhouse } from 'datasource-agent/generate-greenhouse';
import { freePort } from 'nest-api/tooling';
import { AGENT_CLI, NEST_API_DIR, NEST_API_MAIN, stopChild } from './bench-support';

const PASSWORD = 'Tuinbouw-demo-2026';
const PUBLIC_URL = 'http://hub.bench.test';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface CaseFigures {
  cold: number;
  warm: number;
  bare: number;
  rows: number;
  runs: number;
  /** Pushed-down questions asked while the whole combination was built: their median and count. */
  meanwhile?: number;
  meanwhileRuns?: number;
  /** The same triples asked of the dataset's own endpoint (one forwarded CONSTRUCT, no combination): the floor of a store-mode question. */
  direct?: number;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string' }, size: { type: 'string' }, only: { type: 'string' } } });
  const runs = Number(values.runs ?? 15);
  const size = Number(values.size ?? 130_000);
  const generated = generateGreenhouse({ scale: Math.max(0.05, size / 130_000) });
  // S: a larger greenhouse, the same subject IRIs; SPARQL_CACHE_MB between the two keeps A a copy and S at its data source.
  const larger = generateGreenhouse({ scale: Math.max(0.05, (1.5 * size) / 130_000) });
  const cacheMb = (Buffer.byteLength(generated.turtle) + Buffer.byteLength(larger.turtle)) / 2 / (1024 * 1024);
  // B: 40 subjects of A, each with a label and a category of B's own.
  const subjectsStore = new oxigraph.Store();
  subjectsStore.load(generated.turtle, { format: 'text/turtle' });
  const subjects = (subjectsStore.query('SELECT DISTINCT ?s WHERE { ?s ?p ?o FILTER(isIRI(?s)) } LIMIT 40') as Map<string, oxigraph.Term>[]).map((row) => row.get('s')!.value);
  const turtleB = `@prefix ex: <http://example.org/bench/> .\n@prefix cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#> .\n${subjects
    .map((subject, index) => `<${subject}> ex:label "Perceel ${index}" .\nex:note${index} cgo:hasCategory "Crop" ; ex:about <${subject}> .`)
    .join('\n')}\n`;
  const results: Record<string, { copy: CaseFigures; store: CaseFigures }> = {};
  for (const pushDown of [false, true]) {
    const label = pushDown ? 'after' : 'before';
    if (values.only && values.only !== label) continue;
    results[label] = await stack({ pushDown, runs, cacheMb, subjects, datasets: [['Benchkas', generated.turtle], ['Benchpercelen', turtleB], ['Benchwinkel', larger.turtle]] });
  }
  const line = (name: string, figures: CaseFigures | undefined) => {
    if (!figures) return `${name}: not run`;
    const bar = 2 * figures.bare + 20;
    return `${name}: first question ${figures.cold.toFixed(0)} ms; warm median of ${figures.runs} ${figures.warm.toFixed(1)} ms, one store holding both ${figures.bare.toFixed(1)} ms (bar 2 × bare + 20 = ${bar.toFixed(1)} ms): ${figures.warm <= bar ? 'met' : 'NOT met'}; ${figures.rows} rows${figures.meanwhile === undefined ? '' : `; pushed down while the combination was built: median ${figures.meanwhile.toFixed(1)} ms of ${figures.meanwhileRuns}`}${figures.direct === undefined ? '' : `; S's own endpoint, the same CONSTRUCT forwarded: median ${figures.direct.toFixed(1)} ms`}`;
  };
  process.stdout.write(
    [
      `Federated SPARQL (/api/sparql) — ${new Date().toISOString()}`,
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`,
      `A: ${generated.triples.toLocaleString('en')} triples (hub copy); S: ${larger.triples.toLocaleString('en')} triples (answered at its data source; SPARQL_CACHE_MB ${cacheMb.toFixed(1)}); B: ${subjects.length * 3} triples`,
      'selective join: GRAPH <B> { ?x ex:label ?label } GRAPH <A or S> { ?x ?p ?o }',
      ...(['before', 'after'] as const).flatMap((label) => [
        `${label} (SPARQL_PUSH_DOWN=${label === 'after'}):`,
        `  ${line('B × A (hub copies)', results[label]?.copy)}`,
        `  ${line('B × S (store mode)', results[label]?.store)}`,
      ]),
      '',
    ].join('\n'),
  );
}

async function stack(options: { pushDown: boolean; runs: number; cacheMb: number; datasets: [string, string][]; subjects: string[] }): Promise<{ copy: CaseFigures; store: CaseFigures }> {
  const work = await mkdtemp(join(tmpdir(), 'datahub-bench-federated-'));
  const apiData = await mkdtemp(join(tmpdir(), 'datahub-bench-federated-api-'));
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const api = spawn(process.execPath, [NEST_API_MAIN], {
      cwd: NEST_API_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL,
        DATA_DIR: apiData,
        JWT_SECRET: randomBytes(32).toString('base64url'),
        CSRF_SECRET: randomBytes(32).toString('base64url'),
        DEMO_SEED: 'true',
        LOG_LEVEL: 'warn',
        ALLOW_PRIVATE_HOSTS: 'true',
        DISCOVERY_INTERVAL_SECONDS: '0',
        SPARQL_DEADLINE_MS: '120000',
        SPARQL_CACHE_MB: options.cacheMb.toFixed(3),
        SPARQL_PUSH_DOWN: String(options.pushDown),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 'nest-api', 120_000);
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'eigenaar@kwekerij-delta.test', password: PASSWORD }) })).json();
    const owner = (login as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${owner}` };
    const datasetIds: string[] = [];
    for (const [name, turtle] of options.datasets) {
      const created = await (await fetch(`${base}/api/datasources`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: `${name}bron`, hostname: '' }) })).json();
      const dir = join(work, name);
      await mkdir(join(dir, 'data'), { recursive: true });
      await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
      await writeFile(join(dir, 'data', 'kas.ttl'), turtle);
      await writeFile(join(dir, 'data', 'datasets.yaml'), `datasets:\n  - file: kas.ttl\n    name: ${name}\n`);
      const agentPort = await freePort();
      children.push(spawn(process.execPath, [AGENT_CLI, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', base, '--port', String(agentPort), '--host', '127.0.0.1', '--public-hostname', `127.0.0.1:${agentPort}`], { stdio: 'ignore' }));
      const datasourceId = (created as { datasource_id: string }).datasource_id;
      datasetIds.push(
        await waitFor(async () => {
          const mine = (await (await fetch(`${base}/api/my-datasets`, { headers: auth })).json()) as { dataset_id: string; status: string; datasource_id?: string; name?: string }[];
          return mine.find((dataset) => dataset.status === 'online' && (dataset.datasource_id === datasourceId || dataset.name === name))?.dataset_id;
        }, `${name} online`),
      );
    }
    const readable = (await (await fetch(`${base}/api/sparql/datasets`, { headers: auth })).json()) as { id: string; iri: string }[];
    const [iriA, iriB, iriS] = datasetIds.map((id) => readable.find((row) => row.id === id)!.iri) as [string, string, string];
    const bare = new oxigraph.Store();
    for (const [index, iri] of [iriA, iriB, iriS].entries()) bare.load(options.datasets[index]![1], { format: 'text/turtle', to_graph_name: oxigraph.namedNode(iri) });

    const subjects = options.subjects;
    const measure = async (big: string): Promise<CaseFigures> => {
      const query = `PREFIX ex: <http://example.org/bench/>\nSELECT ?x ?label ?p ?o WHERE { GRAPH <${iriB}> { ?x ex:label ?label } GRAPH <${big}> { ?x ?p ?o } }`;
      const ask = async () => {
        const t0 = performance.now();
        const url = `${base}/api/sparql?query=${encodeURIComponent(query)}`;
        const headers = { ...auth, accept: 'application/sparql-results+json' };
        const response = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
        const body = await response.text();
        if (response.status !== 200) throw new Error(`hub answered ${response.status}: ${body.slice(0, 200)}`);
        return { ms: performance.now() - t0, rows: (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length };
      };
      const cold = await ask();
      await ask();
      // Hub copies with push-down: the second question builds the whole combination beside its answer; warm is once it is kept.
      const meanwhile: number[] = [];
      if (options.pushDown && big === iriA) {
        const kept = async () => Number(/datahub_federation_parts_total\{how="kept"\} (\d+)/.exec(await (await fetch(`${base}/metrics`)).text())?.[1] ?? 0);
        const deadline = Date.now() + 120_000;
        while ((await kept()) === 0 && Date.now() < deadline) meanwhile.push((await ask()).ms);
      }
      const hub: number[] = [];
      const local: number[] = [];
      // A question of seconds (a whole store-mode part fetched each time) is timed five times, not fifteen.
      const runs = cold.ms > 2000 ? Math.min(options.runs, 5) : options.runs;
      for (let run = 0; run < runs; run += 1) {
        const answer = await ask();
        hub.push(answer.ms);
        const t0 = performance.now();
        const body = bare.query(query, { results_format: 'application/sparql-results+json' }) as string;
        local.push(performance.now() - t0);
        if (run === 0 && (JSON.parse(body) as { results: { bindings: unknown[] } }).results.bindings.length !== answer.rows) throw new Error('row counts differ between the hub and the bare store');
      }
      const direct: number[] = [];
      if (big === iriS) {
        const id = datasetIds[2]!;
        const construct = `CONSTRUCT { ?x ?p ?o } WHERE { ?x ?p ?o VALUES ?x { ${subjects.map((subject) => `<${subject}>`).join(' ')} } }`;
        for (let run = 0; run < runs; run += 1) {
          const t0 = performance.now();
          const response = await fetch(`${base}/api/datasets/${id}/sparql?query=${encodeURIComponent(construct)}`, { headers: { ...auth, accept: 'application/n-triples' } });
          await response.text();
          if (response.status === 200) direct.push(performance.now() - t0);
        }
      }
      return { cold: cold.ms, warm: median(hub), bare: median(local), rows: cold.rows, runs, ...(direct.length > 0 ? { direct: median(direct) } : {}), ...(meanwhile.length > 0 ? { meanwhile: median(meanwhile), meanwhileRuns: meanwhile.length } : {}) };
    };
    return { copy: await measure(iriA), store: await measure(iriS) };
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await rm(work, { recursive: true, force: true });
    await rm(apiData, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
