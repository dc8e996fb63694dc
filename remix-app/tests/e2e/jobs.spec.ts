import { expect, test } from './fixtures';
import { DEMO_USERS } from './settings';

/** Issue 24: /beheer-taken shows platform admins each timed job (last run, outcome, next run), with JavaScript on and off. */
test.describe('timed jobs page', () => {
  test('platform admins see every job with its last run, outcome and next run', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    const response = await page.goto('/beheer-taken');
    expect(response?.status()).toBe(200);
    // Every answer carries the request id the portal gave it (and passed on to nest-api).
    expect(response?.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Taken' })).toBeVisible();
    const table = page.getByTestId('jobs-table');
    for (const header of ['Taak', 'Interval', 'Laatste uitvoering', 'Uitkomst', 'Volgende uitvoering'])
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    // Discovery runs every 2 seconds in this suite: it has run, and its next run is listed.
    const discovery = table.locator('tr[data-job="discovery"]');
    await expect(discovery.getByRole('cell').nth(0)).toHaveText('Databronnen en datasets controleren');
    await expect(discovery.getByRole('cell').nth(1)).toHaveText('elke 2 seconden');
    await expect(discovery.getByRole('cell').nth(2)).toHaveText(/^\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4} om \d{2}:\d{2}:\d{2}$/);
    await expect(discovery.getByRole('cell').nth(3)).toHaveText(/^(Gelukt|Bezig)$/);
    await expect(discovery.getByRole('cell').nth(4)).toHaveText(/^\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4} om \d{2}:\d{2}:\d{2}$/);
    await expect(table.locator('tr[data-job="insight-purge"]').getByRole('cell').nth(1)).toHaveText('elke dag');
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Taken' })).toBeVisible();
  });

  test('others are refused', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    const response = await page.goto('/beheer-taken');
    expect(response?.status()).toBe(403);
  });
});
