import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures';
import { LABELS, TWO_FACTOR_LABELS } from './domain';
import { AdminStack, STACK_ADMIN_EMAIL } from './admin-stack';
import { submitLogin } from './helpers';
import { DEMO_PASSWORD } from './settings';

/**
 * REQUIRE_2FA_FOR_ADMINS (issue 25, ADR 0032), with JavaScript on and off: a platform admin without
 * two-step sign-in is held at /tweestapsverificatie until it is on. Its own API and portal (the
 * shared servers run the demo, which keeps the rule off).
 */

const L = TWO_FACTOR_LABELS;
let stack: AdminStack;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await AdminStack.start();
});
test.afterAll(async () => {
  await stack?.dispose();
});

test('a platform admin without two-step sign-in can do nothing else until it is on', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: stack.portalUrl, locale: 'nl-NL', javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const page = await context.newPage();
  await page.goto('/inloggen?redirect_uri=%2Forganisaties');
  await submitLogin(page, STACK_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/tweestapsverificatie$/);
  await expect(page.getByText(L.required)).toBeVisible();
  for (const path of ['/', '/profiel', '/organisaties', '/beheer-taken']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/tweestapsverificatie$/);
  }
  // A route's loader run alone (a navigation with JavaScript, no shell loader) is sent there too, not refused.
  const alone = await page.request.get(`/profiel.data?_routes=${encodeURIComponent('routes/_shell.profiel')}`, { maxRedirects: 0 });
  expect(alone.status()).toBeLessThan(400);
  expect(await alone.text()).toContain('/tweestapsverificatie');

  await page.getByRole('button', { name: L.start }).click();
  const secret = (await page.getByTestId('tweestaps-sleutel').innerText()).replace(/\s/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await page.getByLabel(L.code, { exact: true }).fill(code);
  await page.getByRole('button', { name: L.confirm }).click();
  await expect(page.getByTestId('herstelcodes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('link', { name: L.continue }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/organisaties');
  await expect(page).toHaveURL(/\/organisaties$/);
  await expect(page.getByRole('button', { name: LABELS.logout })).toBeVisible();
  await context.close();
});
