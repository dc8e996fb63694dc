import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNT_LABELS, ACCOUNT_MAILS, ERROR_TEXTS, LABELS, PASSWORD_STRENGTH_TEXTS } from './domain';
import { api, apiSignUp, loginUrlFor, mailsTo, resetPathFromMail, submitLogin, uniqueEmail } from './helpers';

/** Runs with JavaScript on and off (the js and no-js projects): every form here is a real post. */

const NEW_PASSWORD = 'Paarse-Tomaten-In-De-Kas-7';

async function requestReset(page: Page, email: string) {
  await page.goto('/inloggen');
  await page.getByRole('link', { name: ACCOUNT_LABELS.forgotLink }).click();
  await expect(page).toHaveURL(/\/wachtwoord-vergeten$/);
  await page.getByLabel(ACCOUNT_LABELS.forgot.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: ACCOUNT_LABELS.forgot.submit }).click();
  await expect(page).toHaveURL(/\/wachtwoord-vergeten\?verstuurd=1$/);
  return page.getByRole('status').innerText();
}

test.describe("'Wachtwoord vergeten?'", () => {
  test('a locked-out user recovers the account by mail; the link works once and other sessions end', async ({ page }) => {
    const user = await apiSignUp();
    const unknownAnswer = await requestReset(page, uniqueEmail('onbekend'));
    const knownAnswer = await requestReset(page, user.email);
    expect(knownAnswer).toBe(unknownAnswer);

    const link = await resetPathFromMail(user.email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: ACCOUNT_LABELS.reset.title })).toBeVisible();
    const field = page.getByLabel(ACCOUNT_LABELS.reset.password, { exact: true });
    await field.fill('password1234');
    await page.getByRole('button', { name: ACCOUNT_LABELS.reset.submit }).click();
    await expect(page.getByText(/veel gebruikt/)).toBeVisible();

    await page.getByLabel(ACCOUNT_LABELS.reset.password, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: ACCOUNT_LABELS.reset.submit }).click();
    await expect(page).toHaveURL(/\/inloggen\?wachtwoord=gewijzigd$/);
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_LABELS.passwordChanged })).toBeVisible();

    // The session from before (another device) has ended; the old password no longer works.
    expect((await api(user.token, 'get', '/api/current_user')).status).toBe(401);
    await submitLogin(page, user.email, user.password);
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.login.invalidCredentials);
    await submitLogin(page, user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => (await mailsTo(user.email)).some((mail) => mail.raw.includes(ACCOUNT_MAILS.changed.subject)))
      .toBe(true);

    // Single use.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: ACCOUNT_LABELS.reset.invalidTitle })).toBeVisible();
  });
});

test.describe("'Wachtwoord wijzigen' on /profiel", () => {
  test('needs the current password; afterwards other sessions have ended and a mail says so', async ({ page }, testInfo) => {
    const user = await apiSignUp();
    await page.goto('/inloggen');
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profiel');
    const section = page.locator('#wachtwoord');
    await section.getByLabel(ACCOUNT_LABELS.change.current, { exact: true }).fill('Niet-Het-Goede-Wachtwoord-1');
    await section.getByLabel(ACCOUNT_LABELS.change.next, { exact: true }).fill(NEW_PASSWORD);
    if (testInfo.project.name === 'js') await expect(section.getByTestId('password-strength')).toHaveText(PASSWORD_STRENGTH_TEXTS.strong);
    await section.getByRole('button', { name: ACCOUNT_LABELS.change.submit }).click();
    await expect(section.getByText(/niet uw huidige wachtwoord/)).toBeVisible();

    await section.getByLabel(ACCOUNT_LABELS.change.current, { exact: true }).fill(user.password);
    await section.getByLabel(ACCOUNT_LABELS.change.next, { exact: true }).fill(NEW_PASSWORD);
    await section.getByRole('button', { name: ACCOUNT_LABELS.change.submit }).click();
    await expect(page.getByText(ACCOUNT_LABELS.change.done)).toBeVisible();
    // This browser stays signed in; the session from sign-up has ended.
    await page.goto('/profiel');
    await expect(page).toHaveURL(/\/profiel$/);
    expect((await api(user.token, 'get', '/api/current_user')).status).toBe(401);
    await expect
      .poll(async () => (await mailsTo(user.email)).some((mail) => mail.raw.includes(ACCOUNT_MAILS.changed.subject)))
      .toBe(true);
  });
});

test.describe('sessions that end kindly', () => {
  test('a form posted after the session ended is shown again, with what was typed, after signing in', async ({ page }) => {
    const user = await apiSignUp();
    await page.goto('/inloggen');
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/profiel');
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')!.value;
    // The session ends elsewhere (another tab logged out, an admin, a password change).
    expect((await api(session, 'post', '/api/auth/logout')).status).toBe(204);

    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('Getypt-Voordat-Het-Verliep');
    await page.getByRole('button', { name: LABELS.profile.save }).click();
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
    expect(page.url()).not.toContain('Getypt');
    await expect(page.getByRole('status').filter({ hasText: ERROR_TEXTS.login.sessionExpired })).toBeVisible();
    expect(ERROR_TEXTS.login.sessionExpired).toBe('Uw sessie is verlopen. Log opnieuw in.');

    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByText(ACCOUNT_LABELS.keptForm)).toBeVisible();
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Getypt-Voordat-Het-Verliep');
  });

  test('a page opened after the session ended says so and returns to the page', async ({ page }) => {
    const user = await apiSignUp();
    await page.goto('/inloggen');
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')!.value;
    await api(session, 'post', '/api/auth/logout');
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
    await expect(page.getByRole('status').filter({ hasText: ERROR_TEXTS.login.sessionExpired })).toBeVisible();
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByText(ACCOUNT_LABELS.keptForm)).toHaveCount(0);
  });
});
