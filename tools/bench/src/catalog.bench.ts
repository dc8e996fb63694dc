// npm run bench:catalog — the open DCAT-AP-NL catalogue (issue 36) with 1,000 online datasets over 100 organisations: anonymous
// GET /api/catalog in Turtle, JSON-LD and RDF/XML for the default page, one page of 1,000, and walking all default pages.
// Target: GET /api/catalog for 1,000 datasets ≤ 1 s (median).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startEmbeddedPostgres } from 'nest-api/tooling';
import { loadAverage, startApi } from './bench-support';

const DATASETS = Number(process.env.BENCH_CATALOG_DATASETS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function seed(databaseUrl: string): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`INSERT INTO organizations (name, slug, kvk_number) SELECT 'Catalogus kwekerij ' || n, 'catalogus-kwekerij-' || n, 10000000 + n FROM generate_series(1, 100) n`);
    await db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) SELECT 'Bron van ' || name, id, 'v1.x.y.z' FROM organizations WHERE slug LIKE 'catalogus-kwekerij-%'`);
    await db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, about, contact, status, categories, triples, updated_at)
       SELECT gen_random_uuid(), ds.id, 'catalogus-set-' || g, 'Catalogus set ' || lpad(g::text, 5, '0'),
              'Klimaat-, water- en gewasmetingen van kas ' || g || '.', 'teelt' || g || '@kwekerij.test', 'online',
              CASE g % 4 WHEN 0 THEN ARRAY['Water','Heating'] WHEN 1 THEN ARRAY['Crop'] WHEN 2 THEN ARRAY['Construction','Glass','Roof'] END, 1000 * g, now()
       FROM generate_series(1, $1::int) g
       JOIN LATERAL (SELECT id FROM datasources WHERE name LIKE 'Bron van Catalogus kwekerij %' ORDER BY name OFFSET g % 100 LIMIT 1) ds ON true`,
      [DATASETS],
    );
  } finally {
    await db.end();
  }
}

/** The first answer is built (nothing kept yet); the runs after it are the kept answer, as harvesters see it. */
async function timed(url: string, accept: string): Promise<{ built: number; median: number; p95: number; bytes: number }> {
  const begun = performance.now();
  const first = await fetch(url, { headers: { accept } });
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  const bytes = (await first.arrayBuffer()).byteLength;
  const built = performance.now() - begun;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await (await fetch(url, { headers: { accept } })).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { built, median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)], bytes };
}

async function walk(base: string, accept: string): Promise<number> {
  const started = performance.now();
  let pages = 0;
  for (let page = 1; page <= Math.ceil(DATASETS / 100) + 1; page += 1) {
    await (await fetch(`${base}/api/catalog?page=${page}`, { headers: { accept } })).arrayBuffer();
    pages += 1;
  }
  if (pages === 0) throw new Error('no pages');
  return performance.now() - started;
}

async function main(): Promise<void> {
  console.log(`open catalogue with ${DATASETS.toLocaleString('en')} generated datasets — ${new Date().toISOString()}; load average at start: ${loadAverage()}`);
  const dir = await mkdtemp(join(tmpdir(), 'datahub-bench-catalog-'));
  const postgres = await startEmbeddedPostgres(dir);
  try {
    await postgres.createDatabase('datahub');
    const databaseUrl = postgres.url('datahub');
    const api = await startApi({ DATABASE_URL: databaseUrl, DISCOVERY_INTERVAL_SECONDS: '0' });
    try {
      await seed(databaseUrl);
      console.log(`sequential anonymous requests, ${RUNS} per row after one warm-up`);
      console.log('| request | format | first (built) | median (kept) | p95 (kept) | size |');
      console.log('|---|---|---:|---:|---:|---:|');
      let worst = 0;
      for (const [format, accept] of [['Turtle', 'text/turtle'], ['JSON-LD', 'application/ld+json'], ['RDF/XML', 'application/rdf+xml']] as const) {
        for (const [label, query] of [['default page (100)', ''], [`all ${DATASETS} on one page`, `?size=${Math.min(DATASETS + 1, 1000)}`]] as const) {
          const result = await timed(`${api.base}/api/catalog${query}`, accept);
          // The target counts the built answer: a harvester may be the first to ask after a change.
          if (query) worst = Math.max(worst, result.built);
          console.log(`| ${label} | ${format} | ${result.built.toFixed(0)} ms | ${result.median.toFixed(0)} ms | ${result.p95.toFixed(0)} ms | ${(result.bytes / 1024).toFixed(0)} KiB |`);
        }
        console.log(`| every default page in turn (${Math.ceil(DATASETS / 100) + 1}), first reads but the first page | ${format} | | ${(await walk(api.base, accept)).toFixed(0)} ms (total) | | |`);
      }
      console.log(`target (GET /api/catalog for ${DATASETS} datasets ≤ 1 s, built answer, every format): ${worst <= 1000 ? 'met' : 'NOT met'} (slowest ${worst.toFixed(0)} ms); load average at end: ${loadAverage()}`);
    } finally {
      await api.stop();
    }
  } finally {
    await postgres.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
