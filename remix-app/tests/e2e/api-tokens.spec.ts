import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API_TOKEN_LABELS as L, DETAILS } from './domain';
import { ownerDataset, signUp } from './helpers';
import { openConfirmation } from './confirm-helpers';
import { DEMO_USERS } from './settings';

/** API tokens in the portal (issue 21): made, shown once, listed, used and revoked, with and without JavaScript. */

async function createToken(page: Page, name: string, scopes: string[]) {
  const form = page.getByRole('form', { name: L.create });
  await form.getByLabel(L.name, { exact: true }).fill(name);
  await form.getByLabel(L.expiryDays(30)).check();
  for (const scope of ['data:read', 'catalogue:read']) {
    const box = form.getByRole('checkbox', { name: new RegExp(`^${scope}`) });
    if (scopes.includes(scope)) await box.check();
    else await box.uncheck();
  }
  await form.getByRole('button', { name: L.create }).click();
  const secret = page.getByTestId('api-token-secret');
  await expect(secret).toBeVisible();
  const token = (await secret.locator('code').textContent()) ?? '';
  expect(token).toMatch(/^dht_[A-Za-z0-9_-]{43}$/);
  return token;
}

test.describe('API tokens', () => {
  test('a personal token on /profiel: shown once, listed, used, revoked with confirmation', async ({ page, javaScriptEnabled }) => {
    const user = await signUp(page, { firstname: 'Tina', lastname: 'Token' });
    await page.goto('/profiel');
    await expect(page.getByRole('heading', { level: 2, name: L.title })).toBeVisible();
    await expect(page.getByText(L.none)).toBeVisible();

    // Required fields are checked by the server (no browser validation stands in the way).
    await page.getByRole('form', { name: L.create }).getByRole('button', { name: L.create }).click();
    await expect(page.getByText(L.nameRequired)).toBeVisible();

    const token = await createToken(page, 'Notebook Tina', ['catalogue:read']);
    const copy = page.getByTestId('api-token-secret').getByRole('button', { name: L.copy });
    await expect(copy).toHaveCount(javaScriptEnabled ? 1 : 0);
    const row = page.getByTestId('api-tokens-table').getByRole('row', { name: /Notebook Tina/ });
    await expect(row).toContainText('catalogue:read');
    await expect(row).toContainText(`${user.firstname} ${user.lastname}`);
    await expect(row).toContainText(L.neverUsed);

    // The token reads the catalogue through the portal's /api, and nothing else.
    const headers = { authorization: `Bearer ${token}` };
    expect((await page.request.get('/api/datasets', { headers })).status()).toBe(200);
    const refused = await page.request.get('/api/users', { headers });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).detail).toBe(DETAILS.tokenNotAllowed);
    // The portal's pages refuse it too.
    const portalPage = await page.request.get('/datasets', { headers });
    expect(portalPage.status()).toBe(403);
    expect(await portalPage.text()).toContain(DETAILS.tokenNotAllowed);

    // Post/redirect/get: reloading the answer neither makes a second token nor shows this one again.
    await page.reload();
    await expect(page.getByText(token)).toHaveCount(0);
    await expect(page.getByTestId('api-tokens-table').getByRole('row', { name: /Notebook Tina/ })).toHaveCount(1);

    // Shown once: a reload lists it with its last use, without the secret.
    await page.goto('/profiel');
    await expect(page.getByText(token)).toHaveCount(0);
    await expect(page.getByTestId('api-tokens-table').getByRole('row', { name: /Notebook Tina/ })).toContainText('127.0.0.1');

    const where = await openConfirmation(page, javaScriptEnabled, page.getByRole('button', { name: `${L.revoke}: Notebook Tina` }), `${L.revoke}: Notebook Tina?`);
    await expect(where.getByText(L.revokeQuestion('Notebook Tina'))).toBeVisible();
    await where.getByRole('button', { name: L.revoke, exact: true }).click();
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByRole('status').filter({ hasText: L.revoked })).toBeVisible();
    await expect(page.getByText(L.none)).toBeVisible();
    expect((await page.request.get('/api/datasets', { headers })).status()).toBe(401);
  });

  test("an organisation token on /mijn-organisatie reads the organisation's dataset through the SPARQL endpoint", async ({ page, signInAs }) => {
    const { dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.owner);
    await page.goto('/mijn-organisatie');
    const token = await createToken(page, `Koppeling ${dataset.slug}`, ['data:read']);
    await expect(page.getByTestId('api-tokens-table').getByRole('row', { name: new RegExp(`Koppeling ${dataset.slug}`) })).toContainText('data:read');

    // 'Gebruik via API' on the dataset page: the endpoint and a curl example with a placeholder.
    await page.goto(`/dataset/${dataset.slug}`);
    // Folded under 'Voor ontwikkelaars' (issue 37).
    await page.getByText(L.developersTitle, { exact: true }).click();
    const usage = page.getByRole('region', { name: L.apiTitle });
    const endpoint = (await usage.getByTestId('sparql-endpoint').textContent()) ?? '';
    expect(endpoint).toMatch(new RegExp(`/api/datasets/${dataset.dataset_id}/sparql$`));
    await expect(usage.getByTestId('curl-example')).toContainText(`Authorization: Bearer ${L.apiTokenPlaceholder}`);
    await expect(usage.getByTestId('curl-example')).toContainText(endpoint);

    // The endpoint answers the token: its service description (the dataset is offline: a query is 503).
    const description = await page.request.get(endpoint, { headers: { authorization: `Bearer ${token}` } });
    expect(description.status()).toBe(200);
    expect(description.headers()['content-type']).toBe('text/turtle; charset=utf-8');
    expect(await description.text()).toContain('sd:Service');
    const query = await page.request.post(endpoint, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      data: `query=${encodeURIComponent('ASK { ?s ?p ?o }')}`,
    });
    expect(query.status()).toBe(503);
  });
});
