import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ReferenceAgent, type AgentDataset } from './agent';
import { expect, test } from './fixtures';
import { openConfirmation } from './confirm-helpers';
import { api, apiLogin, type ApiCreatedDatasource, type ApiDataset } from './helpers';
import { runQuery } from './sparql-helpers';
import { DEMO_USERS } from './settings';
import { AUTHORISATION_LABELS, AUTHORISATION_FIELD_ERRORS, SPARQL_LABELS, ERROR_TEXTS } from '@datahub/domain';

const L = AUTHORISATION_LABELS;
const S = SPARQL_LABELS;

/**
 * Machtigingen end to end with a real data source: Kwekerij Delta grants Kassenbouw West 'Water'
 * on its dataset, West sees it under 'Ontvangen', queries it (only Water subjects come back),
 * downloads the XML and the JSON result; Delta revokes it (after confirming) and West's next query
 * is refused. Each project (js, no-js) runs this with its own data source and dataset.
 */
test.describe.configure({ mode: 'serial' });

const CGO = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';
let run: string;
let dataset: AgentDataset;
let online: ApiDataset;
let agent: ReferenceAgent;
let ownerToken: string;
let source: ApiCreatedDatasource;

function turtle(run: string): string {
  return [
    `PREFIX : <http://www.example.org/machtiging/${run}/>`,
    `PREFIX cgo: <${CGO}>`,
    '',
    ":watergift a cgo:Volume ; cgo:hasNumericalValue 12.5 ; cgo:hasCategory 'Water' .",
    ":regenwaterbassin a cgo:Basin ; cgo:hasNumericalValue 300 ; cgo:hasCategory 'Water' .",
    ":verwarmingsbuis a cgo:HeatingPipe ; cgo:hasNumericalValue 60 ; cgo:hasCategory 'Heating' .",
    ':zonderCategorie a cgo:Thing ; cgo:hasNumericalValue 7 .',
    '',
  ].join('\n');
}

const WATER_SUBJECTS = ['watergift', 'regenwaterbassin'];
const OTHER_SUBJECTS = ['verwarmingsbuis', 'zonderCategorie'];
const subject = (name: string) => `http://www.example.org/machtiging/${run}/${name}`;

test.beforeAll(async () => {
  run = randomUUID().replaceAll('-', '').slice(0, 8);
  dataset = { file: 'kas.ttl', turtle: turtle(run), name: `Machtiging ${run} Kas`, about: 'Watergift en verwarming.', contact: 'kas@kwekerij-delta.test', additional_info: '' };
  ownerToken = await apiLogin(DEMO_USERS.owner);
  const created = await api(ownerToken, 'post', '/api/datasources', { body: { name: `E2E machtigingen ${run}`, hostname: '' } });
  expect(created.status).toBe(201);
  source = created.data;
  agent = await ReferenceAgent.prepare(source, [dataset]);
  await agent.start();
  await expect
    .poll(async () => (await api(ownerToken, 'get', '/api/my-datasets')).data.find((row) => row.name === dataset.name)?.status, { timeout: 30_000 })
    .toBe('online');
  online = (await api(ownerToken, 'get', '/api/my-datasets')).data.find((row) => row.name === dataset.name)!;
});

test.afterAll(async () => {
  await agent?.dispose();
  if (source) await api(ownerToken, 'delete', '/api/datasources/{id}', { params: { path: { id: source.datasource_id } } });
});

async function givenByDelta() {
  const answer = await api(ownerToken, 'get', '/api/organizations/{slug}/authorisations/given', { params: { path: { slug: 'kwekerij-delta' } } });
  expect(answer.status).toBe(200);
  return answer.data;
}

function givenCard(page: Page) {
  return page.getByRole('list', { name: L.given }).getByTestId('authorisation-card').filter({ hasText: dataset.name });
}


test('a plain member is told to ask for the Machtigingen beheren right', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.member);
  await page.goto('/machtigingen');
  await expect(page.getByText(L.noRights)).toBeVisible();
  await expect(page.getByRole('link', { name: L.newAuthorisation })).toHaveCount(0);
});

