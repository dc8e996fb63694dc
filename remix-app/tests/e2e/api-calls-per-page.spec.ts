import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { freePort } from './agent';
import { apiLogin } from './helpers';
import { onlineDataset } from './online-dataset';
import { runQuery } from './sparql-helpers';
import { API_PORT, CSRF_SECRET, DEMO_USERS } from './settings';

/**
 * Each converted loader makes one call to nest-api (issue 33): a second portal process (no page
 * cache) talks to nest-api through a counting proxy, which files every call under the portal
 * request's X-Request-Id (the portal forwards it and returns it to the caller).
 */

const REMIX_APP = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

let portal: ChildProcess | undefined;
let proxy: http.Server | undefined;
let portalUrl = '';
const calls = new Map<string, string[]>();
/** Every call in the order it came. */
const log: string[] = [];

function startProxy(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const id = req.headers['x-request-id'];
    const call = `${req.method} ${req.url?.split('?')[0]}`;
    log.push(call);
    if (typeof id === 'string') calls.set(id, [...(calls.get(id) ?? []), call]);
    const upstream = http.request({ host: '127.0.0.1', port: API_PORT, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

test.beforeAll(async () => {
  const proxyPort = await freePort();
  proxy = await startProxy(proxyPort);
  const port = await freePort();
  portalUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    cwd: REMIX_APP,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: `http://127.0.0.1:${proxyPort}`, CSRF_SECRET, PAGE_CACHE_MB: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  portal = child;
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-5_000)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the counted portal exited:\n${output}`);
    if (await fetch(`${portalUrl}/inloggen`).then((response) => response.ok, () => false)) return;
    await new Promise((wait) => setTimeout(wait, 300));
  }
  throw new Error(`the counted portal did not start:\n${output}`);
});

test.afterAll(async () => {
  if (portal && portal.exitCode === null && portal.signalCode === null) {
    const exited = new Promise((done) => portal!.once('exit', done));
    portal.kill('SIGTERM');
    await exited;
  }
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)));
});

/** The calls to nest-api made while the portal answered one GET of `path`, sorted. */
async function callsFor(path: string, token: string): Promise<string[]> {
  const response = await fetch(`${portalUrl}${path}`, { headers: { Cookie: `access_token=${token}` }, redirect: 'manual' });
  expect(response.status, path).toBe(200);
  await response.arrayBuffer();
  const id = response.headers.get('x-request-id');
  expect(id).toBeTruthy();
  return [...(calls.get(id!) ?? [])].sort();
}

/** A Turtle dataset of Kwekerij Delta online for this test. */
async function countedDataset(ownerToken: string) {
  const run = randomUUID().slice(0, 8);
  return onlineDataset(ownerToken, {
    file: 'kas.ttl',
    turtle: `PREFIX : <http://www.example.org/tellen/${run}/>\n:a :b 'Water' .\n`,
    name: `Geteld ${run}`,
    about: 'Een dataset waarvan de pagina wordt geteld.',
    contact: 'kas@kwekerij-delta.test',
    additional_info: '',
  });
}

test('the dataset page, the catalogue, my datasets and machtigingen ask nest-api once for the shell and once for the page, for a visitor and for the owner', async () => {
  test.skip(test.info().project.name !== 'no-js', 'no browser involved: counted once');
  const ownerToken = await apiLogin(DEMO_USERS.owner);
  const { online, dispose } = await countedDataset(ownerToken);
  try {
    const page = [`GET /api/pages/dataset/${online.slug}`, 'GET /api/pages/shell'];
    for (const token of [await apiLogin(DEMO_USERS.otherOwner), ownerToken]) {
      expect(await callsFor(`/dataset/${online.slug}`, token)).toEqual(page);
      // A navigation with JavaScript: only the dataset route's loader runs (single fetch), with its one call.
      const route = encodeURIComponent('routes/_shell.dataset.$slug');
      expect(await callsFor(`/dataset/${online.slug}.data?_routes=${route}`, token)).toEqual([`GET /api/pages/dataset/${online.slug}`]);
      // The catalogue, with and without a search that finds nothing.
      for (const search of ['', '?q=bestaat-niet-zo']) {
        expect(await callsFor(`/datasets${search}`, token)).toEqual(['GET /api/pages/datasets', 'GET /api/pages/shell']);
        const catalogue = encodeURIComponent('routes/_shell.datasets._index');
        expect(await callsFor(`/datasets.data?_routes=${catalogue}${search.replace('?', '&')}`, token)).toEqual(['GET /api/pages/datasets']);
      }
      expect(await callsFor('/mijn-datasets', token)).toEqual(['GET /api/pages/my-datasets', 'GET /api/pages/shell']);
      expect(await callsFor(`/mijn-datasets.data?_routes=${encodeURIComponent('routes/_shell.mijn-datasets')}`, token)).toEqual(['GET /api/pages/my-datasets']);
      expect(await callsFor('/machtigingen', token)).toEqual(['GET /api/pages/machtigingen', 'GET /api/pages/shell']);
      expect(await callsFor(`/machtigingen.data?_routes=${encodeURIComponent('routes/_shell.machtigingen._index')}`, token)).toEqual(['GET /api/pages/machtigingen']);
    }
  } finally {
    await dispose();
  }
});

test('with JavaScript a query posted on the dataset page asks nest-api for its answer only, not for the page again', async ({ page, context, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without JavaScript the answer is the whole page: its loaders run once, after the action');
  const ownerToken = await apiLogin(DEMO_USERS.owner);
  const { online, dispose } = await countedDataset(ownerToken);
  try {
    await context.addCookies([{ name: 'access_token', value: ownerToken, url: portalUrl }]);
    await page.goto(`${portalUrl}/dataset/${online.slug}`);
    const before = log.length;
    await runQuery(page, true, 'SELECT ?s WHERE { ?s ?p ?o } LIMIT 1');
    // The answer is shown once the action and any revalidation are done.
    await expect(page.getByTestId('sparql-result-count')).toContainText('1 rij');
    const since = log.slice(before);
    expect(since.filter((call) => /\/(data|sparql)$/.test(call))).toHaveLength(1);
    expect(since.filter((call) => call.startsWith('GET /api/pages/'))).toEqual([]);
  } finally {
    await dispose();
  }
});
