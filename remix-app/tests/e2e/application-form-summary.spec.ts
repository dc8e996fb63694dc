import { expect, test } from './fixtures';
import { domain, unique } from './applications-helpers';
import { DEMO_USERS } from './settings';

const { APPLICATION_FIELD_ERRORS, APPLICATION_LABELS: L, ERROR_TEXTS } = domain;

/**
 * Issue 37, item 8b: a malformed link is named in the form's summary with its reason; the spec's
 * 'Niet alle verplichte velden zijn ingevuld.' stays for fields left empty. JavaScript on and off.
 */
test('a malformed link is named in the summary, with why; empty required fields keep the spec text', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.admin);
  await page.goto('/beheer-applicaties/aanmaken');
  await page.getByLabel(L.form.name, { exact: true }).fill(unique('Kapotte link'));
  await page.getByLabel(L.form.ownerOrganization, { exact: true }).selectOption({ label: 'Kwekerij Delta' });
  await page.getByLabel(L.form.about, { exact: true }).fill('Over de applicatie.');
  await page.getByLabel(L.form.usage, { exact: true }).fill('Wat zij doet.');
  await page.getByLabel(L.form.url, { exact: true }).fill('applicatie punt nl');
  await page.getByRole('button', { name: L.form.create }).click();

  const summary = page.getByRole('alert');
  await expect(summary).toHaveText(ERROR_TEXTS.application.checkField(L.form.url, APPLICATION_FIELD_ERRORS.link));
  await expect(summary).not.toContainText(ERROR_TEXTS.application.unprocessable);
  await expect(page.getByLabel(L.form.url, { exact: true })).toHaveValue('applicatie punt nl');

  // Emptied required fields: the spec's text, as before.
  await page.getByLabel(L.form.about, { exact: true }).fill('');
  await page.getByLabel(L.form.url, { exact: true }).fill('');
  await page.getByRole('button', { name: L.form.create }).click();
  await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.application.unprocessable);
});
