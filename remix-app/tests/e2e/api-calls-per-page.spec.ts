import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { CountedPortal } from './counted-portal';
import { api, apiLogin } from './helpers';
import { onlineDataset } from './online-dataset';
import { runQuery } from './sparql-helpers';
import { DEMO_USERS } from './settings';

/**
 * Each page costs one call to nest-api: the page's read brings the shell along (ADR 0058), counted
 * by a second portal process behind a counting proxy (counted-portal.ts).
 */

let portal: CountedPortal;

test.beforeAll(async () => {
  portal = await CountedPortal.start();
});

test.afterAll(async () => {
  await portal?.stop();
});

interface Visitor {
  token: string;
  /** The name the shell's top bar shows: proof the shell came with the page read. */
  name: string;
}

async function visitor(email: string): Promise<Visitor> {
  const token = await apiLogin(email);
  const { data: me } = await api(token, 'get', '/api/current_user');
  return { token, name: `${me.firstname} ${me.lastname}` };
}

/** The calls to nest-api made while the portal answered one GET of `path`, sorted; the page shows the shell. */
async function callsFor(path: string, { token, name }: Visitor, shell = true): Promise<string[]> {
  const { status, calls, body } = await portal.get(path, token);
  expect(status, path).toBe(200);
  if (shell) expect(body, `${path} shows the shell`).toContain(`title="${name}"`);
  return calls;
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

const data = (route: string, search = '') => `.data?_routes=${encodeURIComponent(route)}${search}`;

test('the dataset page, the catalogue, my datasets and machtigingen ask nest-api once, the shell coming with the page read, for a visitor and for the owner', async () => {
  test.skip(test.info().project.name !== 'no-js', 'no browser involved: counted once');
  const owner = await visitor(DEMO_USERS.owner);
  const { online, dispose } = await countedDataset(owner.token);
  try {
    for (const user of [await visitor(DEMO_USERS.otherOwner), owner]) {
      expect(await callsFor(`/dataset/${online.slug}`, user)).toEqual([`GET /api/pages/dataset/${online.slug}`]);
      // A navigation with JavaScript: only the dataset route's loader runs (single fetch), with its one call and no shell.
      expect(await callsFor(`/dataset/${online.slug}${data('routes/_shell.dataset.$slug')}`, user, false)).toEqual([`GET /api/pages/dataset/${online.slug}`]);
      // The catalogue, with and without a search that finds nothing.
      for (const search of ['', '?q=bestaat-niet-zo']) {
        expect(await callsFor(`/datasets${search}`, user)).toEqual(['GET /api/pages/datasets']);
        expect(await callsFor(`/datasets${data('routes/_shell.datasets._index', search.replace('?', '&'))}`, user, false)).toEqual(['GET /api/pages/datasets']);
      }
      expect(await callsFor('/mijn-datasets', user)).toEqual(['GET /api/pages/my-datasets']);
      expect(await callsFor(`/mijn-datasets${data('routes/_shell.mijn-datasets')}`, user, false)).toEqual(['GET /api/pages/my-datasets']);
      expect(await callsFor('/machtigingen', user)).toEqual(['GET /api/pages/machtigingen']);
      expect(await callsFor(`/machtigingen${data('routes/_shell.machtigingen._index')}`, user, false)).toEqual(['GET /api/pages/machtigingen']);
    }
  } finally {
    await dispose();
  }
});

test('without JavaScript a query posted on the dataset page costs two calls: the page with its shell, then the answer', async ({ page, context, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'with JavaScript only the answer is asked (the next test)');
  const ownerToken = await apiLogin(DEMO_USERS.owner);
  const { name } = await visitor(DEMO_USERS.owner);
  const { online, dispose } = await countedDataset(ownerToken);
  try {
    await context.addCookies([{ name: 'access_token', value: ownerToken, url: portal.url }]);
    await page.goto(`${portal.url}/dataset/${online.slug}`);
    const before = portal.log.length;
    await runQuery(page, false, 'SELECT ?s WHERE { ?s ?p ?o } LIMIT 1');
    await expect(page.getByTestId('sparql-result-count')).toContainText('1 rij');
    // The shell came with the action's page read: the signed-in name is shown without a call of its own.
    await expect(page.locator(`[title="${name}"]`).first()).toBeAttached();
    const since = portal.log.slice(before).filter((call) => !call.includes('/insight/'));
    // Sent side by side (the form names its dataset), so they may arrive in either order.
    expect([...since].sort()).toEqual([`GET /api/pages/dataset/${online.slug}`, `POST /api/datasets/${online.dataset_id}/sparql`].sort());
  } finally {
    await dispose();
  }
});

test('with JavaScript a query posted on the dataset page asks nest-api for its answer only, not for the page again', async ({ page, context, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without JavaScript the answer is the whole page: its loaders run once, after the action');
  const ownerToken = await apiLogin(DEMO_USERS.owner);
  const { online, dispose } = await countedDataset(ownerToken);
  try {
    await context.addCookies([{ name: 'access_token', value: ownerToken, url: portal.url }]);
    await page.goto(`${portal.url}/dataset/${online.slug}`);
    const before = portal.log.length;
    await runQuery(page, true, 'SELECT ?s WHERE { ?s ?p ?o } LIMIT 1');
    // The answer is shown once the action and any revalidation are done.
    await expect(page.getByTestId('sparql-result-count')).toContainText('1 rij');
    const since = portal.log.slice(before);
    expect(since.filter((call) => /\/(data|sparql)$/.test(call))).toHaveLength(1);
    expect(since.filter((call) => call.startsWith('GET /api/pages/'))).toEqual([]);
  } finally {
    await dispose();
  }
});