test('a grantee without a grant sees why and who owns the dataset; the owner sees the example query', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.otherOwner);
  await page.goto(`/dataset/${online.slug}`);
  await expect(page.getByText(S.noGrant('Kwekerij Delta'))).toBeVisible();
  await expect(page.getByLabel(S.inputLabel, { exact: true })).toHaveCount(0);
  await signInAs(DEMO_USERS.admin);
  await page.goto(`/dataset/${online.slug}`);
  await expect(page.getByText(S.noGrant('Kwekerij Delta'))).toBeVisible();
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${online.slug}`);
  // The posted field (the editor over it with JavaScript shows the same placeholder and text).
  await expect(page.locator('textarea[name="sparql_query"]')).toHaveAttribute('placeholder', S.placeholder);
  await expect(page.locator('textarea[name="sparql_query"]')).toHaveValue(/LIMIT 5/);
});

test('the owner grants Kassenbouw West Water; a refused post keeps every choice', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen');
  await page.getByRole('link', { name: L.newAuthorisation }).click();
  await expect(page).toHaveURL(/\/machtigingen\/aanmaken$/);
  // The form leaves checking to the server, as every form of the portal does (noValidate): an empty
  // post gets every missing choice named in Dutch.
  await page.getByRole('button', { name: L.create.submit }).click();
  await expect(page.getByText(AUTHORISATION_FIELD_ERRORS.datasetMissing)).toBeVisible();
  await expect(page.getByText(AUTHORISATION_FIELD_ERRORS.assigneeMissing)).toBeVisible();
  await expect(page.getByText(AUTHORISATION_FIELD_ERRORS.scopesMissing)).toBeVisible();
  await expect(page.getByLabel(L.create.dataset, { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(L.create.dataset, { exact: true }).selectOption({ label: dataset.name });
  await page.getByRole('checkbox', { name: 'Water', exact: true }).check();
  // The server says which choice is missing and keeps the others.
  await page.getByRole('button', { name: L.create.submit }).click();
  await expect(page.getByText(AUTHORISATION_FIELD_ERRORS.assigneeMissing)).toBeVisible();
  await expect(page.getByLabel(L.create.dataset, { exact: true })).toHaveValue(online.dataset_id);
  await expect(page.getByRole('checkbox', { name: 'Water', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Verwarming' })).not.toBeChecked();
  const grants = await givenByDelta();
  expect(JSON.stringify(grants)).not.toContain(dataset.name);

  await page.getByLabel(L.create.assignee, { exact: true }).selectOption({ label: 'Kassenbouw West' });
  await page.getByRole('button', { name: L.create.submit }).click();
  await expect(page).toHaveURL(/\/machtigingen$/);
  await expect(page.getByRole('status')).toContainText(L.create.created(dataset.name, 'Kassenbouw West'));
  const card = givenCard(page);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Water');
  await expect(card).toContainText(L.indefinite);
  await expect(card.getByTestId('logo-initials')).toHaveText('KA');
  await expect(card.getByRole('button', { name: L.revokeLabel(dataset.name, 'Kassenbouw West') })).toBeVisible();
});

test('Kassenbouw West sees it under Ontvangen, without a revoke button', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.otherOwner);
  await page.goto('/machtigingen');
  const card = page.getByRole('list', { name: L.received }).getByTestId('authorisation-card').filter({ hasText: dataset.name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${L.grantedBy} Kwekerij Delta`);
  await expect(card.getByRole('button', { name: L.revoke })).toHaveCount(0);
  // West gave nothing: the given list says so (ADR 0007: an empty list).
  await expect(page.getByRole('region', { name: L.given })).toContainText(L.emptyGivenEver);
});

