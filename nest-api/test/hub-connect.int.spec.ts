import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oxigraph from 'oxigraph';
import WebSocket from 'ws';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';
import { canonicalGraph, canonicalResults, referenceAnswer } from 'datasource-agent/src/testing/reference';
import { signDatasourceToken } from 'datasource-agent/src/tokens';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, stopProcess, TEST_CSRF_SECRET, TEST_JWT_SECRET, TEST_PASSWORD, type TestApi, type TestUser } from './harness';
import { until, waitForHealth } from './waiting';

/**
 * Issue 35, item 1: a data source that dials the hub. The real reference data source in outbound
 * mode (--hub-connect, no port of its own) connects to one of two real API processes on one
 * database; the other forwards to it. A grantee of one category gets exactly that category, from
 * either process; the hub restarts and the data source comes back by itself; a second data source
 * can neither answer for the first's dataset nor take it.
 */
const AGENT = resolve(__dirname, '..', '..', 'datasource-agent', 'dist', 'cli.js');
const MAIN = resolve(__dirname, '..', 'dist', 'main.js');
const QUERY = 'SELECT ?s ?p ?o WHERE { ?s ?p ?o }';
const turtle = readFixtureTurtle();

let api: TestApi;
let second: { child: ChildProcess; url: string; port: number };
let owner: TestUser;
let grantee: TestUser;
let first: RunningAgent;
let intruder: RunningAgent | undefined;
let datasetId: string;

interface RunningAgent {
  datasourceId: string;
  secret: string;
  child: ChildProcess;
  /** Everything the agent logged so far (one JSON object a line). */
  log: () => string;
  dir: string;
}

/** Another real nest-api process on the same database, at a port of our choosing (it is restarted on it). */
async function startApiProcess(port: number, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; port: number }> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATABASE_URL: (api.db.options as { url: string }).url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: TEST_JWT_SECRET,
      CSRF_SECRET: TEST_CSRF_SECRET,
      DEMO_SEED: 'false',
      ADMIN_EMAIL: 'platform-owner@datahub.test',
      ADMIN_PASSWORD: TEST_PASSWORD,
      DISCOVERY_INTERVAL_SECONDS: '0',
      REMINDER_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/health`);
  return { child, url, port };
}

/** Creates a data source without a host and runs the reference data source for it in outbound mode, dialling `hubUrl`. */
async function startOutboundAgent(token: string, name: string, hubUrl: string, files: { turtle: string; datasetsYaml: string }): Promise<RunningAgent> {
  const response = await api.request('/api/datasources', { method: 'POST', token, json: { name, hostname: '' } });
  expect(response.status).toBe(201);
  const created = await response.json();
  const dir = await mkdtemp(join(tmpdir(), 'datahub-outbound-'));
  await writeFile(join(dir, 'credentials.json'), JSON.stringify(created));
  await mkdir(join(dir, 'data'));
  await writeFile(join(dir, 'data', 'kas.ttl'), files.turtle);
  await writeFile(join(dir, 'data', 'datasets.yaml'), files.datasetsYaml);
  const child = spawn(process.execPath, [AGENT, '--credentials', join(dir, 'credentials.json'), '--data', join(dir, 'data'), '--hub', hubUrl, '--hub-connect'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { datasourceId: created.datasource_id, secret: created.credentials.secret, child, log: () => output, dir };
}

/** The inodes of every listening TCP socket on this machine. */
function listeningInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A') inodes.add(fields[9]); // 0A: LISTEN
    }
  }
  return inodes;
}

/** The socket inodes a process holds open. */
function socketInodes(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`)
    .map((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .map((link) => /^socket:\[(\d+)\]$/.exec(link)?.[1])
    .filter((inode): inode is string => inode !== undefined);
}

async function query(baseUrl: string, user: TestUser): Promise<{ status: number; body: string }> {
  const response = await fetch(`${baseUrl}/api/datasets/${datasetId}/data?sparql_query=${encodeURIComponent(QUERY)}`, {
    headers: { authorization: `Bearer ${user.token}`, accept: 'application/sparql-results+json' },
  });
  return { status: response.status, body: await response.text() };
}

/** The grantee's answer from `baseUrl` once it equals the Water-only reference (a reconnect may take a few seconds). */
async function waterAnswerFrom(baseUrl: string): Promise<unknown> {
  const expected = referenceAnswer(turtle, ['Dataset.ReadWater'], QUERY, false);
  let last: { status: number; body: string } = { status: 0, body: '' };
  for (let attempt = 0; attempt < 240 && last.status !== 200; attempt += 1) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 250));
    last = await query(baseUrl, grantee).catch((error: Error) => ({ status: 0, body: error.message }));
  }
  expect(last.status, `${baseUrl}: ${last.body.slice(0, 300)}\n${first.log().slice(-3000)}`).toBe(200);
  const answer = canonicalResults(last.body);
  expect(answer).toEqual(expected);
  return answer;
}

