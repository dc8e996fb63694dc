import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { LABELS, TWO_FACTOR_FIELD_ERRORS, TWO_FACTOR_LABELS as L } from './domain';
import { apiSignUp, submitLogin } from './helpers';

/**
 * Issue 37, item 8g: the first sign-in after turning two-step sign-in on takes the code the app
 * still shows (the one that confirmed it); once used to sign in, that code is spent. JavaScript on and off.
 */

function appCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: LABELS.logout }).click();
  await expect(page).toHaveURL(/\/inloggen\?uitgelogd=1$/);
}

test('the code that confirmed two-step sign-in signs in right after, once', async ({ page }) => {
  const user = await apiSignUp();
  await page.goto('/inloggen');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profiel');
  const section = page.locator('#tweestapsverificatie');
  await section.getByRole('button', { name: L.start }).click();
  const secret = (await section.getByTestId('tweestaps-sleutel').innerText()).replace(/\s/g, '');
  // The very code typed to confirm: it stays within the one-step window for the sign-in below.
  const code = appCode(secret);
  await section.getByLabel(L.code, { exact: true }).fill(code);
  await section.getByRole('button', { name: L.confirm }).click();
  await expect(section.getByTestId('herstelcodes')).toBeVisible();
  await signOut(page);

  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/inloggen\?stap=code/);
  await page.getByLabel(L.login.code, { exact: true }).fill(code);
  await page.getByRole('button', { name: L.login.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);

  // Used for a sign-in, the code is spent: no replay.
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/inloggen\?stap=code/);
  await page.getByLabel(L.login.code, { exact: true }).fill(code);
  await page.getByRole('button', { name: L.login.submit }).click();
  await expect(page.getByText(TWO_FACTOR_FIELD_ERRORS.invalidCode)).toBeVisible();
});
