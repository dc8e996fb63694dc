import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import { amsterdamToday, ERROR_TEXTS, SPARQL_ERROR_TEXTS, SPARQL_LABELS, WORKBENCH_LABELS } from '@datahub/domain';
import type { AgentDataset } from './agent';
import { expect, test } from './fixtures';
import type { ApiDataset } from './helpers';
import { queryField, runQuery, startOnlineDataset, type OnlineDataset } from './sparql-helpers';
import { API_PORT, DEMO_USERS } from './settings';

const S = SPARQL_LABELS;
const W = WORKBENCH_LABELS;

/**
 * The SPARQL workbench on /dataset/{slug} (issue 25), with and without JavaScript, over a real data
 * source: Kwekerij Delta's dataset of 250 plants (categories Water and Heating).
 */
test.describe.configure({ mode: 'serial' });

const PLANTS = 250;
let run: string;
let ns: string;
let online: ApiDataset;
let ownerToken: string;
let served: OnlineDataset;

function turtle(): string {
  const lines = [`PREFIX ex: <${ns}>`, 'PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>', ''];
  for (let index = 1; index <= PLANTS; index += 1) {
    const category = index % 5 === 0 ? 'Heating' : 'Water';
    lines.push(`ex:plant${String(index).padStart(3, '0')} a ex:Plant ; ex:hoogte ${index} ; cgo:hasCategory '${category}' .`);
  }
  return lines.join('\n') + '\n';
}

const LISTING = () => `PREFIX ex: <${ns}>\nSELECT ?hoogte ?plant WHERE {\n  ?plant ex:hoogte ?hoogte\n}\nORDER BY ?hoogte`;

test.beforeAll(async () => {
  run = randomUUID().replaceAll('-', '').slice(0, 8);
  ns = `http://www.example.org/werkbank/${run}/`;
  const dataset: AgentDataset = { file: 'planten.ttl', turtle: turtle(), name: `Werkbank ${run}`, about: 'Planten en hun hoogte.', contact: 'werkbank@kwekerij-delta.test', additional_info: '' };
  served = await startOnlineDataset(`E2E werkbank ${run}`, dataset);
  ({ online, ownerToken } = served);
});

test.afterAll(async () => {
  await served?.dispose();
});

/** The hub's own download answer for `query` in `accept`, as Kwekerij Delta. */
async function hubDownload(query: string, accept: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${API_PORT}/api/datasets/${online.dataset_id}/sparql/download`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, accept, 'content-type': 'application/sparql-query' },
    body: query,
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function downloaded(page: Page, name: string): Promise<{ file: Download; text: string }> {
  const waiting = page.waitForEvent('download');
  await page.getByRole('form', { name: W.downloads }).getByRole('button', { name, exact: true }).click();
  const file = await waiting;
  return { file, text: await readFile((await file.path())!, 'utf8') };
}

test('a readable table: the query’s variable order, count and time, prefixed IRIs with the full IRI, pages, anchored', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${online.slug}`);
  await runQuery(page, javaScriptEnabled, LISTING());
  const result = page.getByTestId('sparql-result');
  await expect(result.getByTestId('sparql-result-count')).toContainText(`${PLANTS} rijen ·`);
  await expect(result.getByTestId('sparql-result-count')).toHaveText(/ s$/);
  const table = result.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['hoogte', 'plant']);
  await expect(table.getByRole('row')).toHaveCount(1 + 100);
  const first = table.getByRole('row').nth(1).getByRole('cell');
  await expect(first.first()).toHaveText('1');
  // The prefixed name, the full IRI on hover (title), read out, and shown on focus.
  const iri = first.nth(1).locator('[title]');
  await expect(iri).toHaveAttribute('title', `${ns}plant001`);
  expect(await iri.evaluate((element) => element.firstChild?.textContent)).toBe('ex:plant001');
  await expect(iri).toContainText(W.fullIri(`${ns}plant001`));
  const tooltip = iri.locator('[aria-hidden="true"]');
  await expect(tooltip).toBeHidden();
  await iri.focus();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(`${ns}plant001`);
  // Without JavaScript the page opens at the result.
  if (!javaScriptEnabled) expect(new URL(page.url()).hash).toBe('#resultaat');
  await expect(page.locator('#resultaat')).toBeInViewport();
  // The table's region takes focus, so the keyboard can scroll it.
  const region = result.getByRole('region', { name: W.tableRegion });
  await region.focus();
  await expect(region).toBeFocused();

  const paging = result.getByRole('navigation', { name: W.paging });
  await expect(paging).toContainText(W.pageOf(1, 3));
  await paging.getByRole('button', { name: W.next }).click();
  await expect(page.getByTestId('sparql-result').getByRole('navigation', { name: W.paging })).toContainText(W.pageOf(2, 3));
  await expect(page.getByTestId('sparql-result').getByRole('table').getByRole('row').nth(1).getByRole('cell').first()).toHaveText('101');
});

