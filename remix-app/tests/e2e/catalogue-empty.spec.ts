import { expect, test } from './fixtures';
import { api, apiLogin, ownerDataset } from './helpers';
import { DEMO_USERS } from './settings';
import { APPLICATION_LABELS, DATASET_LABELS } from '@datahub/domain';

const L = DATASET_LABELS;

/**
 * The empty catalogue, seen before any dataset is online. This file runs in its own projects
 * (empty-catalogue-js, empty-catalogue-no-js), which the js and no-js projects depend on
 * (playwright.config.ts): they finish before catalogue-online.spec.ts starts a real data source.
 */
test.describe('datasets', () => {
  test('the catalogue lists online datasets only and says when there are none', async ({ page, signInAs }) => {
    const { dataset } = await ownerDataset();
    expect(dataset.status).not.toBe('online');
    await signInAs(DEMO_USERS.owner);
    await page.goto('/datasets');
    await expect(page.getByRole('heading', { level: 1, name: L.datasets.title })).toBeVisible();
    // No data source has run yet, so nothing is online in the e2e hub.
    await expect(page.getByText(L.datasets.empty, { exact: true })).toBeVisible();
    await expect(page.locator(`a[href="/dataset/${dataset.slug}"]`)).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: L.datasets.searchLabel })).toHaveAttribute('placeholder', L.datasets.searchPlaceholder);

    await page.goto('/datasets?q=kas');
    await expect(page.getByRole('searchbox', { name: L.datasets.searchLabel })).toHaveValue('kas');
    await expect(page.getByText(L.datasets.empty, { exact: true })).toBeVisible();
  });
});

test.describe('applications', () => {
  test("the front door says when there are no applications", async ({ page, signInAs }) => {
    // The demo seed's applications are removed first: the js and no-js specs make their own.
    const token = await apiLogin(DEMO_USERS.admin);
    const all = await api(token, 'get', '/api/applications');
    for (const application of all.data) await api(token, 'delete', '/api/applications/{id}', { params: { path: { id: application.application_id } } });
    await signInAs(DEMO_USERS.member);
    for (const path of ['/', '/applicaties']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Alle applicaties' })).toBeVisible();
      await expect(page.getByText('Momenteel zijn er geen applicaties online.', { exact: true })).toBeVisible();
    }
    expect(APPLICATION_LABELS.catalogue.empty).toBe('Momenteel zijn er geen applicaties online.');
  });
});
