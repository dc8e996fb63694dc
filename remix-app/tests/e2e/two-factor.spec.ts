import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { LABELS, TWO_FACTOR_FIELD_ERRORS, TWO_FACTOR_LABELS, TWO_FACTOR_MAILS } from './domain';
import { apiSignUp, mailsTo, submitLogin } from './helpers';

/**
 * Two-step sign-in (issue 25), with JavaScript on and off (the js and no-js projects): enrolling
 * on /profiel, signing in with a code from the app and with a recovery code, turning it off.
 */

const L = TWO_FACTOR_LABELS;

/** What the authenticator app shows for `secret`, `stepsAhead` 30-second steps from now (a step is never accepted twice). */
function appCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * The states the page sweep never sees (enrolling, the recovery codes, the code step): nothing
 * scrolls sideways at 320 px, and axe finds no serious or critical violation. Once, with JavaScript: the server-rendered markup is the same without.
 */
async function expectAccessible(page: Page) {
  if (test.info().project.name !== 'js') return;
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways at ${width}px`).toBe(0);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`)).toEqual([]);
  }
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: LABELS.logout }).click();
  await expect(page).toHaveURL(/\/inloggen\?uitgelogd=1$/);
}

/** Signs up, signs in and turns two-step sign-in on from /profiel; the secret as shown and the recovery codes. */
async function enrolFromProfile(page: Page) {
  const user = await apiSignUp();
  await page.goto('/inloggen');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profiel');
  const section = page.locator('#tweestapsverificatie');
  await expect(section.getByRole('heading', { name: L.title })).toBeVisible();
  await expect(section.getByTestId('tweestaps-staat')).toHaveText(L.off);
  await section.getByRole('button', { name: L.start }).click();

  await expect(section.getByRole('img', { name: L.qrAlt })).toBeVisible();
  await expectAccessible(page);
  const secret = (await section.getByTestId('tweestaps-sleutel').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel(L.code, { exact: true }).fill('000000');
  await section.getByRole('button', { name: L.confirm }).click();
  await expect(section.getByText(TWO_FACTOR_FIELD_ERRORS.invalidCode)).toBeVisible();

  await section.getByLabel(L.code, { exact: true }).fill(appCode(secret));
  await section.getByRole('button', { name: L.confirm }).click();
  const shown = section.getByTestId('herstelcodes');
  await expect(shown.getByText(L.recoveryHeading)).toBeVisible();
  const recoveryCodes = await shown.getByRole('listitem').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await expect(shown.getByRole('link', { name: L.recoveryDownload })).toHaveAttribute('download', L.recoveryFileName);
  await expectAccessible(page);

  // Shown once: the page opened again no longer has them.
  await page.goto('/profiel');
  await expect(section.getByTestId('tweestaps-staat')).toContainText(L.on);
  await expect(section.getByTestId('herstelcodes')).toHaveCount(0);
  await expect(page.getByText(recoveryCodes[0])).toHaveCount(0);
  return { user, secret, recoveryCodes };
}

test.describe('two-step sign-in', () => {
  test('enrol on /profiel, then sign in with a code from the app and with a recovery code', async ({ page }) => {
    const { user, secret, recoveryCodes } = await enrolFromProfile(page);
    await signOut(page);

    // The password alone gives no session: the code step follows.
    await page.goto('/inloggen?redirect_uri=%2Fprofiel');
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/inloggen\?stap=code&redirect_uri=%2Fprofiel$/);
    await expect(page.getByRole('heading', { name: L.login.title })).toBeVisible();
    await expect(page.getByText(L.login.intro)).toBeVisible();
    await expectAccessible(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/inloggen/);
    await page.goBack();

    await page.getByLabel(L.login.code, { exact: true }).fill('123456');
    await page.getByRole('button', { name: L.login.submit }).click();
    await expect(page.getByText(TWO_FACTOR_FIELD_ERRORS.invalidCode)).toBeVisible();
    await page.getByLabel(L.login.code, { exact: true }).fill(appCode(secret, 1));
    await page.getByRole('button', { name: L.login.submit }).click();
    await expect(page).toHaveURL(/\/profiel$/);
    await signOut(page);

    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/inloggen\?stap=code/);
    await page.getByRole('link', { name: L.login.useRecovery }).click();
    await expect(page).toHaveURL(/\/inloggen\?stap=herstelcode/);
    await expectAccessible(page);
    await page.getByLabel(L.login.recovery, { exact: true }).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: L.login.submit }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profiel');
    await expect(page.locator('#tweestapsverificatie').getByTestId('tweestaps-staat')).toContainText(L.recoveryLeft(9));
    await signOut(page);

    // A recovery code works once.
    await submitLogin(page, user.email, user.password);
    await page.getByRole('link', { name: L.login.useRecovery }).click();
    await page.getByLabel(L.login.recovery, { exact: true }).fill(recoveryCodes[0]);
    await page.getByRole('button', { name: L.login.submit }).click();
    await expect(page.getByText(TWO_FACTOR_FIELD_ERRORS.invalidRecoveryCode)).toBeVisible();
  });

  test('turning it off needs a code, and a mail says it happened', async ({ page }) => {
    const { user, secret } = await enrolFromProfile(page);
    const section = page.locator('#tweestapsverificatie');
    await section.getByLabel(L.disableCode, { exact: true }).fill('999999');
    await section.getByRole('button', { name: L.disable }).click();
    await expect(section.getByText(TWO_FACTOR_FIELD_ERRORS.invalidCode)).toBeVisible();
    await section.getByLabel(L.disableCode, { exact: true }).fill(appCode(secret, 1));
    await section.getByRole('button', { name: L.disable }).click();
    await expect(page.getByText(L.disabled)).toBeVisible();
    await expect(section.getByTestId('tweestaps-staat')).toHaveText(L.off);
    await expect.poll(async () => (await mailsTo(user.email)).some((mail) => mail.raw.includes(TWO_FACTOR_MAILS.disabled.subject))).toBe(true);

    // The password alone signs in again.
    await signOut(page);
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
  });
});
