// npm run bench:mixed — many users at once (issue 26): `--users` copies of the demo users, each with its own cookies and connection,
// walk the `npm start` portal without JavaScript or pause for `--duration` s (pages, the SPARQL form post, the data call).
// Per page kind: count, p50/p95/p99, errors (any answer but 200; per-user SPARQL 429s apart). Bar: every kind p99 ≤ 300 ms, no errors.
// Options: --warmup, --mix datasets=1,… (weights), --env NAME=value, --cluster (two of each behind haproxy), --cpu (Linux).
import { parseArgs } from 'node:util';
import { loadAverage } from './bench-support';
import { BrowserSession, csrfField, type Answer } from './mixed-client';
import { startClusterStack } from './mixed-cluster-stack';
import { copyDemoUsers, demoDataset, DEMO_PASSWORD, startStack } from './mixed-stack';
import { newStats, table, type KindStats } from './mixed-stats';
import { cpuTable, processTreeCpu, type ProcessCpu } from './process-cpu';

const QUERY = 'SELECT ?s ?p ?o WHERE { ?s ?p ?o } LIMIT 20';
const BAR_MS = 300;
const QUERY_KINDS = new Set(['sparql', 'data']);
const TEMPLATES = ['eigenaar@kwekerij-delta.test', 'lid@kwekerij-delta.test', 'eigenaar@kassenbouw-west.test', 'beheer@datahub.test'];
const DEFAULT_MIX = 'datasets=1,dataset=1,sparql=1,data=1,application=1,authorisations=1,users=1,profile=1,organisations=1';

interface Target {
  slug: string;
  id: string;
}

type Visit = (session: BrowserSession, target: Target, csrf: string) => Promise<Answer>;

const VISITS: Record<string, { label: string; visit: Visit }> = {
  datasets: { label: '/datasets', visit: (s) => s.get('/datasets') },
  dataset: { label: '/dataset/{slug}', visit: (s, t) => s.get(`/dataset/${t.slug}`) },
  sparql: { label: 'SPARQL form post', visit: (s, t, csrf) => s.post(`/dataset/${t.slug}`, { csrf, dataset_id: t.id, sparql_query: QUERY }) },
  data: { label: 'data call (API)', visit: (s, t) => s.get(`/api/datasets/${t.id}/data?sparql_query=${encodeURIComponent(QUERY)}`) },
  application: { label: '/applicatie/{slug}', visit: (s) => s.get('/applicatie/kasontwerp-studio') },
  authorisations: { label: '/machtigingen', visit: (s) => s.get('/machtigingen') },
  users: { label: '/mijn-gebruikers', visit: (s) => s.get('/mijn-gebruikers') },
  profile: { label: '/profiel', visit: (s) => s.get('/profiel') },
  organisations: { label: '/organisaties', visit: (s) => s.get('/organisaties') },
};

interface SimulatedUser {
  session: BrowserSession;
  csrf: string;
  /** The kinds this user's account may visit (found by one visit of each before the run). */
  kinds: string[];
}

async function signInThroughForm(portal: string, email: string): Promise<{ session: BrowserSession; csrf: string }> {
  const session = new BrowserSession(portal);
  const form = await session.get('/inloggen', true);
  const csrf = csrfField(form.body);
  if (!csrf) throw new Error('the login page has no csrf field');
  const answer = await session.post('/inloggen', { csrf, email, password: DEMO_PASSWORD });
  if (answer.status !== 302 && answer.status !== 303) throw new Error(`signing in as ${email} answered ${answer.status}`);
  const bound = session.cookie('XSRF-TOKEN');
  if (!bound || !session.cookie('access_token')) throw new Error(`signing in as ${email} set no session cookies`);
  return { session, csrf: decodeURIComponent(bound) };
}

/** Picks kinds by weight, from a per-user random stream (deterministic per user index). */
function picker(kinds: string[], weights: Map<string, number>, seed: number): () => string {
  let state = seed * 2654435761 || 1;
  const total = kinds.reduce((sum, kind) => sum + (weights.get(kind) ?? 0), 0);
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    let roll = (state / 2147483648) * total;
    for (const kind of kinds) {
      roll -= weights.get(kind) ?? 0;
      if (roll < 0) return kind;
    }
    return kinds[kinds.length - 1];
  };
}

