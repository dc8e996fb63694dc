import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { ACCOUNT_LABELS, API_TOKEN_LABELS, TWO_FACTOR_LABELS } from './domain';
import { api, apiLogin, apiSignUp, submitLogin } from './helpers';
import { openConfirmation } from './confirm-helpers';
import { DEMO_USERS } from './settings';

/**
 * Issue 32 items 3 and 4 in the portal, with JavaScript on and off (the js and no-js projects):
 * 'alle andere sessies en tokens beëindigen' on changing the password and turning on two-step
 * sign-in, and the organisation's owners revoking a member's personal token.
 */

const NEW_PASSWORD = 'Paarse-Tomaten-In-De-Kas-7';

async function personalToken(token: string, name: string): Promise<string> {
  const made = await api(token, 'post', '/api/profile/api-tokens', { body: { name, scopes: ['catalogue:read'], expires_in_days: 30 } });
  expect(made.status).toBe(201);
  return made.data.token;
}

/** 200 while the credential works, 401 once it has ended. */
async function works(token: string): Promise<number> {
  return (await api(token, 'get', '/api/current_user')).status;
}
async function reads(token: string): Promise<number> {
  return (await api(token, 'get', '/api/datasets')).status;
}

/** Signed up and signed in in this browser; the session from sign-up stands for 'another device'. */
async function signedInUser(page: Page) {
  const user = await apiSignUp();
  await page.goto('/inloggen');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  return user;
}

test.describe("'alle andere sessies en tokens beëindigen' (issue 32)", () => {
  test('changing the password: ticked by default, it ends the other session and the personal token; unticked, both keep working', async ({ page }) => {
    const user = await signedInUser(page);
    const token = await personalToken(user.token, 'Script');
    await page.goto('/profiel');
    const section = page.locator('#wachtwoord');
    const box = section.getByRole('checkbox', { name: ACCOUNT_LABELS.endOthers });
    await expect(box).toBeChecked();
    await section.getByLabel(ACCOUNT_LABELS.change.current, { exact: true }).fill(user.password);
    await section.getByLabel(ACCOUNT_LABELS.change.next, { exact: true }).fill(NEW_PASSWORD);
    await section.getByRole('button', { name: ACCOUNT_LABELS.change.submit }).click();
    await expect(page.getByText(ACCOUNT_LABELS.change.done)).toBeVisible();
    expect(await works(user.token)).toBe(401);
    expect(await reads(token)).toBe(401);

    // Unticked: another session and a new token survive the next change; the box is ticked again afterwards.
    const other = await apiLogin(user.email, NEW_PASSWORD);
    const kept = await personalToken(other, 'Blijft');
    await page.goto('/profiel');
    await section.getByRole('checkbox', { name: ACCOUNT_LABELS.endOthers }).uncheck();
    await section.getByLabel(ACCOUNT_LABELS.change.current, { exact: true }).fill(NEW_PASSWORD);
    await section.getByLabel(ACCOUNT_LABELS.change.next, { exact: true }).fill(`${NEW_PASSWORD}-b`);
    await section.getByRole('button', { name: ACCOUNT_LABELS.change.submit }).click();
    await expect(page.getByText(ACCOUNT_LABELS.change.doneKept)).toBeVisible();
    expect(await works(other)).toBe(200);
    expect(await reads(kept)).toBe(200);
    await expect(section.getByRole('checkbox', { name: ACCOUNT_LABELS.endOthers })).toBeChecked();
  });

  test('turning on two-step sign-in: ticked by default, it ends the other session and the personal token', async ({ page }) => {
    const user = await signedInUser(page);
    const token = await personalToken(user.token, 'Script');
    await page.goto('/profiel');
    const section = page.locator('#tweestapsverificatie');
    await section.getByRole('button', { name: TWO_FACTOR_LABELS.start }).click();
    const secret = (await section.getByTestId('tweestaps-sleutel').innerText()).replace(/\s/g, '');
    await expect(section.getByRole('checkbox', { name: ACCOUNT_LABELS.endOthers })).toBeChecked();
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    await section.getByLabel(TWO_FACTOR_LABELS.code, { exact: true }).fill(code);
    await section.getByRole('button', { name: TWO_FACTOR_LABELS.confirm }).click();
    await expect(section.getByTestId('herstelcodes')).toBeVisible();
    // This browser stays signed in; the other session and the token have ended.
    await page.goto('/profiel');
    await expect(page).toHaveURL(/\/profiel$/);
    expect(await works(user.token)).toBe(401);
    expect(await reads(token)).toBe(401);
  });
});

test.describe("members' personal tokens on /mijn-organisatie (issue 32)", () => {
  test('the owner sees a member’s token, never its secret, and revokes it after confirming', async ({ page, signInAs, javaScriptEnabled }) => {
    const name = `Kasscript ${randomUUID().slice(0, 8)}`;
    const token = await personalToken(await apiLogin(DEMO_USERS.member), name);
    expect(await reads(token)).toBe(200);

    await signInAs(DEMO_USERS.owner);
    await page.goto('/mijn-organisatie');
    const section = page.getByRole('region', { name: API_TOKEN_LABELS.membersTitle });
    const row = section.getByTestId('member-api-tokens-table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(DEMO_USERS.member);
    await expect(row).toContainText('catalogue:read');
    expect(await page.content()).not.toContain(token.slice(4));

    const where = await openConfirmation(page, javaScriptEnabled, row.getByRole('button', { name: new RegExp(`^${API_TOKEN_LABELS.revoke}: ${name}`) }), `${API_TOKEN_LABELS.revoke}: ${name}?`);
    await expect(where.getByText(new RegExp(`persoonlijke API-token '${name}' van`))).toBeVisible();
    expect(await reads(token)).toBe(200);
    await where.getByRole('button', { name: API_TOKEN_LABELS.revoke, exact: true }).click();
    await expect(page).toHaveURL(/\/mijn-organisatie$/);
    await expect(page.getByRole('status').filter({ hasText: API_TOKEN_LABELS.revoked })).toBeVisible();
    await expect(section.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    expect(await reads(token)).toBe(401);
  });

  test('a plain member sees no such section and cannot open the confirmation page', async ({ page, signInAs, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'server-rendered statuses: one project is enough');
    await signInAs(DEMO_USERS.member);
    await page.goto('/mijn-organisatie');
    await expect(page.getByRole('heading', { name: API_TOKEN_LABELS.membersTitle })).toHaveCount(0);
    const response = await page.goto('/mijn-organisatie/leden-api-tokens/00000000-0000-4000-8000-000000000000/intrekken');
    expect(response?.status()).toBe(403);
  });
});
