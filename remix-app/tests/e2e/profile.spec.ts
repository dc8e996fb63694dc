import { expect, test } from '@playwright/test';
import { FIELD_ERRORS, LABELS, LIMITS } from './domain';
import { currentUser, signUp } from './helpers';

test.describe('profile', () => {
  test('saves first and last name, confirms it and keeps them after a reload', async ({ page }) => {
    const user = await signUp(page, { firstname: 'Oude', lastname: 'Naam' });
    await page.goto('/profiel');
    await expect(page.getByLabel(LABELS.login.email, { exact: true })).toHaveValue(user.email);
    await expect(page.getByLabel(LABELS.login.email, { exact: true })).not.toBeEditable();
    await expect(page.getByLabel(LABELS.profile.organization, { exact: true })).not.toBeEditable();

    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('Zoë');
    await page.getByLabel(LABELS.profile.lastname, { exact: true }).fill('van der Kas');
    await page.getByRole('button', { name: LABELS.profile.save }).click();

    await expect(page.getByRole('status')).toHaveText(LABELS.profile.saved);
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByRole('banner').getByRole('link', { name: LABELS.profileLink })).toHaveText('ZO');

    await page.reload();
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Zoë');
    await expect(page.getByLabel(LABELS.profile.lastname, { exact: true })).toHaveValue('van der Kas');
    // A one-time message: gone after the reload.
    await expect(page.getByText(LABELS.profile.saved)).toHaveCount(0);
    const me = await currentUser(page);
    expect([me.firstname, me.lastname]).toEqual(['Zoë', 'van der Kas']);
  });

  test('the confirmation disappears after three seconds', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'hiding the confirmation after a while needs JavaScript');
    await signUp(page);
    await page.goto('/profiel');
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('Snel');
    await page.getByRole('button', { name: LABELS.profile.save }).click();
    const message = page.getByText(LABELS.profile.saved);
    await expect(message).toBeVisible();
    const shownAt = Date.now();
    await expect(message).toBeHidden({ timeout: LIMITS.confirmationMs + 3_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(LIMITS.confirmationMs - 1_000);
  });

  test('without JavaScript the confirmation stays readable', async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'with JavaScript the confirmation hides itself (tested above)');
    await signUp(page);
    await page.goto('/profiel');
    await page.getByRole('button', { name: LABELS.profile.save }).click();
    await expect(page.getByText(LABELS.profile.saved)).toBeVisible();
    await page.waitForTimeout(LIMITS.confirmationMs + 500);
    await expect(page.getByText(LABELS.profile.saved)).toBeVisible();
  });

  test('shows a spinner on the button while saving', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the pending state is rendered by JavaScript');
    await signUp(page);
    await page.goto('/profiel');
    // Hold the submission a moment so the pending state can be seen.
    await page.route('**/profiel.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('Wachtend');
    const button = page.getByRole('button', { name: new RegExp(LABELS.profile.save) });
    await button.click();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button.locator('svg.animate-spin')).toBeVisible();
    await expect(page.getByText(LABELS.profile.saved)).toBeVisible();
    await expect(button).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('an empty first name gets the Dutch field error and the typed last name is kept', async ({ page }) => {
    await signUp(page, { firstname: 'Blijft', lastname: 'Zoals' });
    await page.goto('/profiel');
    // The browser's own `required` check would stop the form; the server must refuse too.
    await page.locator('#firstname').evaluate((input) => input.removeAttribute('required'));
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('');
    await page.getByLabel(LABELS.profile.lastname, { exact: true }).fill('Nieuw-Getypt');
    await page.getByRole('button', { name: LABELS.profile.save }).click();

    const firstname = page.getByLabel(LABELS.profile.firstname, { exact: true });
    await expect(page.locator('#firstname-error')).toHaveText(FIELD_ERRORS.required);
    await expect(firstname).toHaveAttribute('aria-invalid', 'true');
    await expect(firstname).toHaveAttribute('aria-describedby', /(^| )firstname-error( |$)/);
    await expect(firstname).toHaveValue('');
    await expect(page.getByLabel(LABELS.profile.lastname, { exact: true })).toHaveValue('Nieuw-Getypt');
    await expect(page.getByText(LABELS.profile.saved)).toHaveCount(0);

    await page.goto('/profiel');
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Blijft');
    await expect(page.getByLabel(LABELS.profile.lastname, { exact: true })).toHaveValue('Zoals');
  });

  test('a name over the limit is refused by the server', async ({ page }) => {
    await signUp(page, { firstname: 'Kort' });
    await page.goto('/profiel');
    await page.locator('#firstname').evaluate((input) => input.removeAttribute('maxlength'));
    const long = 'x'.repeat(LIMITS.personNameMax + 1);
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill(long);
    await page.getByRole('button', { name: LABELS.profile.save }).click();
    await expect(page.locator('#firstname-error')).toHaveText(FIELD_ERRORS.maxLength(LIMITS.personNameMax));
    await expect(page.locator('#firstname-error')).toHaveText('Dit veld mag hoogstens 100 tekens bevatten.');
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue(long);
    await expect(page.getByText(LABELS.profile.saved)).toHaveCount(0);
    expect((await currentUser(page)).firstname).toBe('Kort');
  });
});