function outcome(stats: KindStats, kind: string, answer: Answer): void {
  stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status === 200) return;
  if (answer.status === 429 && (kind === 'sparql' || kind === 'data')) stats.limited += 1;
  else stats.errors += 1;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '40' },
      duration: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '0' },
      mix: { type: 'string', default: DEFAULT_MIX },
      env: { type: 'string', multiple: true, default: [] },
      cluster: { type: 'boolean', default: false },
      cpu: { type: 'boolean', default: false },
    },
  });
  const users = Math.min(500, Math.max(1, Number(values.users)));
  const duration = Math.min(600, Math.max(1, Number(values.duration)));
  const warmup = Math.min(120, Math.max(0, Number(values.warmup)));
  const weights = new Map(values.mix.split(',').map((part) => [part.split('=')[0], Number(part.split('=')[1] ?? 1)] as const));
  for (const kind of weights.keys()) if (!VISITS[kind]) throw new Error(`unknown page kind ${kind} (known: ${Object.keys(VISITS).join(', ')})`);
  const extraEnv = Object.fromEntries(values.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));

  console.log(`bench:mixed — ${new Date().toISOString()}, load average at start: ${loadAverage()}`);
  console.log(`${users} users, ${duration} s after a ${warmup} s warm-up, mix ${values.mix}${values.env.length ? `, env ${values.env.join(' ')}` : ''}`);
  console.log(values.cluster ? 'stack: 2 APIs + 2 portals (each on its own API) behind haproxy, round robin' : 'stack: 1 API + 1 portal');
  const stack = values.cluster ? await startClusterStack(extraEnv) : await startStack(extraEnv);
  try {
    const target = await demoDataset(stack.api);
    const emails = await copyDemoUsers(stack.databaseUrl, users, TEMPLATES);
    const simulated: SimulatedUser[] = [];
    for (const email of emails) {
      const { session, csrf } = await signInThroughForm(stack.portal, email);
      const kinds: string[] = [];
      // What the account may see: a kind its role refuses is left out of its walk (counted below).
      // Queries are not tried (the run starts cold, as after `npm start`): the access call says.
      const access = await session.get(`/api/datasets/${target.id}/access`, true);
      const mayQuery = access.status === 200 && (JSON.parse(access.body) as { scopes: string[] }).scopes.length > 0;
      for (const kind of weights.keys()) {
        if (QUERY_KINDS.has(kind) ? mayQuery : (await VISITS[kind].visit(session, target, csrf)).status === 200) kinds.push(kind);
      }
      simulated.push({ session, csrf, kinds });
    }
    for (const kind of weights.keys()) {
      const allowed = simulated.filter((user) => user.kinds.includes(kind)).length;
      if (allowed < users) console.log(`${VISITS[kind].label}: visited by ${allowed} of ${users} users (the others' role may not)`);
    }
    const stats = new Map<string, KindStats>([...weights.keys()].map((kind) => [VISITS[kind].label, newStats()]));
    const measureFrom = Date.now() + warmup * 1000;
    const layers = new Map<string, number>();
    const stopAt = measureFrom + duration * 1000;
    // Snapshots at the measured window's edges (timers: the walks keep the event loop busy, not blocked).
    let cpuFrom: ProcessCpu[] = [];
    let cpuTo: ProcessCpu[] = [];
    const cpuTimers = values.cpu ? [setTimeout(() => (cpuFrom = processTreeCpu()), warmup * 1000), setTimeout(() => (cpuTo = processTreeCpu()), (warmup + duration) * 1000)] : [];
    const walk = async (user: SimulatedUser, index: number) => {
      // A role that may visit none of the mixed kinds sits the run out.
      if (user.kinds.length === 0) return;
      const next = picker(user.kinds, weights, index + 1);
      while (Date.now() < stopAt) {
        const kind = next();
        const counted = Date.now() >= measureFrom;
        const started = performance.now();
        const answer = await VISITS[kind].visit(user.session, target, user.csrf).catch((error: Error) => ({ status: error.message, body: '', ms: performance.now() - started }) as unknown as Answer);
        if (!counted) continue;
        const entry = stats.get(VISITS[kind].label)!;
        // Which layer of the portal's page cache answered (Server-Timing); none: a fresh render, a post or an API answer.
        const layer = /page-cache;desc="(\w+)"/.exec(answer.serverTiming ?? '')?.[1] ?? 'fresh';
        layers.set(layer, (layers.get(layer) ?? 0) + 1);
        entry.ms.push(answer.ms);
        outcome(entry, kind, answer);
      }
    };
    await Promise.all(simulated.map((user, index) => walk(user, index)));
    const { lines, met } = table(stats, duration, BAR_MS);
    for (const line of lines) console.log(line);
    console.log(`target (every kind p99 ≤ ${BAR_MS} ms, no errors but 429s): ${met ? 'met' : 'NOT met'}`);
    if (values.cpu) {
      cpuTimers.forEach(clearTimeout);
      const pages = [...stats.values()].reduce((sum, entry) => sum + entry.ms.length, 0);
      for (const line of cpuTable(cpuFrom, cpuTo.length ? cpuTo : processTreeCpu(), pages, duration)) console.log(line);
      console.log(`page cache: ${[...layers].map(([layer, n]) => `${layer} ${n}`).join(', ')}`);
      console.log(`measured from ${new Date(measureFrom).toISOString()} to ${new Date(stopAt).toISOString()} (epoch s ${Math.floor(measureFrom / 1000)}–${Math.floor(stopAt / 1000)})`);
    }
    console.log(`load average at end: ${loadAverage()}`);
    for (const user of simulated) user.session.close();
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
