import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { apiSignUp, ownerDataset, setAccessToken } from './helpers';
import { DEMO_USERS } from './settings';
import { DATASET_LABELS, formatDateLong } from '@datahub/domain';
import { startOnlineDataset } from './sparql-helpers';

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

  test('the catalogue finds a dataset by its description or owner and shows a line of the description and its last update', async ({ page, signInAs }) => {
    const run = randomUUID().slice(0, 8);
    const about = `Tomatenoogst ${run} uit kas één, gewogen per rij. ${'Meer uitleg volgt hier. '.repeat(20)}`;
    const served = await startOnlineDataset(`E2E catalogus ${run}`, {
      file: 'oogst.ttl',
      name: `Aardbeienoogst ${run}`,
      about,
      contact: 'data@kwekerij-delta.test',
      additional_info: '',
      turtle: '<urn:x:1> <urn:x:p> "1" .\n',
    });
    try {
      await signInAs(DEMO_USERS.member);
      const row = page.locator(`a[href="/dataset/${served.online.slug}"]`);
      // By the description, case and accents ignored (server-side: the same with and without JavaScript).
      await page.goto(`/datasets?q=${encodeURIComponent(`TOMATENOOGST ${run} uit kas een`)}`);
      await expect(row).toHaveCount(1);
      await expect(page.getByRole('list', { name: L.datasets.title }).getByRole('listitem')).toHaveCount(1);
      const line = row.getByTestId('dataset-about');
      await expect(line).toContainText(`Tomatenoogst ${run} uit kas één`);
      await expect(line).toHaveClass(/line-clamp-1/);
      await expect(row.getByTestId('dataset-updated')).toHaveText(L.datasets.updated(formatDateLong(new Date())));
      // By the owner organisation's name.
      await page.goto(`/datasets?q=${encodeURIComponent('kwekerij DELTA')}&aantal=500`);
      await expect(row).toHaveCount(1);
      await page.goto(`/datasets?q=${encodeURIComponent('Kassenbouw West')}&aantal=500`);
      await expect(row).toHaveCount(0);
    } finally {
      await served.dispose();
    }
  });

  test("the catalogue shows the categories present in a dataset as Dutch labels, in the scopes' order", async ({ page, signInAs }) => {
    const run = randomUUID().slice(0, 8);
    const category = '<https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory>';
    const served = await startOnlineDataset(`E2E categorieën ${run}`, {
      file: 'kas.ttl',
      name: `Kas met categorieën ${run}`,
      about: 'Pompen en ketels',
      contact: 'data@kwekerij-delta.test',
      additional_info: '',
      // Heating before Water in the file, and a literal that is no category: shown as 'Water', 'Verwarming'.
      turtle: `<urn:x:ketel> ${category} "Heating" .\n<urn:x:pomp> ${category} "Water" .\n<urn:x:iets> ${category} "Onbekend" .\n`,
    });
    try {
      await signInAs(DEMO_USERS.member);
      await page.goto(`/datasets?q=${encodeURIComponent(`categorieën ${run}`)}`);
      const row = page.locator(`a[href="/dataset/${served.online.slug}"]`);
      await expect(row).toHaveCount(1);
      const categories = row.getByTestId('dataset-categories');
      await expect(categories).toHaveText(`${L.datasets.categories}: Water, Verwarming`);
      // The row is a link: its name (the labels are flex items, read with a space around each) says them too.
      await expect(row).toHaveAccessibleName(new RegExp(`${L.datasets.categories}: Water\\s*, Verwarming`));
    } finally {
      await served.dispose();
    }
  });
});
