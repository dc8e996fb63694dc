import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ACCESS_REQUEST_FIELD_ERRORS, ACCESS_REQUEST_LABELS as R, AUDIT_KIND_LABELS, EXPIRY_LABELS, AUTHORISATION_LABELS as L } from '@datahub/domain';
import { ReferenceAgent, type AgentDataset } from './agent';
import { openConfirmation } from './confirm-helpers';
import { runQuery } from './sparql-helpers';
import { expect, test } from './fixtures';
import { api, apiLogin, mailsTo, type ApiCreatedDatasource, type ApiDataset } from './helpers';
import { DEMO_USERS } from './settings';

/**
 * Issue 23's share cycle, with JavaScript on and off: Kassenbouw West asks for Water and Gewassen
 * on a dataset of Kwekerij Delta; Delta approves Water only; West queries it; Delta changes the
 * expiry and then revokes; both logs show every step. A second request is declined with a reason.
 */
test.describe.configure({ mode: 'serial' });

const CGO = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';
let run: string;
let agent: ReferenceAgent;
let source: ApiCreatedDatasource;
let online: ApiDataset;
let ownerToken: string;

test.beforeAll(async () => {
  run = randomUUID().replaceAll('-', '').slice(0, 8);
  const dataset: AgentDataset = {
    file: 'kas.ttl',
    turtle: `PREFIX : <http://www.example.org/aanvraag/${run}/>\nPREFIX cgo: <${CGO}>\n:watergift a cgo:Volume ; cgo:hasCategory 'Water' .\n:buis a cgo:HeatingPipe ; cgo:hasCategory 'Heating' .\n`,
    name: `Aanvraag ${run} Kas`,
    about: 'Watergift en verwarming.',
    contact: 'kas@kwekerij-delta.test',
    additional_info: '',
  };
  ownerToken = await apiLogin(DEMO_USERS.owner);
  const created = await api(ownerToken, 'post', '/api/datasources', { body: { name: `E2E aanvragen ${run}`, hostname: '' } });
  expect(created.status).toBe(201);
  source = created.data;
  agent = await ReferenceAgent.prepare(source, [dataset]);
  await agent.start();
  const find = async () => (await api(ownerToken, 'get', '/api/my-datasets')).data.find((row) => row.name === dataset.name);
  await expect.poll(async () => (await find())?.status, { timeout: 30_000 }).toBe('online');
  online = (await find())!;
});

test.afterAll(async () => {
  await agent?.dispose();
  if (source) await api(ownerToken, 'delete', '/api/datasources/{id}', { params: { path: { id: source.datasource_id } } });
});

const requestCard = (page: Page) => page.getByTestId('access-request').filter({ hasText: online.name });
const logRows = (page: Page) => page.getByTestId('audit-log').locator('tbody tr').filter({ hasText: online.name });

