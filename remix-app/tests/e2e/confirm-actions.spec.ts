import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONFIRM_LABELS, DATASET_LABELS, DATASOURCE_PAGE_LABELS, ORGANIZATION_LABELS } from './domain';
import { api, apiLogin, apiSignUp, currentUser, datasourceToken, loginUrlFor, signUp, type ApiCreatedDatasource } from './helpers';
import { DEMO_USERS } from './settings';
import { uniqueEmailAt } from './users-helpers';
import { hydrated, openConfirmation } from './confirm-helpers';

const C = CONFIRM_LABELS;
const U = ORGANIZATION_LABELS.users;
const D = DATASET_LABELS.datasources;

/** 'Annuleren' closes the dialog (focus back on the button) or leads back from the confirmation page. */
async function cancel(page: Page, javaScriptEnabled: boolean, confirmation: Locator, button: Locator, backTo: RegExp) {
  await confirmation.getByRole(javaScriptEnabled ? 'button' : 'link', { name: C.cancel }).click();
  if (javaScriptEnabled) {
    await expect(confirmation).toHaveCount(0);
    await expect(button).toBeFocused();
  }
  await expect(page).toHaveURL(backTo);
}

async function ownDatasource(prefix: string) {
  const token = await apiLogin(DEMO_USERS.owner);
  const name = `${prefix} ${randomUUID().slice(0, 8)}`;
  const created = await api(token, 'post', '/api/datasources', { body: { name, hostname: '' } });
  expect(created.status).toBe(201);
  const protocolStatus = async (secret: string) =>
    (await api(await datasourceToken(created.data.datasource_id, secret), 'get', '/api/datasource-protocol/datasets')).status;
  return { token, name, created: created.data, protocolStatus };
}

