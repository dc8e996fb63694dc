import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { CountedPortal } from './counted-portal';
import { apiLogin } from './helpers';
import { onlineDataset } from './online-dataset';
import { runQuery } from './sparql-helpers';
import { DEMO_USERS } from './settings';

/**
 * Each page's loaders ask nest-api once for the shell and once for the page (issue 33), counted by
 * a second portal process behind a counting proxy (counted-portal.ts).
 */

let portal: CountedPortal;

test.beforeAll(async () => {
  portal = await CountedPortal.start();
});

test.afterAll(async () => {
  await portal?.stop();
});

/** The calls to nest-api made while the portal answered one GET of `path`, sorted. */
async function callsFor(path: string, token: string): Promise<string[]> {
  const { status, calls } = await portal.get(path, token);
  expect(status, path).toBe(200);
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
