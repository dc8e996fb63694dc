import { AUDIT_KIND_LABELS, AUDIT_LABELS as L } from '@datahub/domain';
import { expect, test } from './fixtures';
import { api, apiLogin, ownerDataset, type ApiCreatedDatasource, type ApiDataset } from './helpers';
import { DEMO_USERS } from './settings';

/**
 * The audit trail (issue 23), with JavaScript on and off: Kwekerij Delta's owner finds the grant it
 * gave Kassenbouw West in '/logboek' through the filter form, West finds it too (without Delta's
 * people), a plain member has no Logboek, and the CSV is made for Dutch Excel.
 */
test.describe.configure({ mode: 'serial' });

let dataset: ApiDataset;
let datasource: ApiCreatedDatasource;
let ownerToken: string;

test.beforeAll(async () => {
  ownerToken = await apiLogin(DEMO_USERS.owner);
  ({ dataset, datasource } = await ownerDataset());
  const [{ organization_id: west }] = (await api(ownerToken, 'get', '/api/authorisation-assignees')).data.filter((row) => row.name === 'Kassenbouw West');
  const granted = await api(ownerToken, 'post', '/api/datasets/{id}/authorisations', {
    params: { path: { id: dataset.dataset_id } },
    body: { dataset: dataset.dataset_id, authorisations: ['Dataset.ReadWater'], assignee_organization: west, expiration_date: '' },
  });
  expect(granted.status).toBe(201);
  // More path-override changes than one page of the log holds.
  for (let n = 0; n < 55; n += 1) {
    const changed = await api(ownerToken, 'put', '/api/datasources/{id}/path-overrides/{path}', {
      params: { path: { id: datasource.datasource_id, path: 'dataset' } },
      body: { path_override_pattern: `/api/${n}/{DATASET_ID}` },
    });
    expect(changed.status).toBe(200);
  }
});

test('the owner filters the log down to the grant it gave', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/datasets');
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: L.title }).click();
  await expect(page).toHaveURL(/\/logboek$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.title);
  await page.getByLabel(L.kind).selectOption({ label: AUDIT_KIND_LABELS['grant.created'] });
  await page.getByLabel(L.organization).selectOption({ label: 'Kassenbouw West' });
  await page.getByRole('button', { name: L.show }).click();
  await expect(page).toHaveURL(/kind=grant\.created/);
  const rows = page.getByTestId('audit-log').locator('tbody tr');
  await expect(rows.first()).toContainText(AUDIT_KIND_LABELS['grant.created']);
  await expect(rows.first()).toContainText(DEMO_USERS.owner);
  await expect(rows.first()).toContainText('Kassenbouw West');
  // Fields and categories in Dutch, not the API's names (other specs grant to Kassenbouw West too:
  // the grant of this spec is one of the rows, not necessarily the newest).
  await expect(rows.filter({ hasText: 'categorieën: Water' }).first()).toBeVisible();
  await expect(rows.first()).toContainText('categorieën: ');
  await expect(rows.first()).not.toContainText('Dataset.Read');
  for (const kind of await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-kind')))) expect(kind).toBe('grant.created');
  // The filter stays chosen after the round trip.
  await expect(page.getByLabel(L.kind)).toHaveValue('grant.created');
});

test('the log pages to older rows and back to the newest, keeping the filter', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/logboek?kind=path_override.changed');
  const rows = page.getByTestId('audit-log').locator('tbody tr');
  await expect(rows).toHaveCount(50);
  // Newest first: the last change is on top.
  await expect(rows.first()).toContainText('/api/54/{DATASET_ID}');
  await expect(page.getByRole('link', { name: L.first })).toHaveCount(0);
  await page.getByRole('link', { name: L.next }).click();
  await expect(page).toHaveURL(/kind=path_override\.changed&cursor=/);
  await expect(rows.first()).not.toContainText('/api/54/{DATASET_ID}');
  await expect(page.getByTestId('audit-log')).not.toContainText('/api/5/{DATASET_ID}');
  await page.getByRole('link', { name: L.first }).click();
  await expect(page).toHaveURL(/\/logboek\?kind=path_override\.changed$/);
  await expect(rows.first()).toContainText('/api/54/{DATASET_ID}');
});

test('a filter the server cannot read is answered in Dutch', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/logboek?kind=bestaat-niet');
  await expect(page.getByText('Kies een soort uit de lijst.')).toBeVisible();
  await expect(page.getByText(L.empty)).toBeVisible();
});

test('the receiving organisation sees the grant, not who at Delta gave it', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.otherOwner);
  await page.goto('/logboek?kind=grant.created');
  const rows = page.getByTestId('audit-log').locator('tbody tr');
  await expect(rows.first()).toContainText(AUDIT_KIND_LABELS['grant.created']);
  await expect(page.getByTestId('audit-log')).not.toContainText(DEMO_USERS.owner);
  await expect(page.getByTestId('audit-log')).not.toContainText('Databron aangemaakt');
});

test('a plain member has no Logboek', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.member);
  await page.goto('/datasets');
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: L.title })).toHaveCount(0);
  const response = await page.goto('/logboek');
  expect(response?.status()).toBe(403);
});

test('the CSV link downloads the filtered log for Dutch Excel', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/logboek?kind=grant.created');
  const href = await page.getByRole('link', { name: L.exportCsv }).getAttribute('href');
  expect(href).toBe('/logboek/csv?kind=grant.created');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toBe('attachment; filename="logboek.csv"');
  const body = await response.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = body.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(L.csvHeader.join(';'));
  expect(lines.slice(1).filter(Boolean).every((line) => line.includes(AUDIT_KIND_LABELS['grant.created']))).toBe(true);
});

test("the owner sees 'Gebruik door anderen' on its dataset; a member does not", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${dataset.slug}`);
  await expect(page.getByRole('heading', { name: L.usageTitle })).toBeVisible();
  await expect(page.getByText(L.usageEmpty)).toBeVisible();
  await signInAs(DEMO_USERS.member);
  await page.goto(`/dataset/${dataset.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: L.usageTitle })).toHaveCount(0);
});
