import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { apiSignUp, ownerDataset, setAccessToken } from './helpers';
import { DEMO_USERS } from './settings';
import { DATASET_LABELS } from '@datahub/domain';

const L = DATASET_LABELS;

test.describe('datasets', () => {
  test('a new organisation has no datasets yet', async ({ page, context, baseURL }) => {
    const user = await apiSignUp();
    await setAccessToken(context, baseURL!, user.token);
    await page.goto('/mijn-datasets');
    await expect(page.getByRole('heading', { level: 1, name: L.myDatasets.title })).toBeVisible();
    await expect(page.getByText(L.myDatasets.empty, { exact: true })).toBeVisible();
  });

  test('my datasets shows the own datasets with their status in red and searches by name', async ({ page, signInAs, javaScriptEnabled }) => {
    const { dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.owner);
    await page.goto('/mijn-datasets');
    const card = page.locator(`a[href="/dataset/${dataset.slug}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(dataset.owner_organization_name);
    const status = card.getByTestId('dataset-status');
    await expect(status).toHaveText('Offline');
    await expect(status).toHaveClass(/text-red-800/);

    const nothing = `geen-treffer-${randomUUID().slice(0, 8)}`;
    const search = page.getByRole('searchbox', { name: L.datasets.searchLabel });
    if (javaScriptEnabled) {
      // Filters on each keystroke, without a round trip.
      await search.pressSequentially(nothing.slice(0, 6));
      await search.fill(nothing);
      await expect(card).toHaveCount(0);
      await expect(page.getByText(L.datasets.noMatches, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/mijn-datasets$/);
      await search.fill('');
      await expect(card).toBeVisible();
      await expect(page.getByText(L.datasets.noMatches, { exact: true })).toHaveCount(0);
    } else {
      await search.fill(nothing);
      await page.getByRole('button', { name: L.datasets.search }).click();
      await expect(page).toHaveURL(new RegExp(`/mijn-datasets\\?q=${nothing}$`));
      await expect(card).toHaveCount(0);
      await expect(page.getByText(L.datasets.noMatches, { exact: true })).toBeVisible();
    }
  });

  test('the dataset page shows the details; the file format only to organisation admins', async ({ page, signInAs }) => {
    const { dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.owner);
    await page.goto('/mijn-datasets');
    await page.locator(`a[href="/dataset/${dataset.slug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/dataset/${dataset.slug}$`));
    const breadcrumb = page.getByRole('banner').getByRole('navigation', { name: L.dataset.breadcrumb });
    await expect(breadcrumb.getByRole('link', { name: L.datasets.title })).toHaveAttribute('href', '/datasets');
    await expect(breadcrumb).toContainText(L.datasets.unnamed);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.datasets.unnamed);
    const about = page.getByRole('region', { name: L.dataset.about });
    await expect(about.getByText(L.dataset.owner, { exact: true })).toBeVisible();
    await expect(about.getByText(dataset.owner_organization_name, { exact: true })).toBeVisible();
    await expect(about.getByText(L.dataset.contact, { exact: true })).toBeVisible();
    await expect(about.getByText(L.dataset.additionalInfo, { exact: true })).toBeVisible();
    await expect(page.getByText(L.dataset.fileFormat)).toHaveCount(0);
    await expect(page.getByTestId('dataset-status')).toHaveText('Offline');

    await signInAs(DEMO_USERS.admin);
    await page.goto(`/dataset/${dataset.slug}`);
    const adminAbout = page.getByRole('region', { name: L.dataset.about });
    await expect(adminAbout.getByText(L.dataset.fileFormat, { exact: true })).toBeVisible();
    await expect(adminAbout.getByText(dataset.file_format, { exact: true })).toBeVisible();
  });

  test("an unknown dataset, or another organisation's offline one, is not found", async ({ page, signInAs }) => {
    const { dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.otherOwner);
    const response = await page.goto(`/dataset/${dataset.slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: L.dataset.notFoundTitle })).toBeVisible();
    await expect(page.getByText(L.dataset.notFound)).toBeVisible();

    const unknown = await page.goto(`/dataset/bestaat-niet-${randomUUID().slice(0, 8)}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByText(L.dataset.notFound)).toBeVisible();
  });

  test('manage datasets shows the data sources and all datasets with status and search', async ({ page, signInAs }) => {
    const { datasource, dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.owner);
    await page.goto('/beheer-datasets');
    const sources = page.getByRole('region', { name: L.manageDatasets.datasourcesTitle });
    await expect(sources.getByTestId('datasource-row').filter({ hasText: datasource.name })).toContainText(L.datasources.noHostname);
    const all = page.getByRole('region', { name: L.manageDatasets.datasetsTitle });
    const card = all.locator(`a[href="/dataset/${dataset.slug}"]`);
    await expect(card.getByTestId('dataset-status')).toHaveText('Offline');
    await expect(all.getByRole('searchbox', { name: L.datasets.searchLabel })).toBeVisible();

    await page.goto(`/beheer-datasets?q=geen-treffer-${randomUUID().slice(0, 8)}`);
    await expect(page.locator(`a[href="/dataset/${dataset.slug}"]`)).toHaveCount(0);
    await expect(page.getByText(L.datasets.noMatches)).toBeVisible();
  });

  test('manage datasets tells a plain member to ask for the manage data sources right', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/beheer-datasets');
    const sources = page.getByRole('region', { name: L.manageDatasets.datasourcesTitle });
    await expect(sources.getByText(L.noDatasourceRights)).toBeVisible();
    await expect(page.getByRole('region', { name: L.manageDatasets.datasetsTitle })).toBeVisible();
  });
});