beforeAll(async () => {
  api = await startTestApi();
  second = await startApiProcess(await freePort(), { SPARQL_CACHE_MB: String(2 / 1024) });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const west = await api.createOrganization({ name: 'Teler West' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  grantee = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  first = await startOutboundAgent(owner.token, 'Kas zonder server', second.url, {
    turtle,
    datasetsYaml: 'datasets:\n  - file: kas.ttl\n    name: Kas zonder server\n    about: Versie 1\n',
  });
  datasetId = await until(async () => {
    const rows: { id: string; status: string }[] = await api.db.query('SELECT id, status FROM datasets WHERE datasource_id = $1', [first.datasourceId]);
    return rows[0]?.status === 'online' ? rows[0].id : undefined;
  }, 'the outbound data source\'s dataset to come online');
  const grant = await api.request(`/api/datasets/${datasetId}/authorisations`, {
    method: 'POST',
    token: owner.token,
    json: { dataset: datasetId, authorisations: ['Dataset.ReadWater'], assignee_organization: west.id },
  });
  expect(grant.status).toBeLessThan(300);
}, 120_000);

afterAll(async () => {
  for (const agent of [first, intruder]) {
    if (!agent) continue;
    await stopProcess(agent.child);
    await rm(agent.dir, { recursive: true, force: true });
  }
  await stopProcess(second?.child);
  await api?.close();
});

describe('a data source connected to the hub (outbound mode)', () => {
  it('listens on no port and is registered without a host, its dataset online', async () => {
    const listening = listeningInodes();
    expect(socketInodes(first.child.pid!).filter((inode) => listening.has(inode))).toEqual([]);
    const [row] = await api.db.query('SELECT hostname FROM datasources WHERE id = $1', [first.datasourceId]);
    expect(row.hostname).toBeNull();
    const view = await (await api.request(`/api/datasources/${first.datasourceId}`, { token: owner.token })).json();
    expect(view.connected_via_hub).toBe(true);
  });

  it("answers a one-category grantee exactly that category, through either API process", async () => {
    // The process holding the connection forwards the query (its copy bound is tiny) with the grantee's scopes.
    await waterAnswerFrom(second.url);
    // The other process reaches the connection through the holder: here the copy is fetched over it.
    await waterAnswerFrom(api.baseUrl);
    expect(first.log()).toMatch(/query answered .*sub=teler-west scopes=Dataset\.ReadWater /);
    // A download is streamed over the connection (and through the holder) as it comes.
    for (const baseUrl of [second.url, api.baseUrl]) {
      const xml = await fetch(`${baseUrl}/api/datasets/${datasetId}/xml`, { headers: { authorization: `Bearer ${grantee.token}` } });
      expect(xml.status, baseUrl).toBe(200);
      const store = new oxigraph.Store();
      store.load(await xml.text(), { format: 'application/rdf+xml' });
      const graph = canonicalGraph(store.dump({ format: 'application/n-triples', from_graph_name: oxigraph.defaultGraph() }));
      expect(graph, baseUrl).toEqual(referenceAnswer(turtle, ['Dataset.ReadWater'], 'CONSTRUCT WHERE { ?s ?p ?o }', true));
    }
  }, 90_000);

  it('comes back by itself after the hub restarts', async () => {
    second.child.kill('SIGKILL');
    await new Promise((r) => second.child.once('exit', r));
    second = await startApiProcess(second.port, { SPARQL_CACHE_MB: String(2 / 1024) });
    await waterAnswerFrom(second.url);
    await waterAnswerFrom(api.baseUrl);
    expect(first.log()).toMatch(/hub connection lost; reconnecting/);
  }, 180_000);

  it("lets a second data source neither answer for the first's dataset nor take it", async () => {
    const oost = await api.createOrganization({ name: 'Kwekerij Oost' });
    const other = await api.createUser({ organizationId: oost.id, roles: ['Organization.Owner'] });
    const imposter = '@prefix cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#> .\n<urn:nep:meting> cgo:hasCategory "Water" ; <urn:nep:waarde> "vervalst" .\n';
    // Connected to the other process than the first data source, naming the first's dataset as its own.
    intruder = await startOutboundAgent(other.token, 'Nepbron', api.baseUrl, {
      turtle: imposter,
      datasetsYaml: `datasets:\n  - file: kas.ttl\n    dataset_id: ${datasetId}\n    name: Nepset\n`,
    });
    const theirs = await until(async () => {
      const rows: { id: string; status: string }[] = await api.db.query('SELECT id, status FROM datasets WHERE datasource_id = $1', [intruder!.datasourceId]);
      return rows[0]?.status === 'online' ? rows[0].id : undefined;
    }, "the second data source's dataset to come online");
    expect(theirs).not.toBe(datasetId);
    const [owned] = await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [datasetId]);
    expect(owned.datasource_id).toBe(first.datasourceId);

    // Queries for the first's dataset still reach only the first, from both processes.
    await api.db.query('UPDATE dataset_copy_versions SET version = version + 1 WHERE dataset_id = $1', [datasetId]);
    await waterAnswerFrom(api.baseUrl);
    await waterAnswerFrom(second.url);
    // Its connection was never asked anything about the first's dataset (the agent logs every request it answers or refuses).
    const asked = intruder.log().split('\n').filter((line) => /query answered|query refused|dataset dumped|token refused/.test(line) && line.includes(datasetId));
    expect(asked).toEqual([]);
    expect(intruder.log()).toContain(`the hub assigned another dataset id file=kas.ttl from=${datasetId} to=${theirs}`);

    // Its own key cannot open a connection in the first's name.
    const forged = signDatasourceToken(first.datasourceId, intruder.secret);
    const status = await new Promise<number>((resolveStatus) => {
      const socket = new WebSocket(`${api.baseUrl.replace('http', 'ws')}/api/datasource-protocol/connect`, { headers: { authorization: `Bearer ${forged}` } });
      socket.on('unexpected-response', (_request, response) => {
        resolveStatus(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => {
        resolveStatus(101);
        socket.close();
      });
      socket.on('error', () => resolveStatus(-1));
    });
    expect(status).toBe(401);
    const [holder] = await api.db.query('SELECT count(*)::int AS n FROM datasource_connections WHERE datasource_id = $1', [first.datasourceId]);
    expect(holder.n).toBe(1);
    await waterAnswerFrom(api.baseUrl);
  }, 90_000);

  it('drops the connection when the data source gets a new key', async () => {
    const rotated = await api.request(`/api/datasources/${first.datasourceId}/new-key`, { token: owner.token });
    expect(rotated.status).toBe(200);
    // The holder checks the key at its next lease renewal (every 10 s); the old key cannot connect again.
    await until(async () => {
      const rows: unknown[] = await api.db.query('SELECT 1 FROM datasource_connections WHERE datasource_id = $1', [first.datasourceId]);
      return rows.length === 0 ? true : undefined;
    }, 'the connection made with the old key to end');
    for (let attempt = 0; attempt < 120 && !/the hub answered 401/.test(first.log()); attempt += 1) await new Promise((r) => setTimeout(r, 250));
    expect(first.log().slice(-1500), 'the old key refused').toMatch(/the hub answered 401/);
    expect((await query(second.url, grantee)).status).not.toBe(200);
  }, 90_000);
});

describe("a data source that dials the portal's address (the start line's --hub)", () => {
  let portal: ChildProcess | undefined;
  let viaPortal: RunningAgent | undefined;
  afterAll(async () => {
    if (viaPortal) {
      await stopProcess(viaPortal.child);
      await rm(viaPortal.dir, { recursive: true, force: true });
    }
    await stopProcess(portal);
  });

  it('connects through the portal, which upgrades only the dial-in path', async () => {
    const port = await freePort();
    const portalUrl = `http://127.0.0.1:${port}`;
    portal = spawn(process.execPath, ['server.js'], {
      cwd: resolve(__dirname, '..', '..', 'remix-app'),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: api.baseUrl, CSRF_SECRET: TEST_CSRF_SECRET },
      stdio: 'ignore',
    });
    await until(async () => ((await fetch(`${portalUrl}/inloggen`).then(() => true, () => false)) ? true : undefined), 'the portal to start');
    viaPortal = await startOutboundAgent(owner.token, 'Kas via het portaal', portalUrl, {
      turtle,
      datasetsYaml: 'datasets:\n  - file: kas.ttl\n    name: Kas via het portaal\n',
    });
    await until(async () => {
      const rows: { status: string }[] = await api.db.query('SELECT status FROM datasets WHERE datasource_id = $1', [viaPortal!.datasourceId]);
      return rows[0]?.status === 'online' ? true : undefined;
    }, "the portal-dialled data source's dataset to come online");
    // Any other path is no WebSocket: the portal closes the socket.
    const other = await new Promise<string>((resolveOutcome) => {
      const socket = new WebSocket(`${portalUrl.replace('http', 'ws')}/api/health`);
      socket.on('open', () => {
        resolveOutcome('open');
        socket.close();
      });
      socket.on('unexpected-response', () => resolveOutcome('refused'));
      socket.on('error', () => resolveOutcome('refused'));
    });
    expect(other).toBe('refused');
  }, 120_000);
});