test('West asks for Water and Gewassen; a request without a reason is refused in Dutch', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.otherOwner);
  await page.goto(`/dataset/${online.slug}`);
  const section = page.getByRole('region', { name: R.title });
  await section.getByRole('checkbox', { name: 'Water', exact: true }).check();
  await section.getByRole('checkbox', { name: 'Gewassen' }).check();
  await section.getByRole('button', { name: R.submit }).click();
  await expect(page.getByText(ACCESS_REQUEST_FIELD_ERRORS.reasonMissing)).toBeVisible();
  // The choices are kept.
  await expect(page.getByRole('checkbox', { name: 'Gewassen' })).toBeChecked();
  await page.getByLabel(R.reason).fill('Wij vergelijken de watergift.');
  await page.getByRole('button', { name: R.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/dataset/${online.slug}$`));
  await expect(page.getByRole('status')).toContainText(R.sent(online.name));
  await page.goto('/machtigingen');
  await expect(page.getByTestId('sent-access-request').filter({ hasText: online.name })).toContainText(R.status.open);
  await expect.poll(async () => (await mailsTo(DEMO_USERS.owner)).some((mail) => mail.raw.includes(`Aanvraag ${run} Kas`))).toBe(true);
});

test('Delta approves Water only; West is mailed and queries Water', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen');
  const card = requestCard(page);
  await expect(card).toContainText('Wij vergelijken de watergift.');
  await card.getByRole('checkbox', { name: 'Gewassen' }).uncheck();
  await card.getByRole('button', { name: R.approve }).click();
  await expect(page.getByRole('status')).toContainText(R.approved(online.name, 'Kassenbouw West'));
  await expect(requestCard(page)).toHaveCount(0);
  await expect.poll(async () => (await mailsTo(DEMO_USERS.otherOwner)).some((mail) => mail.raw.includes('goedgekeurd'))).toBe(true);

  await signInAs(DEMO_USERS.otherOwner);
  await page.goto('/machtigingen');
  await expect(page.getByTestId('sent-access-request').filter({ hasText: online.name })).toContainText(R.status.approved);
  await page.goto(`/dataset/${online.slug}`);
  // With JavaScript the editor replaces the field once mounted: typed there, as a user would.
  await runQuery(page, javaScriptEnabled, 'SELECT ?s WHERE { ?s ?p ?o }');
  await expect(page.getByTestId('sparql-result')).toContainText('watergift');
  await expect(page.getByTestId('sparql-result')).not.toContainText('buis');
});

test('Delta changes the expiry and revokes; both logs show the cycle step by step', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen/aanmaken');
  await page.getByLabel(L.create.dataset, { exact: true }).selectOption({ label: online.name });
  await page.getByLabel(L.create.assignee, { exact: true }).selectOption({ label: 'Kassenbouw West' });
  await page.getByRole('checkbox', { name: 'Water', exact: true }).check();
  await page.getByLabel(L.create.expiration).fill('2099-12-31');
  await page.getByRole('button', { name: L.create.submit }).click();
  await expect(page).toHaveURL(/\/machtigingen$/);
  const card = page.getByRole('list', { name: L.given }).getByTestId('authorisation-card').filter({ hasText: online.name });
  await expect(card).toContainText(EXPIRY_LABELS.validThrough('31/12/2099'));
  const button = page.getByRole('button', { name: L.revokeLabel(online.name, 'Kassenbouw West') });
  const confirmation = await openConfirmation(page, javaScriptEnabled, button, L.revokeConfirmTitle);
  await confirmation.getByRole('button', { name: L.revokeConfirm }).click();
  await expect(page.getByRole('status')).toContainText(L.revoked(online.name, 'Kassenbouw West'));

  const cycle = ['grant.revoked', 'grant.extended', 'read.query', 'access_request.approved', 'grant.created', 'access_request.created'];
  for (const who of [DEMO_USERS.owner, DEMO_USERS.otherOwner]) {
    await signInAs(who);
    await page.goto('/logboek');
    const kinds = await logRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds.filter((kind) => cycle.includes(kind ?? '')), who).toEqual(cycle);
    await expect(logRows(page).filter({ hasText: AUDIT_KIND_LABELS['grant.extended'] })).toContainText('geldig tot en met: 31 december 2099');
  }
});

test('a second request is declined with a reason (required); West sees why', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.otherOwner);
  await page.goto(`/dataset/${online.slug}`);
  await page.getByRole('checkbox', { name: 'Verwarming' }).check();
  await page.getByLabel(R.reason).fill('Energiebesparing.');
  await page.getByRole('button', { name: R.submit }).click();
  await expect(page.getByRole('status')).toContainText(R.sent(online.name));

  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen');
  await requestCard(page).getByRole('button', { name: R.decline }).click();
  await expect(page.getByText(ACCESS_REQUEST_FIELD_ERRORS.declineReasonMissing)).toBeVisible();
  await page.getByLabel(R.declineReason).fill('Niet voor dit doel.');
  await page.getByRole('button', { name: R.decline }).click();
  await expect(page.getByRole('status')).toContainText(R.declined(online.name, 'Kassenbouw West'));

  await signInAs(DEMO_USERS.otherOwner);
  await page.goto('/machtigingen');
  const sent = page.getByTestId('sent-access-request').filter({ hasText: 'Verwarming' }).filter({ hasText: online.name });
  await expect(sent).toContainText(R.status.declined);
  await expect(sent).toContainText('Niet voor dit doel.');
});
