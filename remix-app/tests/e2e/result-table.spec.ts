import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { BREADCRUMB_LABELS, DATASET_LABELS, SPARQL_LABELS, WORKBENCH_LABELS } from '@datahub/domain';
import { expect, test } from './fixtures';
import { runQuery, startOnlineDataset, type OnlineDataset } from './sparql-helpers';
import { DEMO_USERS } from './settings';

const S = SPARQL_LABELS;
const W = WORKBENCH_LABELS;

/**
 * Issue 37 item 5: a query result is a table first, readable on a phone — numbers and headers never
 * broken per digit or letter, a wide table scrolling in its own region, not the page — the raw JSON
 * folded behind 'Toon JSON', and the breadcrumb readable at 390 px. With and without JavaScript.
 */
test.describe.configure({ mode: 'serial' });

let run: string;
let served: OnlineDataset;

/** Thousands of observations and hundreds of plants: counts of four digits, as on the screen. */
function turtle(): string {
  const lines = ['PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>', 'PREFIX sosa: <http://www.w3.org/ns/sosa/>', `PREFIX : <http://www.example.org/resultaat/${run}/>`];
  const add = (type: string, count: number, category: string) => {
    for (let index = 0; index < count; index++) lines.push(`:${type.replace(/\W/g, '')}${index} a ${type} ; cgo:hasCategory '${category}' .`);
  };
  add('sosa:Observation', 1920, 'Crop');
  add('cgo:Column', 480, 'Construction');
  add('cgo:Glass', 240, 'Roof');
  return `${lines.join('\n')}\n`;
}

// The classes in full (no PREFIX in the query): long IRIs beside short numbers.
const COUNTS = 'SELECT ?klasse (COUNT(*) AS ?aantal) WHERE { ?s a ?klasse } GROUP BY ?klasse ORDER BY DESC(?aantal)';

test.beforeAll(async () => {
  run = randomUUID().replaceAll('-', '').slice(0, 8);
  served = await startOnlineDataset(`E2E resultaat ${run}`, {
    file: 'kas.ttl',
    name: `Kasregistratie Kwekerij Delta ${run}`,
    about: 'Waarnemingen en onderdelen van de kas.',
    contact: 'data@kwekerij-delta.test',
    additional_info: '',
    turtle: turtle(),
  });
});

test.afterAll(async () => {
  await served?.dispose();
});

/** The number of lines the element's text takes (distinct tops of its text's boxes). */
function lines(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}

async function noSidewaysPageScroll(page: Page) {
  // Layout is judged once the stylesheets are in: after a form post without JavaScript the table can be there before them.
  await page.waitForLoadState('load');
  // On failure, name the innermost elements wider than the screen outside a scrolling region: the cause.
  const { overflow, widest } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = (element: Element) => !element.closest('[role="region"]') && element.getBoundingClientRect().right > width + 1;
    const causes = Array.from(document.body.querySelectorAll('*')).filter((element) => wide(element) && !Array.from(element.children).some(wide));
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${element.className}: ${(element.textContent ?? '').slice(0, 160)}`;
    // An unstyled page (its stylesheet not received) overflows the same way.
    const rules = Array.from(document.styleSheets, (sheet) => `${sheet.href}: ${sheet.cssRules.length} rules`).join(', ');
    // Content wider than its own box, and the widths from the result region up: which box gave way.
    const spilling = Array.from(document.body.querySelectorAll('*')).filter((element) => !element.closest('[role="region"]') && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible');
    const chain: string[] = [];
    for (let box = document.querySelector('[role="region"]'); box && box !== document.body; box = box.parentElement) chain.push(`${box.tagName.toLowerCase()}.${box.className.split(' ').slice(0, 3).join('.')}=${Math.round(box.getBoundingClientRect().width)}`);
    const found = [`innermost: ${causes.slice(0, 5).map(name).join(' | ')}`, `spilling: ${spilling.slice(0, 5).map(name).join(' | ')}`, `region up: ${chain.join(' < ')}`, `stylesheets: ${rules}`];
    return { overflow: document.documentElement.scrollWidth - width, widest: found.join('\n') };
  });
  // The page as it was, kept with the test's results for a second look.
  if (overflow > 0) await test.info().attach('page.html', { body: await page.content(), contentType: 'text/html' });
  expect(overflow, widest).toBeLessThanOrEqual(0);
}

for (const width of [390, 1280]) {
  test(`at ${width} px: the table first, numbers and headers unbroken, the JSON behind 'Toon JSON'`, async ({ page, signInAs, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signInAs(DEMO_USERS.owner);
    await page.goto(`/dataset/${served.online.slug}`);
    await runQuery(page, javaScriptEnabled, COUNTS);
    const result = page.getByTestId('sparql-result');
    const table = result.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['klasse', 'aantal']);
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('1920');

    // Every count and every header on one line (on the old page: '19/20', 'aa/nt/al' at 390 px).
    for (const header of await table.getByRole('columnheader').all()) expect(await lines(header), await header.innerText()).toBe(1);
    for (const row of (await table.getByRole('row').all()).slice(1)) {
      const count = row.getByRole('cell').nth(1);
      expect(await lines(count), await count.innerText()).toBe(1);
    }
    // The table scrolls in its own region if it must; the page never scrolls sideways.
    await noSidewaysPageScroll(page);

    // The raw JSON is folded away under the table, and opens (a native disclosure, also without JavaScript).
    const json = result.getByLabel(S.json, { exact: true });
    await expect(json).toBeHidden();
    const toggle = result.getByText(W.showJson, { exact: true });
    await expect(toggle).toBeVisible();
    expect((await toggle.boundingBox())!.y).toBeGreaterThan((await table.boundingBox())!.y);
    await toggle.click();
    await expect(json).toBeVisible();
    await expect(json).toContainText('"bindings"');
    await expect(result.getByText(W.hideJson, { exact: true })).toBeVisible();
    await noSidewaysPageScroll(page);

    // The breadcrumb: the parent and the dataset's whole name, inside the screen (old: 'Datas… › K…').
    const crumbs = page.getByRole('banner').getByRole('navigation', { name: BREADCRUMB_LABELS.label });
    const parent = crumbs.getByRole('link', { name: DATASET_LABELS.datasets.title, exact: true });
    const current = crumbs.locator('[aria-current="page"]');
    for (const crumb of [parent, current]) {
      await expect(crumb).toBeVisible();
      const cut = await crumb.evaluate((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
      expect(cut, await crumb.innerText()).toBe(false);
      const box = (await crumb.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await expect(current).toHaveText(served.online.name);
  });
}

test('a wide result scrolls sideways in its own region at 390 px, not the page', async ({ page, signInAs, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${served.online.slug}`);
  // Five columns of full IRIs and numbers: wider than a phone.
  await runQuery(page, javaScriptEnabled, 'SELECT ?s ?klasse ?categorie (STRLEN(STR(?s)) AS ?lengte) (42000 AS ?getal) WHERE { ?s a ?klasse ; ?p ?categorie } LIMIT 5');
  const region = page.getByRole('region', { name: W.tableRegion });
  await expect(region.getByRole('table')).toBeVisible();
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await noSidewaysPageScroll(page);
  for (const header of await region.getByRole('columnheader').all()) expect(await lines(header), await header.innerText()).toBe(1);
  const number = region.getByRole('row').nth(1).getByRole('cell').nth(4);
  await expect(number).toHaveText('42000');
  expect(await lines(number)).toBe(1);
});
