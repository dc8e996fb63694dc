import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { amsterdamToday, ERROR_TEXTS, SPARQL_ERROR_TEXTS, SPARQL_LABELS, WORKBENCH_LABELS } from '@datahub/domain';
import type { AgentDataset } from './agent';
import { expect, test } from './fixtures';
import { runQuery, startOnlineDataset, type OnlineDataset } from './sparql-helpers';
import { API_PORT, DEMO_USERS } from './settings';

const S = SPARQL_LABELS;
const W = WORKBENCH_LABELS;

/**
 * Issue 37 items 3 and 6 on the SPARQL workbench, with JavaScript on and off: 'CSV (Excel)' opens in
 * Dutch Excel (semicolons, byte-order mark) beside the W3C CSV for programs, both under Dutch names;
 * a syntax error says what and where in Dutch instead of the spec's 'check of de dataset online is';
 * row counts are written '10.000'.
 */
test.describe.configure({ mode: 'serial' });

const PLANTS = 120;
let ns: string;
let served: OnlineDataset;

test.beforeAll(async () => {
  const run = randomUUID().replaceAll('-', '').slice(0, 8);
  ns = `http://www.example.org/bestanden/${run}/`;
  const lines = [`PREFIX ex: <${ns}>`, ''];
  // Decimals with a point, a name with a comma and quotes, and one that looks like a formula.
  for (let index = 1; index <= PLANTS; index += 1) lines.push(`ex:plant${String(index).padStart(3, '0')} ex:hoogte ${index}.5 ; ex:naam "Plant ${index}" .`);
  lines.push('ex:plant001 ex:opmerking "Kas 1, west \\"noord\\"" .', 'ex:plant002 ex:opmerking "=SOM(A1)" .');
  const dataset: AgentDataset = { file: 'planten.ttl', turtle: lines.join('\n') + '\n', name: `Bestanden ${run}`, about: 'Planten.', contact: 'bestanden@kwekerij-delta.test', additional_info: '' };
  served = await startOnlineDataset(`E2E bestanden ${run}`, dataset);
});

test.afterAll(async () => {
  await served?.dispose();
});

const LISTING = () => `PREFIX ex: <${ns}>\nSELECT ?plant ?hoogte ?opmerking WHERE {\n  ?plant ex:hoogte ?hoogte\n  OPTIONAL { ?plant ex:opmerking ?opmerking }\n}\nORDER BY ?plant`;

/** The hub's own W3C CSV for `query`, as Kwekerij Delta. */
async function hubCsv(query: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${API_PORT}/api/datasets/${served.online.dataset_id}/sparql/download`, {
    method: 'POST',
    headers: { authorization: `Bearer ${served.ownerToken}`, accept: 'text/csv', 'content-type': 'application/sparql-query' },
    body: query,
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function download(page: Page, name: string) {
  const waiting = page.waitForEvent('download');
  await page.getByRole('form', { name: W.downloads }).getByRole('button', { name, exact: true }).click();
  const file = await waiting;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test("'CSV (Excel)' has semicolons and a byte-order mark, the standard CSV is the hub's W3C CSV; both named in Dutch", async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${served.online.slug}`);
  const query = LISTING();
  await runQuery(page, javaScriptEnabled, query);
  await expect(page.getByTestId('sparql-result').getByRole('table')).toBeVisible();
  const day = amsterdamToday();

  const excel = await download(page, W.downloadCsvExcel);
  expect(excel.name).toBe(`resultaten-${served.online.slug}-${day}.csv`);
  expect([...excel.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = excel.bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('plant;hoogte;opmerking');
  // RFC 4180 quoting, decimals as in the data, a formula neutralised, every row (not cut at the page's 100).
  expect(lines[1]).toBe(`${ns}plant001;1.5;"Kas 1, west ""noord"""`);
  expect(lines[2]).toBe(`${ns}plant002;2.5;'=SOM(A1)`);
  expect(lines[3]).toBe(`${ns}plant003;3.5;`);
  expect(lines.filter(Boolean)).toHaveLength(1 + PLANTS);

  const standard = await download(page, W.downloadCsv);
  expect(standard.name).toBe(`resultaten-${served.online.slug}-${day}-standaard.csv`);
  expect(standard.bytes.toString('utf8')).toBe(await hubCsv(query));
  expect(standard.bytes[0]).not.toBe(0xef);
  expect(standard.bytes.toString('utf8').split('\r\n')[0]).toBe('plant,hoogte,opmerking');

  const tsv = await download(page, W.downloadTsv);
  expect(tsv.name).toBe(`resultaten-${served.online.slug}-${day}.tsv`);
  // The JSON keeps the spec's name.
  expect((await download(page, S.download)).name).toBe(`${served.online.slug}_SPARQL_query_download.json`);
});

test('a syntax error says what and where in Dutch, not that something went wrong with the dataset', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${served.online.slug}`);
  await runQuery(page, javaScriptEnabled, 'SELECT ?s WHERE { ?s ?p ?o }\nLIMT 5');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(SPARQL_ERROR_TEXTS.syntaxTitle);
  await expect(alert.getByTestId('sparql-error-detail')).toHaveText(`${W.parserMessage}: ${SPARQL_ERROR_TEXTS.syntax(2, 1, 'LIMT')}`);
  await expect(alert).toContainText("Regel 2, kolom 1: hier verwacht de query iets anders dan 'LIMT'.");
  await expect(alert).not.toContainText(ERROR_TEXTS.sparql);
  await expect(alert).not.toContainText('Error');

  // A rule the parser checks after reading (a selected variable not grouped): also placed, in Dutch.
  await runQuery(page, javaScriptEnabled, 'SELECT ?s (COUNT(?o) AS ?n)\nWHERE { ?s ?p ?o }');
  await expect(page.getByRole('alert').getByTestId('sparql-error-detail')).toContainText('Regel 1, kolom 8: ?s staat in SELECT');
  await expect(page.getByRole('alert')).not.toContainText('Projection');
  await expect(page.getByRole('alert')).not.toContainText(ERROR_TEXTS.sparql);
});

test("row counts are written '10.000' where the result is cut at the display limit", async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${served.online.slug}`);
  // 360 triples squared: far more rows than the page's 10,000.
  await runQuery(page, javaScriptEnabled, 'SELECT ?a ?b WHERE { ?a ?p ?x . ?b ?q ?y }');
  const result = page.getByTestId('sparql-result');
  await expect(result.getByTestId('sparql-result-count')).toContainText('10.000 rijen ·');
  await expect(result).toContainText(S.truncated(10_000));
  await expect(result).toContainText('Het resultaat is afgekapt na 10.000 rijen.');
  await expect(result).not.toContainText('10000');
});
