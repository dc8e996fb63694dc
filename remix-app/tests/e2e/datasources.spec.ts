import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiLogin, api, dropAttribute, ownerDataset, type ApiCreatedDatasource } from './helpers';
import { DEMO_USERS } from './settings';

// Labels straight from the domain library's source, as domain.ts does.
import { DATASET_LABELS, DATASOURCE_DETAIL_LABELS, DATASOURCE_STATUS_LABELS, ERROR_TEXTS, HOSTNAME_PROBLEMS, formatDateLong } from '@datahub/domain';
const L = DATASET_LABELS;
const G = DATASOURCE_DETAIL_LABELS;

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const uniqueHost = () => `e2e-${randomUUID().slice(0, 8)}.kwekerij-delta.nl`;

async function expectCredentialsDownload(page: Page, datasourceName: string) {
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: L.datasourceCreate.download }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^datasource-credentials-[0-9a-f-]{36}\.json$/);
  const file = JSON.parse(await readFile(await download.path(), 'utf8')) as ApiCreatedDatasource;
  expect(download.suggestedFilename()).toBe(`datasource-credentials-${file.datasource_id}.json`);
  expect(file.name).toBe(datasourceName);
  expect(file.credentials.datasource_id).toBe(file.datasource_id);
  expect(typeof file.credentials.secret).toBe('string');
  expect(file.credentials.secret.length).toBeGreaterThan(10);
  expect(file.cloud_init_config).toContain('#cloud-config');
  return file;
}

