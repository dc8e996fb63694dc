// npm run bench:audit — the audit trail at a million rows: a scratch embedded PostgreSQL with the demo seed plus 200 organisations,
// 1,000 datasets and BENCH_AUDIT_ROWS (1,000,000) audit rows; signed in as Delta's owner, sequential requests time filtered pages
// of GET /api/audit-log and /logboek, with GET /api/current_user as the floor of a signed-in round trip.
// Target: a filtered /logboek page ≤ 100 ms (median).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { startEmbeddedPostgres } from 'nest-api/tooling';
import { loadAverage, signIn, startApi, startPortal } from './bench-support';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const OWNER = 'eigenaar@kwekerij-delta.test';
const PASSWORD = 'Tuinbouw-demo-2026';

async function seedAudit(databaseUrl: string): Promise<{ delta: string; dataset: string }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const [{ id: delta }] = (await db.query(`SELECT id FROM organizations WHERE slug = 'kwekerij-delta'`)).rows;
    await db.query(`INSERT INTO organizations (name, slug) SELECT 'Bench organisatie ' || n, 'bench-organisatie-' || n FROM generate_series(1, 200) n`);
    await db.query(
      `INSERT INTO datasources (name, organization_id, secret_encrypted)
       SELECT 'Bench bron', id, 'v1.x.y.z' FROM organizations WHERE slug LIKE 'bench-organisatie-%' OR id = $1`,
      [delta],
    );
    await db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, status)
       SELECT gen_random_uuid(), ds.id, 'bench-dataset-' || ds.id || '-' || n, 'Bench dataset ' || n, 'online'
       FROM datasources ds CROSS JOIN generate_series(1, 5) n WHERE ds.name = 'Bench bron'`,
    );
    const started = performance.now();
    // Datasets with their owners, numbered; organisations numbered: rows pick both by modulo.
    await db.query(`
      CREATE TEMP TABLE d AS SELECT row_number() OVER (ORDER BY d.id) AS n, d.id, d.name, ds.organization_id AS owner
        FROM datasets d JOIN datasources ds ON ds.id = d.datasource_id WHERE d.name LIKE 'Bench dataset %';
      CREATE TEMP TABLE o AS SELECT row_number() OVER (ORDER BY id) AS n, id, name FROM organizations WHERE NOT is_admin;`);
    const [{ datasets, organizations }] = (await db.query('SELECT (SELECT count(*) FROM d)::int AS datasets, (SELECT count(*) FROM o)::int AS organizations')).rows;
    await db.query(
      `INSERT INTO audit_log (created_at, kind, organization_id, other_organization_id, other_organization_name, dataset_id, dataset_name,
                              actor_email, actor_organization_id, client_address, rows_answered, outcome, after)
       SELECT now() - (g * interval '1 second') * (24 * 30 * 86400.0 / $1),
              CASE WHEN g % 10 = 0 THEN (ARRAY['grant.created','grant.revoked','roles.changed','datasource.created','organization.changed'])[1 + (g / 10) % 5]
                   WHEN g % 3 = 0 THEN 'read.download' ELSE 'read.query' END,
              d.owner, o.id, o.name, d.id, d.name,
              'persoon' || (g % 50) || '@' || replace(lower(o.name), ' ', '-') || '.test', o.id, '192.0.2.' || (g % 250),
              g % 500, 200, CASE WHEN g % 10 = 0 THEN jsonb_build_object('authorisations', jsonb_build_array('Dataset.ReadWater')) END
       FROM generate_series(1::bigint, $1::bigint) g
       JOIN d ON d.n = 1 + (g * 7919) % $2
       JOIN o ON o.n = 1 + (g * 104729) % $3`,
      [ROWS, datasets, organizations],
    );
    await db.query('ANALYZE audit_log');
    console.log(`seeded ${ROWS.toLocaleString('en')} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [{ dataset }] = (await db.query('SELECT id AS dataset FROM d WHERE owner = $1 LIMIT 1', [delta])).rows;
    const [{ own, reads }] = (
      await db.query('SELECT count(*) FILTER (WHERE organization_id = $1)::int AS own, count(*) FILTER (WHERE other_organization_id = $1)::int AS reads FROM audit_log', [delta])
    ).rows;
    console.log(`Kwekerij Delta: ${own.toLocaleString('en')} rows about its objects, ${reads.toLocaleString('en')} where it is the other party`);
    return { delta, dataset };
  } finally {
    await db.end();
  }
}

