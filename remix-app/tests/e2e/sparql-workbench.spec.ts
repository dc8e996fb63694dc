import { randomUUID } from 'node:crypto';
import { SPARQL_LABELS } from '@datahub/domain';
import { FEDERATION_LABELS as F } from '../../app/lib/sparql/federation-labels';
import { expect, test } from './fixtures';
import { hydrated } from './confirm-helpers';
import { api } from './helpers';
import { queryField, runQuery, startOnlineDataset, type OnlineDataset } from './sparql-helpers';
import { DEMO_USERS } from './settings';

const S = SPARQL_LABELS;

/**
 * Issue 38: the workbench /sparql, linked from /datasets — tick two readable datasets, make the
 * example query over them, run it, and join them in one query; a dataset the organisation may not
 * read named in FROM is refused with its name. With and without JavaScript.
 */
test.describe.configure({ mode: 'serial' });

let run: string;
const served: OnlineDataset[] = [];
const names: string[] = [];
const iris: string[] = [];

test.beforeAll(async () => {
  run = randomUUID().replaceAll('-', '').slice(0, 8);
  const prefix = `PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>\nPREFIX w: <http://example.org/werkbank/${run}/>\n`;
  const turtles = [
    `${prefix}w:meter1 cgo:hasCategory 'Water' ; w:stand 'meterstand-${run}' .\n`,
    `${prefix}w:vak1 cgo:hasCategory 'Crop' ; w:meter w:meter1 ; w:gewas 'tomaat-${run}' .\n`,
  ];
  for (const [index, turtle] of turtles.entries()) {
    names.push(`Werkbank ${index === 0 ? 'meters' : 'teelt'} ${run}`);
    served.push(
      await startOnlineDataset(`E2E werkbank ${index} ${run}`, { file: 'kas.ttl', name: names[index]!, about: 'Voor de werkbank.', contact: 'data@kwekerij-delta.test', additional_info: '', turtle }),
    );
  }
  const readable = (await api(served[0]!.ownerToken, 'get', '/api/sparql/datasets')).data as { id: string; iri: string }[];
  for (const dataset of served) iris.push(readable.find((row) => row.id === dataset.online.dataset_id)!.iri);
});

test.afterAll(async () => {
  for (const dataset of served) await dataset.dispose();
});

test('tick two datasets, make the example query, run it and join them', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/datasets');
  await page.getByRole('link', { name: F.link }).click();
  await expect(page.getByRole('heading', { level: 1, name: F.title })).toBeVisible();
  await hydrated(page, javaScriptEnabled);
  // Only the boxes ticked by default: a long list (the whole suite's datasets) stays quick to walk.
  const ticked = page.getByRole('checkbox', { checked: true });
  while ((await ticked.count()) > 0) await ticked.first().uncheck();
  for (const name of names) await page.getByRole('checkbox', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: F.example }).click();
  // The example names both graphs; run as it is, its answer holds a value of each dataset.
  if (!javaScriptEnabled) for (const iri of iris) await expect(queryField(page)).toHaveValue(new RegExp(`FROM NAMED <${iri}>`));
  else for (const iri of iris) await expect(page.getByTestId('sparql-editor')).toContainText(`FROM NAMED <${iri}>`);
  await page.getByRole('button', { name: S.submit, exact: true }).click();
  const result = page.getByTestId('sparql-result');
  await expect(result.getByRole('table')).toContainText(`meterstand-${run}`);
  await expect(result.getByRole('table')).toContainText(`tomaat-${run}`);
  // One question over both: the crop beside the meter's reading.
  await runQuery(page, javaScriptEnabled, `SELECT ?gewas ?stand WHERE { GRAPH <${iris[0]}> { ?m <http://example.org/werkbank/${run}/stand> ?stand } GRAPH <${iris[1]}> { ?v <http://example.org/werkbank/${run}/meter> ?m ; <http://example.org/werkbank/${run}/gewas> ?gewas } }`);
  const row = page.getByTestId('sparql-result').getByRole('row').nth(1);
  await expect(row).toContainText(`tomaat-${run}`);
  await expect(row).toContainText(`meterstand-${run}`);
  await expect(page.getByTestId('sparql-result').getByRole('row')).toHaveCount(2);
});

test('a dataset the organisation may not read, named in FROM, is refused by name', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/sparql');
  const unknown = `${iris[0]!.replace(/\/dataset\/.*$/, '/dataset')}/niet-leesbaar-${run}`;
  await runQuery(page, javaScriptEnabled, `SELECT * FROM <${unknown}> WHERE { ?s ?p ?o }`);
  await expect(page.getByRole('alert')).toContainText(unknown);
  await expect(page.getByTestId('sparql-result')).toHaveCount(0);
});