test.describe('data sources', () => {
  test('the owner sees the data sources with links to both create pages', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    await page.goto('/databronnen');
    await expect(page.getByRole('heading', { level: 1, name: L.datasources.title })).toBeVisible();
    await expect(page.getByRole('link', { name: L.datasources.create, exact: true })).toHaveAttribute('href', '/databronnen/aanmaken');
    await expect(page.getByRole('link', { name: L.datasources.createAzure })).toHaveAttribute('href', '/databronnen/aanmaken-azure');
    await expect(page.getByText(L.noDatasourceRights)).toHaveCount(0);
  });

  test('a plain member is told to ask for the manage data sources right', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/databronnen');
    await expect(page.getByText(L.noDatasourceRights)).toBeVisible();
    await expect(page.getByTestId('datasource-row')).toHaveCount(0);
    await page.goto('/databronnen/aanmaken');
    await expect(page.getByText(L.noDatasourceRights)).toBeVisible();
    await expect(page.getByLabel(L.datasourceCreate.name, { exact: true })).toHaveCount(0);
  });

  test('creates a data source, offers the credentials file once and lists it with its host', async ({ page, signInAs, javaScriptEnabled }) => {
    await signInAs(DEMO_USERS.owner);
    const name = unique('E2E bron');
    const hostname = uniqueHost();
    await page.goto('/databronnen/aanmaken');
    await page.getByLabel(L.datasourceCreate.name, { exact: true }).fill(name);
    await page.getByLabel(L.datasourceCreate.hostname, { exact: true }).fill(hostname);
    await page.getByRole('button', { name: L.datasourceCreate.submit }).click();

    await expect(page.getByRole('status').filter({ hasText: L.datasourceCreate.created(name) })).toHaveText(L.datasourceCreate.created(name));
    await expect(page.getByText(L.datasourceCreate.secretOnce)).toBeVisible();
    const file = await expectCredentialsDownload(page, name);
    expect(file.hostname).toBe(hostname);
    // The answer is the data source's own page, the download at the top and then the steps for an own server.
    await expect(page).toHaveURL(new RegExp(`/databron/${file.datasource_id}$`));
    expect(await page.locator('a[download], #databron-datasets').first().getAttribute('download')).toBe(`datasource-credentials-${file.datasource_id}.json`);
    const install = page.getByRole('region', { name: G.installTitle });
    await expect(install.getByLabel(G.installCommandLabel)).toHaveText(file.install_command);
    expect(file.install_command).toMatch(/^npm install --global --omit=dev http:\/\/.+\/api\/datasource-agent\/package\.tgz$/);
    await expect(install.getByLabel(G.startCommandLabel)).toHaveText(file.start_command);
    await expect(install).toContainText(hostname);
    await expect(page.getByLabel(L.datasourceCreate.cloudInit, { exact: true })).toHaveCount(0);
    if (javaScriptEnabled) {
      // The result, with its command boxes, passes axe like every page of the sweep (which never sees it).
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    }

    // Post/redirect/get: a reload neither creates a second one nor shows the secret again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: L.datasourceCreate.download })).toHaveCount(0);
    await expect(page.getByText(L.datasourceCreate.secretOnce)).toHaveCount(0);
    // The hub checks the new host at once; the made-up host never answers, which is no contact.
    await expect(page.getByTestId('datasource-status')).toContainText(new RegExp(`${DATASOURCE_STATUS_LABELS.pending}|${DATASOURCE_STATUS_LABELS.offline}`));
    await expect(page.getByTestId('datasource-last-contact')).toHaveText(G.noContact);
    const listed = await api(await apiLogin(DEMO_USERS.owner), 'get', '/api/datasources');
    expect(listed.data.filter((row) => row.name === name)).toHaveLength(1);

    await page.getByRole('link', { name: L.datasourceCreate.backToList }).click();
    await expect(page).toHaveURL(/\/databronnen$/);
    const card = page.getByTestId('datasource-row').filter({ hasText: name });
    // The link goes where the hub calls the host: the e2e hub allows private hosts, so plain http.
    await expect(card.getByRole('link', { name: hostname })).toHaveAttribute('href', `http://${hostname}/`);

    // The secret was shown once: the data source itself never gives it again.
    const token = await apiLogin(DEMO_USERS.owner);
    const again = await api(token, 'get', '/api/datasources/{id}', { params: { path: { id: file.datasource_id } } });
    expect(again.status).toBe(200);
    expect(again.data).not.toHaveProperty('credentials');
  });

  test('an empty name gets the field error and the typed hostname is kept', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    const hostname = uniqueHost();
    await page.goto('/databronnen/aanmaken');
    await dropAttribute(page, '#name', 'required');
    await page.getByLabel(L.datasourceCreate.hostname, { exact: true }).fill(hostname);
    await page.getByRole('button', { name: L.datasourceCreate.submit }).click();
    await expect(page.getByText(ERROR_TEXTS.datasourceCreate.nameMissing)).toBeVisible();
    await expect(page.getByLabel(L.datasourceCreate.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(L.datasourceCreate.hostname, { exact: true })).toHaveValue(hostname);
  });

  test('an invalid hostname and a taken name get the Dutch form errors, input kept', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    const name = unique('E2E fout');
    await page.goto('/databronnen/aanmaken');
    await page.getByLabel(L.datasourceCreate.name, { exact: true }).fill(name);
    await page.getByLabel(L.datasourceCreate.hostname, { exact: true }).fill('geen geldige host!');
    await page.getByRole('button', { name: L.datasourceCreate.submit }).click();
    // Issue 35: the field itself says what to change.
    await expect(page.getByText(HOSTNAME_PROBLEMS.characters)).toBeVisible();
    await expect(page.getByLabel(L.datasourceCreate.hostname, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(L.datasourceCreate.name, { exact: true })).toHaveValue(name);
    await expect(page.getByLabel(L.datasourceCreate.hostname, { exact: true })).toHaveValue('geen geldige host!');

    const token = await apiLogin(DEMO_USERS.owner);
    const taken = unique('E2E bezet');
    expect((await api(token, 'post', '/api/datasources', { body: { name: taken, hostname: '' } })).status).toBe(201);
    await page.getByLabel(L.datasourceCreate.name, { exact: true }).fill(taken);
    await page.getByLabel(L.datasourceCreate.hostname, { exact: true }).fill('');
    await page.getByRole('button', { name: L.datasourceCreate.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.datasourceCreate.nameTaken);
    await expect(page.getByLabel(L.datasourceCreate.name, { exact: true })).toHaveValue(taken);
  });

  test('the cloud variant shows the VM guide, creates without a hostname and shows the cloud-init config', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    const name = unique('E2E cloud');
    await page.goto('/databronnen/aanmaken-azure');
    const guide = page.getByRole('region', { name: L.datasourceCreate.guideTitle });
    await expect(guide).toContainText('Ubuntu');
    await expect(guide).toContainText('Standard_B1s');
    await expect(guide).toContainText('Standard_DS1');
    await expect(guide).toContainText('HTTPS');
    await expect(page.getByLabel(L.datasourceCreate.hostname, { exact: true })).toHaveCount(0);

    await page.getByLabel(L.datasourceCreate.name, { exact: true }).fill(name);
    await page.getByRole('button', { name: L.datasourceCreate.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: L.datasourceCreate.created(name) })).toHaveText(L.datasourceCreate.created(name));
    const file = await expectCredentialsDownload(page, name);
    expect(file.hostname).toBeNull();
    await expect(page.getByLabel(L.datasourceCreate.cloudInit, { exact: true })).toHaveValue(file.cloud_init_config);
    await expect(page.getByRole('region', { name: G.installTitle })).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel(L.datasourceCreate.cloudInit, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: L.datasourceCreate.download })).toHaveCount(0);

    await page.goto('/databronnen');
    await expect(page.getByTestId('datasource-row').filter({ hasText: name })).toContainText(L.datasources.noHostname);
  });

  test("a data source's page shows its status, last contact and datasets with their status", async ({ page, signInAs }) => {
    const { datasource, dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.owner);
    await page.goto(`/databron/${datasource.datasource_id}`);
    // It called the hub (registering a dataset): that is a contact, today.
    await expect(page.getByTestId('datasource-status')).toContainText(DATASOURCE_STATUS_LABELS.online);
    await expect(page.getByTestId('datasource-last-contact')).toContainText(formatDateLong(new Date()));
    const rows = page.getByRole('region', { name: G.datasetsTitle }).getByTestId('datasource-dataset');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByRole('link', { name: L.datasets.unnamed })).toHaveAttribute('href', `/dataset/${dataset.slug}`);
    await expect(rows.getByTestId('dataset-status')).toHaveText('Offline');
  });
});