test.describe('destructive actions ask first', () => {
  test('removing a user: cancel keeps them, confirming removes them', async ({ page, signInAs, javaScriptEnabled }) => {
    const member = await apiSignUp(uniqueEmailAt('kwekerij-delta.test'));
    const name = `${member.firstname} ${member.lastname}`;
    await signInAs(DEMO_USERS.owner);
    await page.goto('/mijn-gebruikers');
    const button = page.getByRole('button', { name: U.removeUser(name) });

    let confirmation = await openConfirmation(page, javaScriptEnabled, button, C.removeUser.title(name));
    await expect(confirmation.getByText(C.removeUser.description(name))).toBeVisible();
    await cancel(page, javaScriptEnabled, confirmation, button, /\/mijn-gebruikers$/);
    expect((await api(member.token, 'get', '/api/current_user')).data.organization_name).toBe('Kwekerij Delta');

    confirmation = await openConfirmation(page, javaScriptEnabled, button, C.removeUser.title(name));
    await confirmation.getByRole('button', { name: C.removeUser.confirm }).click();
    await expect(page.getByRole('status')).toHaveText(U.removed(name));
    await expect(page).toHaveURL(/\/mijn-gebruikers$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText(member.email)).toHaveCount(0);
    const after = await api(member.token, 'get', '/api/current_user');
    expect(after.data.organization_name).toMatch(/^tmp_/);
  });

  test('an admin removes a user of another organisation from /gebruikers/{slug} after confirming', async ({ page, signInAs, javaScriptEnabled }) => {
    const member = await apiSignUp(uniqueEmailAt('kwekerij-delta.test'));
    const name = `${member.firstname} ${member.lastname}`;
    await signInAs(DEMO_USERS.admin);
    await page.goto('/gebruikers/kwekerij-delta');
    const confirmation = await openConfirmation(page, javaScriptEnabled, page.getByRole('button', { name: U.removeUser(name) }), C.removeUser.title(name));
    await confirmation.getByRole('button', { name: C.removeUser.confirm }).click();
    await expect(page.getByRole('status')).toHaveText(U.removed(name));
    await expect(page).toHaveURL(/\/gebruikers\/kwekerij-delta$/);
    expect((await api(member.token, 'get', '/api/current_user')).data.organization_name).toMatch(/^tmp_/);
  });

  test('deleting your own account asks for your e-mail address; a wrong one deletes nothing', async ({ page, javaScriptEnabled }) => {
    const user = await signUp(page);
    const me = await currentUser(page);
    await page.goto('/mijn-gebruikers');
    const button = page.getByRole('button', { name: U.removeSelfLabel });
    const confirmation = await openConfirmation(page, javaScriptEnabled, button, C.deleteAccount.title);
    await expect(confirmation.getByText(C.deleteAccount.description)).toBeVisible();
    const field = confirmation.getByLabel(C.deleteAccount.emailLabel, { exact: true });
    if (javaScriptEnabled) await expect(field).toBeFocused();
    await field.fill(`niet-${user.email}`);
    const confirm = confirmation.getByRole('button', { name: C.deleteAccount.confirm });
    if (javaScriptEnabled) {
      // The dialog holds the button back and refuses to post.
      await expect(confirm).toHaveAttribute('aria-disabled', 'true');
      await confirm.click({ force: true });
      await field.press('Enter');
      await expect(confirmation).toBeVisible();
    } else {
      await confirm.click();
      // The server refuses and the page says so.
      await expect(page.getByRole('alert')).toHaveText(C.typeMismatch);
    }
    expect((await page.request.get('/api/current_user')).status()).toBe(200);
    expect((await currentUser(page)).user_id).toBe(me.user_id);

    await confirmation.getByLabel(C.deleteAccount.emailLabel, { exact: true }).fill(user.email.toUpperCase());
    await confirmation.getByRole('button', { name: C.deleteAccount.confirm }).click();
    await expect(page).toHaveURL(/\/inloggen$/);
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
  });

  test('a doctored self-deletion without the e-mail address is refused by the server', async ({ page, javaScriptEnabled }) => {
    await signUp(page);
    const me = await currentUser(page);
    await page.goto(`/gebruiker/${me.user_id}/verwijderen`);
    await hydrated(page, javaScriptEnabled);
    await page.locator('input[name="confirm_email"]').evaluate((input) => input.remove());
    // (With JavaScript the button is held back; a forged post gets past it.)
    await page.getByRole('button', { name: C.deleteAccount.confirm }).evaluate((button) => button.removeAttribute('aria-disabled'));
    await page.locator('form[method="post"]').filter({ has: page.getByRole('button', { name: C.deleteAccount.confirm }) }).evaluate((form) => (form as HTMLFormElement).submit());
    await expect(page.getByRole('alert')).toHaveText(C.typeMismatch);
    expect((await page.request.get('/api/current_user')).status()).toBe(200);
  });

  test('a data source is deleted from its own page after confirming', async ({ page, signInAs, javaScriptEnabled }) => {
    const { token, name, created, protocolStatus } = await ownDatasource('E2E verwijderen');
    await signInAs(DEMO_USERS.owner);
    await page.goto('/databronnen');
    await page.getByRole('link', { name: DATASOURCE_PAGE_LABELS.view(name) }).click();
    await expect(page).toHaveURL(new RegExp(`/databron/${created.datasource_id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    const button = page.getByRole('button', { name: D.delete });
    const confirmation = await openConfirmation(page, javaScriptEnabled, button, C.deleteDatasource.title(name));
    await cancel(page, javaScriptEnabled, confirmation, button, new RegExp(`/databron/${created.datasource_id}$`));
    expect((await api(token, 'get', '/api/datasources/{id}', { params: { path: { id: created.datasource_id } } })).status).toBe(200);

    const again = await openConfirmation(page, javaScriptEnabled, button, C.deleteDatasource.title(name));
    await expect(again.getByText(D.deleteExplain)).toBeVisible();
    await again.getByRole('button', { name: C.deleteDatasource.confirm }).click();
    await expect(page).toHaveURL(/\/databronnen$/);
    await expect(page.getByRole('status')).toHaveText(D.deleted(name));
    await expect(page.getByTestId('datasource-row').filter({ hasText: name })).toHaveCount(0);
    expect((await api(token, 'get', '/api/datasources/{id}', { params: { path: { id: created.datasource_id } } })).status).toBe(404);
    expect(await protocolStatus(created.credentials.secret)).toBe(401);
  });

  test('a new key is made only after confirming, shown once, and the address stays the page of the data source', async ({ page, signInAs, javaScriptEnabled }) => {
    const { name, created, protocolStatus } = await ownDatasource('E2E sleutel');
    await signInAs(DEMO_USERS.owner);
    await page.goto(`/databron/${created.datasource_id}`);
    const button = page.getByRole('button', { name: D.newKey });
    const confirmation = await openConfirmation(page, javaScriptEnabled, button, C.newKey.title(name));
    await cancel(page, javaScriptEnabled, confirmation, button, new RegExp(`/databron/${created.datasource_id}$`));
    expect(await protocolStatus(created.credentials.secret)).toBe(200);

    const again = await openConfirmation(page, javaScriptEnabled, button, C.newKey.title(name));
    await again.getByRole('button', { name: C.newKey.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: D.newKeyDone(name) })).toBeVisible();
    await expect(page.getByText(D.newKeyInstall)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/databron/${created.datasource_id}$`));
    expect(await protocolStatus(created.credentials.secret)).toBe(401);
    // The new key is offered once, as the credentials file, and it works.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: DATASET_LABELS.datasourceCreate.download }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`datasource-credentials-${created.datasource_id}.json`);
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as ApiCreatedDatasource;
    expect(file.credentials.secret).not.toBe(created.credentials.secret);
    expect(await protocolStatus(file.credentials.secret)).toBe(200);
    // Post/redirect/get: a reload issues no third key and does not offer this one again.
    await page.reload();
    await expect(page.getByRole('link', { name: DATASET_LABELS.datasourceCreate.download })).toHaveCount(0);
    expect(await protocolStatus(file.credentials.secret)).toBe(200);
  });

  test("another organisation's data source has no page, and a forged post to it changes nothing", async ({ page, signInAs }) => {
    const { created, protocolStatus } = await ownDatasource('E2E vreemd');
    await signInAs(DEMO_USERS.otherOwner);
    const response = await page.goto(`/databron/${created.datasource_id}`);
    expect(response?.status()).toBe(404);
    const confirmPage = await page.goto(`/databron/${created.datasource_id}/nieuwe-sleutel`);
    expect(confirmPage?.status()).toBe(404);

    // Their own data source's confirmation form, pointed at the foreign one.
    const otherToken = await apiLogin(DEMO_USERS.otherOwner);
    const own = await api(otherToken, 'post', '/api/datasources', { body: { name: `E2E eigen ${randomUUID().slice(0, 8)}`, hostname: '' } });
    expect(own.status).toBe(201);
    await page.goto(`/databron/${own.data.datasource_id}/nieuwe-sleutel`);
    const form = page.locator('form[method="post"]').filter({ has: page.getByRole('button', { name: C.newKey.confirm }) });
    await form.evaluate((element, id) => element.setAttribute('action', `/databron/${id}`), created.datasource_id);
    await form.getByRole('button', { name: C.newKey.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: D.newKeyDone(created.name) })).toHaveCount(0);
    expect(await protocolStatus(created.credentials.secret)).toBe(200);
  });

  test('an admin reaches any data source from /beheer-datasets', async ({ page, signInAs }) => {
    const { name, created } = await ownDatasource('E2E beheer');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/beheer-datasets');
    await page.getByRole('link', { name: DATASOURCE_PAGE_LABELS.view(name) }).click();
    await expect(page).toHaveURL(new RegExp(`/databron/${created.datasource_id}$`));
    await expect(page.getByRole('link', { name: DATASOURCE_PAGE_LABELS.backToAdmin })).toHaveAttribute('href', '/beheer-datasets');
    await expect(page.getByRole('button', { name: D.delete })).toBeVisible();
    // A new key speaks for the data source: only its own organisation makes one, not the platform admin (issue 32).
    await expect(page.getByRole('button', { name: D.newKey })).toHaveCount(0);
    expect((await page.goto(`/databron/${created.datasource_id}/nieuwe-sleutel`))?.status()).toBe(404);
  });
});
