import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNT_LABELS, ERROR_TEXTS, LABELS } from './domain';
import { apiSignUp, loginUrlFor, submitLogin } from './helpers';

/**
 * Issue 32 item 8: a form kept after a session ended by expiry belongs to that session's user.
 * Runs with JavaScript on and off (the js and no-js projects).
 */

const TYPED = 'Getypt-Door-A-Voor-Het-Verlopen';

/** `email` signs in through the form, opens /profiel, the session ends by expiry, and a name is posted. */
async function postAfterExpiry(page: Page, user: { email: string; password: string }) {
  await page.goto('/inloggen');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profiel');
  // Expiry: the browser drops the token's cookie when the token ends; the `sessie` cookie outlives it.
  await page.context().clearCookies({ name: 'access_token' });
  await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill(TYPED);
  await page.getByRole('button', { name: LABELS.profile.save }).click();
  await expect(page).toHaveURL(loginUrlFor('/profiel'));
  await expect(page.getByRole('status').filter({ hasText: ERROR_TEXTS.login.sessionExpired })).toBeVisible();
}

test.describe('a form kept after the session expired', () => {
  test('is not shown to another user who signs in next on the same computer', async ({ page }) => {
    const [userA, userB] = await Promise.all([apiSignUp(), apiSignUp()]);
    await postAfterExpiry(page, userA);

    await submitLogin(page, userB.email, userB.password);
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue(userB.firstname);
    await expect(page.getByText(ACCOUNT_LABELS.keptForm)).toHaveCount(0);
    await expect(page.getByText(TYPED)).toHaveCount(0);
    expect(await page.content()).not.toContain(TYPED);

    // Dropped, not just hidden: A signing in after B on this browser does not get it either.
    await page.getByRole('button', { name: LABELS.logout }).click();
    await page.goto('/profiel');
    await submitLogin(page, userA.email, userA.password);
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue(userA.firstname);
    expect(await page.content()).not.toContain(TYPED);
  });

  test('is shown to the user whose session it was', async ({ page }) => {
    const userA = await apiSignUp();
    await postAfterExpiry(page, userA);

    await submitLogin(page, userA.email, userA.password);
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByText(ACCOUNT_LABELS.keptForm)).toBeVisible();
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue(TYPED);
  });
});