async function median(url: string, headers: Record<string, string>): Promise<{ median: number; p95: number }> {
  const first = await fetch(url, { headers, redirect: 'manual' });
  if (first.status !== 200) throw new Error(`${url} answered ${first.status}`);
  await first.arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers, redirect: 'manual' });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

async function main(): Promise<void> {
  console.log(`audit trail at ${ROWS.toLocaleString('en')} rows — ${new Date().toISOString()}; load average at start: ${loadAverage()}`);
  const dir = await mkdtemp(join(tmpdir(), 'datahub-bench-audit-'));
  const postgres = await startEmbeddedPostgres(dir);
  try {
    await postgres.createDatabase('datahub');
    const databaseUrl = postgres.url('datahub');
    const api = await startApi({ DATABASE_URL: databaseUrl, DISCOVERY_INTERVAL_SECONDS: '0' });
    try {
      const { dataset } = await seedAudit(databaseUrl);
      const token = await signIn(api.base, OWNER, PASSWORD);
      const portal = await startPortal(api, OWNER, PASSWORD);
      try {
        const apiHeaders = { authorization: `Bearer ${token}` };
        const floor = await median(`${api.base}/api/current_user`, apiHeaders);
        // A cursor deep in the log: the last row of a page far back.
        const deep = (await (await fetch(`${api.base}/api/audit-log?until=2025-06-30`, { headers: apiHeaders })).json()) as { next_cursor: string };
        const filters: [string, string][] = [
          ['no filter (first page)', ''],
          ['kind = grant.created', 'kind=grant.created'],
          ['kind = read.query', 'kind=read.query'],
          ['one dataset', `dataset=${dataset}`],
          ['period (one month, a year back)', 'from=2025-11-01&until=2025-11-30'],
          ['person', 'person=persoon7@bench-organisatie-17.test'],
          ['page after a cursor a year back', `cursor=${encodeURIComponent(deep.next_cursor)}`],
        ];
        console.log(`sequential requests, ${RUNS} per row after one warm-up; floor (GET /api/current_user, same run): median ${floor.median.toFixed(1)} ms`);
        console.log('| filter | API median | API p95 | /logboek median | /logboek p95 | /logboek ÷ floor |');
        console.log('|---|---:|---:|---:|---:|---:|');
        let worst = 0;
        for (const [label, query] of filters) {
          const fromApi = await median(`${api.base}/api/audit-log${query ? `?${query}` : ''}`, apiHeaders);
          const page = await median(`${portal.base}/logboek${query ? `?${query}` : ''}`, portal.headers);
          if (query) worst = Math.max(worst, page.median);
          console.log(`| ${label} | ${fromApi.median.toFixed(1)} ms | ${fromApi.p95.toFixed(1)} ms | ${page.median.toFixed(1)} ms | ${page.p95.toFixed(1)} ms | ${(page.median / floor.median).toFixed(1)} |`);
        }
        // The platform admin reads all million rows: the same filters through the API.
        const adminHeaders = { authorization: `Bearer ${await signIn(api.base, 'beheer@datahub.test', PASSWORD)}` };
        console.log('\nplatform admin (every row), API:\n| filter | API median | API p95 |\n|---|---:|---:|');
        for (const [label, query] of filters.slice(0, -1)) {
          const fromApi = await median(`${api.base}/api/audit-log${query ? `?${query}` : ''}`, adminHeaders);
          console.log(`| ${label} | ${fromApi.median.toFixed(1)} ms | ${fromApi.p95.toFixed(1)} ms |`);
        }
        console.log(`target (a filtered /logboek page ≤ 100 ms, median): ${worst <= 100 ? 'met' : 'NOT met'} (slowest ${worst.toFixed(1)} ms); load average at end: ${loadAverage()}`);
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