test('querying as Kassenbouw West gives only Water subjects; the JSON result and the XML download', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.otherOwner);
  await page.goto(`/dataset/${online.slug}`);
  await expect(page.getByText(S.scopesNote('Water'))).toBeVisible();
  await runQuery(page, javaScriptEnabled, 'SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s');
  const result = page.getByTestId('sparql-result');
  const table = result.getByRole('table');
  await expect(table).toBeVisible();
  for (const name of WATER_SUBJECTS) await expect(table).toContainText(subject(name));
  for (const name of OTHER_SUBJECTS) await expect(table).not.toContainText(subject(name));
  await expect(page.locator('textarea[name="sparql_query"]')).toHaveValue('SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s');

  const jsonDownload = page.waitForEvent('download');
  await result.getByRole('button', { name: S.download, exact: true }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toBe(`${online.slug}_SPARQL_query_download.json`);
  const answer = JSON.parse(await readFile(await json.path(), 'utf8')) as { results: { bindings: { s: { value: string } }[] } };
  expect([...new Set(answer.results.bindings.map((binding) => binding.s.value))].sort()).toEqual(WATER_SUBJECTS.map(subject).sort());

  const xmlDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: S.downloadXml }).click();
  const xml = await xmlDownload;
  expect(xml.suggestedFilename()).toBe(`${online.slug}.xml`);
  const text = await readFile(await xml.path(), 'utf8');
  expect(text).toContain('rdf:RDF');
  for (const name of WATER_SUBJECTS) expect(text).toContain(subject(name));
  for (const name of OTHER_SUBJECTS) expect(text).not.toContain(subject(name));

  // A query the hub refuses shows the spec's text and no result or download.
  await runQuery(page, javaScriptEnabled, 'DELETE WHERE { ?s ?p ?o }');
  await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.sparql);
  await expect(page.getByTestId('sparql-result')).toHaveCount(0);
});

test('Kwekerij Delta revokes it after confirming; the next query of Kassenbouw West is refused', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen');
  const button = givenCard(page).getByRole('button', { name: L.revokeLabel(dataset.name, 'Kassenbouw West') });
  const [grant] = (await givenByDelta()).filter((row) => row.dataset_name === dataset.name);
  let confirmation = await openConfirmation(page, javaScriptEnabled, button, L.revokeConfirmTitle);
  await expect(confirmation.getByText(L.revokeConfirmText(`${dataset.name} (${grant!.authorisation_label})`, 'Kassenbouw West'))).toBeVisible();
  if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/machtigingen/${grant!.authorisation_assignment_id}/intrekken\\??$`));
  // Cancelling keeps it.
  await confirmation.getByRole(javaScriptEnabled ? 'button' : 'link', { name: L.cancel }).click();
  if (javaScriptEnabled) {
    await expect(confirmation).toHaveCount(0);
    await expect(button).toBeFocused();
  }
  await expect(page).toHaveURL(/\/machtigingen$/);
  await expect(givenCard(page)).toHaveCount(1);
  expect((await givenByDelta()).filter((row) => row.dataset_name === dataset.name)).toHaveLength(1);

  confirmation = await openConfirmation(page, javaScriptEnabled, button, L.revokeConfirmTitle);
  await confirmation.getByRole('button', { name: L.revokeConfirm }).click();
  // The card disappears and the page (/machtigingen) says so.
  await expect(givenCard(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/machtigingen$/);
  await expect(page.getByRole('status')).toContainText(L.revoked(dataset.name, 'Kassenbouw West'));
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect((await givenByDelta()).filter((row) => row.dataset_name === dataset.name)).toHaveLength(0);
  // Its confirmation page is gone with it.
  expect((await page.goto(`/machtigingen/${grant!.authorisation_assignment_id}/intrekken`))?.status()).toBe(404);

  await signInAs(DEMO_USERS.otherOwner);
  await page.goto(`/dataset/${online.slug}`);
  await expect(page.getByText(S.noGrant('Kwekerij Delta'))).toBeVisible();
  const westToken = await apiLogin(DEMO_USERS.otherOwner);
  const refused = await api(westToken, 'get', '/api/datasets/{id}/data', { params: { path: { id: online.dataset_id }, query: { sparql_query: 'ASK { ?s ?p ?o }' } } });
  expect(refused.status).toBe(403);
});
