// npm run bench:portal — the server-rendered portal under load: a real nest-api and production portal on a scratch PostgreSQL
// with 200 organisations and 1,000 online datasets; autocannon fetches /datasets, /dataset/{slug}, /organisaties and /profiel
// signed in at 1 and 50 connections. Target: /datasets at 50 connections p99 ≤ 100 ms.
// BENCH_PAGES=/profiel,/datasets and BENCH_CONNECTIONS=50 narrow a run down.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from 'nest-api/tooling';
import { loadAverage, measure, startApi, startPortal, type Measured } from './bench-support';

const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 200);
const DATASETS = Number(process.env.BENCH_DATASETS ?? 1000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const CROPS = ['Tomaat', 'Komkommer', 'Paprika', 'Roos', 'Chrysant', 'Aardbei', 'Sla', 'Orchidee'];
const SUBJECTS = ['Teeltregistratie', 'Energieverbruik', 'Klimaatmetingen', 'Gewasbescherming', 'Watergift', 'Oogstprognose'];

async function seedCatalogue(databaseUrl: string): Promise<string> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    const datasources: string[] = [];
    for (let i = 1; i <= ORGANIZATIONS; i += 1) {
      const number = String(i).padStart(3, '0');
      const {
        rows: [organization],
      } = await db.query<{ id: string }>('INSERT INTO organizations (name, slug) VALUES ($1, $2) RETURNING id', [
        `Bench Kwekerij ${CROPS[i % CROPS.length]} ${number} B.V.`,
        `bench-kwekerij-${number}`,
      ]);
      const {
        rows: [datasource],
      } = await db.query<{ id: string }>(
        `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`,
        [`Databron ${number}`, organization.id],
      );
      datasources.push(datasource.id);
    }
    for (let i = 1; i <= DATASETS; i += 1) {
      const number = String(i).padStart(4, '0');
      const name = `${SUBJECTS[i % SUBJECTS.length]} ${CROPS[i % CROPS.length].toLowerCase()} kas ${number} (uurwaarden, alle afdelingen, seizoen 2026)`;
      await db.query(
        `INSERT INTO datasets (id, datasource_id, slug, name, about, contact, additional_info, file_format, status)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, 'teelt@example.test', '', '.ttl', 'online')`,
        [datasources[i % datasources.length], `bench-dataset-${number}`, name, `Benchmarkdataset ${number}.`],
      );
    }
    await db.query('COMMIT');
    return 'bench-dataset-0001';
  } finally {
    await db.end();
  }
}

function print(path: string, connections: number, result: Measured): void {
  console.log(
    `| ${path} | ${connections} | ${result.requestsPerSecond} | ${result.p50} ms | ${result.p99} ms | ${result.bytesPerRequest.toLocaleString('en')} | ${result.failures} |`,
  );
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()}`);
  const dir = await mkdtemp(join(tmpdir(), 'datahub-bench-portal-'));
  const postgres = await startEmbeddedPostgres(dir);
  try {
    await postgres.createDatabase('datahub');
    const databaseUrl = postgres.url('datahub');
    const api = await startApi({ DATABASE_URL: databaseUrl, DISCOVERY_INTERVAL_SECONDS: '0' });
    try {
      const slug = await seedCatalogue(databaseUrl);
      const portal = await startPortal(api, 'beheer@datahub.test', 'Tuinbouw-demo-2026');
      try {
        const { base, headers } = portal;
        const paths = process.env.BENCH_PAGES?.split(',') ?? ['/datasets', `/dataset/${slug}`, '/organisaties', '/profiel'];
        for (const path of paths) {
          const check = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
          if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
        }
        console.log(`${ORGANIZATIONS} extra organisations, ${DATASETS} online datasets; ${duration} s per run after a 2 s warm-up; signed in as the platform admin; bytes as sent (with accept-encoding: gzip, br)`);
        console.log('| page | connections | req/s | p50 | p99 | bytes/page | non-2xx/errors |');
        console.log('|---|---:|---:|---:|---:|---:|---:|');
        let datasets50: Measured | null = null;
        for (const path of paths) {
          for (const connections of (process.env.BENCH_CONNECTIONS ?? '1,50').split(',').map(Number)) {
            const result = await measure(`${base}${path}`, headers, connections, duration);
            // Let what the run left queued drain before the next one.
            await new Promise((r) => setTimeout(r, 3000));
            if (path === '/datasets' && connections === 50) datasets50 = result;
            print(path, connections, result);
          }
        }
        const ok = datasets50 !== null && datasets50.requestsPerSecond > 0 && datasets50.p99 <= 100 && datasets50.failures === 0;
        console.log(`target (/datasets, 50 connections, p99 ≤ 100 ms): ${ok ? 'met' : 'NOT met'}`);
        console.log(`load average at end: ${loadAverage()}`);
      } finally {
        await portal.stop();
      }
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
  process.exit(1);
});