test('CSV, TSV and JSON downloads equal the hub’s answers and are not cut at the display limit', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${online.slug}`);
  const query = LISTING();
  await runQuery(page, javaScriptEnabled, query);
  await expect(page.getByTestId('sparql-result').getByRole('table')).toBeVisible();
  const csv = await downloaded(page, W.downloadCsv);
  // Dutch names with the day (issue 37); 'CSV (Excel)' has its own test (workbench-files-errors.spec.ts).
  expect(csv.file.suggestedFilename()).toBe(`resultaten-${online.slug}-${amsterdamToday()}-standaard.csv`);
  expect(csv.text).toBe(await hubDownload(query, 'text/csv'));
  expect(csv.text.trimEnd().split('\r\n')).toHaveLength(1 + PLANTS);
  const tsv = await downloaded(page, W.downloadTsv);
  expect(tsv.file.suggestedFilename()).toBe(`resultaten-${online.slug}-${amsterdamToday()}.tsv`);
  expect(tsv.text).toBe(await hubDownload(query, 'text/tab-separated-values'));
  const json = await downloaded(page, S.download);
  expect(json.file.suggestedFilename()).toBe(`${online.slug}_SPARQL_query_download.json`);
  expect(JSON.parse(json.text)).toEqual(JSON.parse(await hubDownload(query, 'application/sparql-results+json')));
  expect((JSON.parse(json.text) as { results: { bindings: unknown[] } }).results.bindings).toHaveLength(PLANTS);
});

test('a malformed query shows the parser’s line and column under a Dutch title, not the spec’s error text (issue 37)', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${online.slug}`);
  await runQuery(page, javaScriptEnabled, 'SELECT ?s WHERE {\n  ?s ?p ?o .\n  FILTER(?s = ) }');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(SPARQL_ERROR_TEXTS.syntaxTitle);
  await expect(alert).not.toContainText(ERROR_TEXTS.sparql);
  await expect(alert.getByTestId('sparql-error-detail')).toHaveText(`${W.parserMessage}: ${SPARQL_ERROR_TEXTS.syntax(3, 15, ')')}`);
  await expect(page.getByTestId('sparql-result')).toHaveCount(0);
  // Without JavaScript the page opens at the error.
  if (!javaScriptEnabled) expect(new URL(page.url()).hash).toBe('#resultaat');
  await expect(alert).toBeInViewport();
});

test('‘Wat zit erin’ counts within the asker’s scopes; an example runs; axe finds nothing serious with results shown', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${online.slug}`);
  const contents = page.getByRole('region', { name: W.contentsTitle });
  await expect(contents).toContainText(W.contentsIntro(PLANTS * 3));
  await expect(contents).toContainText(`Water${W.subjects(200)}`);
  // Categories by their Dutch names, as on the chips (issue 37 item 7).
  await expect(contents).toContainText(`Verwarming${W.subjects(50)}`);
  await expect(contents).not.toContainText('Heating');
  const examples = page.getByRole('region', { name: W.examplesTitle });
  await examples.getByRole('button', { name: `${W.useExample}: ${W.exampleCategory('Water')}` }).click();
  await expect(page.getByTestId('sparql-result-count')).toContainText('25 rijen');
  await expect(page.locator('textarea[name="sparql_query"]')).toHaveValue(/hasCategory "Water"/);
  // axe runs in the page (JavaScript on); the markup without it is the same.
  if (!javaScriptEnabled) return;
  // Once the page has settled (the revalidation after the post done).
  await expect(page.getByRole('button', { name: S.submit, exact: true })).not.toHaveAttribute('aria-disabled', 'true');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
});

test('with JavaScript: the editor highlights SPARQL and completes the dataset’s own terms and their prefix', async ({ page, signInAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the editor needs JavaScript; without it the textarea is the field (the tests above)');
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${online.slug}`);
  const editor = page.getByTestId('sparql-editor');
  await expect(editor.locator('.cm-content')).toBeVisible();
  await expect(page.locator('textarea[name="sparql_query"]')).toBeHidden();
  // SPARQL highlighting: the keyword SELECT is a styled token.
  await expect(editor.locator('.cm-line span').filter({ hasText: /^SELECT$/ })).toHaveCount(1);
  await queryField(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('SELECT ?p WHERE { ?p a ex:Pl');
  await page.keyboard.press('ControlOrMeta+Space');
  const option = page.getByRole('option', { name: /ex:Plant/ });
  await expect(option).toBeVisible();
  await option.click();
  await page.keyboard.insertText(' }');
  await expect(page.locator('textarea[name="sparql_query"]')).toHaveValue(`PREFIX ex: <${ns}>\nSELECT ?p WHERE { ?p a ex:Plant }`);
  await page.getByRole('button', { name: S.submit, exact: true }).click();
  await expect(page.getByTestId('sparql-result-count')).toContainText(`${PLANTS} rijen`);
});
