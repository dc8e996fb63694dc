import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ERROR_TEXTS, FIELD_ERRORS, LABELS, ORGANIZATION_LABELS, DATASET_LABELS } from './domain';
import { API_TOKEN_LABELS, APPLICATION_LABELS, AUTHORISATION_FIELD_ERRORS, AUTHORISATION_LABELS, SUPPORT_FIELD_ERRORS, SUPPORT_LABELS } from '@datahub/domain';
import { ownerDataset, signUp } from './helpers';
import { DEMO_USERS } from './settings';

/** Forms the browser would check itself would show its own (English) bubbles: every form opts out. */
async function expectEveryFormNoValidate(page: Page) {
  const forms = await page.locator('form').evaluateAll((elements) =>
    elements.map((form) => ({ action: form.getAttribute('action'), noValidate: (form as HTMLFormElement).noValidate })),
  );
  expect(forms.length).toBeGreaterThan(0);
  expect(forms.filter((form) => !form.noValidate)).toEqual([]);
}

test.describe('forms speak Dutch only: the server checks, the browser does not', () => {
  test('sign-in and sign-up: empty fields get the Dutch field errors', async ({ page }) => {
    await page.goto('/inloggen');
    await expectEveryFormNoValidate(page);
    await page.getByRole('button', { name: LABELS.login.submit }).click();
    await expect(page.getByLabel(LABELS.login.email, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(FIELD_ERRORS.required).first()).toBeVisible();

    await page.goto('/registreren');
    await expectEveryFormNoValidate(page);
    await page.getByLabel(LABELS.signup.email, { exact: true }).fill('geen-adres');
    await page.getByRole('button', { name: LABELS.signup.submit }).click();
    await expect(page.getByLabel(LABELS.signup.firstname, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(FIELD_ERRORS.required).first()).toBeVisible();
    await expect(page.getByLabel(LABELS.signup.email, { exact: true })).toHaveValue('geen-adres');
  });

  test('profile, organisation, invitation and data source forms answer empty or wrong input in Dutch', async ({ page, signInAs }) => {
    await signUp(page);
    await page.goto('/profiel');
    await expectEveryFormNoValidate(page);
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('');
    await page.getByRole('button', { name: LABELS.profile.save }).click();
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(FIELD_ERRORS.required)).toBeVisible();

    await page.goto('/mijn-organisatie');
    await expectEveryFormNoValidate(page);
    await page.getByLabel(ORGANIZATION_LABELS.organization.kvkNumber, { exact: true }).fill('12ab');
    await page.getByRole('button', { name: ORGANIZATION_LABELS.organization.save }).click();
    await expect(page.getByLabel(ORGANIZATION_LABELS.organization.kvkNumber, { exact: true })).toHaveValue('12ab');
    await expect(page.getByText(FIELD_ERRORS.kvkNumber)).toBeVisible();

    await page.goto('/mijn-gebruikers');
    await expectEveryFormNoValidate(page);
    await page.getByRole('button', { name: ORGANIZATION_LABELS.users.invite }).click();
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.invite.invalidEmail);

    await signInAs(DEMO_USERS.owner);
    await page.goto('/databronnen/aanmaken');
    await expectEveryFormNoValidate(page);
    await page.getByRole('button', { name: DATASET_LABELS.datasourceCreate.submit }).click();
    await expect(page.getByText(ERROR_TEXTS.datasourceCreate.nameMissing)).toBeVisible();
  });

  test('the machtiging form: an empty post gets every Dutch field error, and what was chosen stays', async ({ page, signInAs }) => {
    const { dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.owner);
    await page.goto('/machtigingen/aanmaken');
    await expectEveryFormNoValidate(page);
    const A = AUTHORISATION_LABELS.create;
    await page.getByRole('button', { name: A.submit }).click();
    for (const message of [AUTHORISATION_FIELD_ERRORS.datasetMissing, AUTHORISATION_FIELD_ERRORS.assigneeMissing, AUTHORISATION_FIELD_ERRORS.scopesMissing])
      await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel(A.assignee, { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel(A.dataset, { exact: true }).selectOption(dataset.dataset_id);
    await page.getByRole('button', { name: A.submit }).click();
    await expect(page.getByText(AUTHORISATION_FIELD_ERRORS.assigneeMissing)).toBeVisible();
    await expect(page.getByText(AUTHORISATION_FIELD_ERRORS.datasetMissing)).toHaveCount(0);
    await expect(page.getByLabel(A.dataset, { exact: true })).toHaveValue(dataset.dataset_id);
  });

  test('the application, API token and help forms: an empty required field gets the Dutch error, and what was typed stays', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/beheer-applicaties/aanmaken');
    await expectEveryFormNoValidate(page);
    const A = APPLICATION_LABELS.form;
    await page.getByLabel(A.about, { exact: true }).fill('Volgt gewassen.');
    await page.getByRole('button', { name: A.create }).click();
    await expect(page.getByLabel(A.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(FIELD_ERRORS.required).first()).toBeVisible();
    await expect(page.getByLabel(A.about, { exact: true })).toHaveValue('Volgt gewassen.');

    await page.goto('/profiel');
    const tokenForm = page.getByRole('form', { name: API_TOKEN_LABELS.create });
    await tokenForm.getByRole('button', { name: API_TOKEN_LABELS.create }).click();
    await expect(page.getByLabel(API_TOKEN_LABELS.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(tokenForm.getByText(API_TOKEN_LABELS.nameRequired)).toBeVisible();

    await page.goto('/hulp');
    await expectEveryFormNoValidate(page);
    await page.getByLabel(SUPPORT_LABELS.summary, { exact: true }).fill('De grafiek laadt niet');
    await page.getByRole('button', { name: SUPPORT_LABELS.submit }).click();
    await expect(page.getByLabel(SUPPORT_LABELS.description, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(SUPPORT_FIELD_ERRORS.description)).toBeVisible();
    await expect(page.getByLabel(SUPPORT_LABELS.summary, { exact: true })).toHaveValue('De grafiek laadt niet');
  });
});
