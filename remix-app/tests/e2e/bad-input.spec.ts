import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import type * as Passwords from '../../../libs/domain/src/passwords';
import { BAD_INPUT_DETAILS, LABELS } from './domain';
import { login, uniqueEmail } from './helpers';
import { API_PORT, DEMO_USERS } from './settings';

const { PASSWORD_ERRORS } = createRequire(import.meta.url)('../../../libs/domain/src/passwords.ts') as typeof Passwords;

/** What careless or hostile requests to the portal and the API get: a 4xx, never a 5xx, never the URL echoed. */
test.describe('bad input on the portal', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'plain HTTP requests: one project is enough');

  for (const method of ['PUT', 'DELETE', 'PATCH']) {
    for (const path of ['/profiel', '/registreren', '/inloggen', '/databronnen']) {
      test(`${method} ${path} answers 405`, async ({ page }) => {
        await login(page, DEMO_USERS.owner);
        const response = await page.request.fetch(path, { method, data: 'x=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
        expect(response.status()).toBe(405);
        expect(response.headers()['allow']).toBe('GET, HEAD, POST');
      });
    }
  }

  test('TRACE answers 405', async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/inloggen`, { method: 'TRACE' }).catch(() => null);
    // Node's fetch refuses to send TRACE itself; when it is sent, the portal refuses it.
    if (response) expect(response.status).toBe(405);
  });

  for (const path of ['/%00', '/profiel%00', '/dataset/%00', '/gebruiker/%00', '/uitnodiging/%00', '/?_data=bogus', '/profiel?_data=routes%2Fbestaat-niet', '/dataset/%ED%A0%80']) {
    test(`${path} answers 4xx`, async ({ page }) => {
      await login(page, DEMO_USERS.owner);
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), await response.text()).toBeGreaterThanOrEqual(300);
      expect(response.status()).toBeLessThan(500);
    });
  }

  test('an over-long path is refused without echoing it', async ({ baseURL }) => {
    const marker = 'lang'.repeat(5000);
    const response = await fetch(`${baseURL}/${marker}`);
    expect([404, 414, 431]).toContain(response.status);
    expect((await response.text()).includes(marker), 'the path is echoed').toBe(false);
  });

  test('a NUL in a form field is refused in Dutch, not with an error page', async ({ page }) => {
    await login(page, DEMO_USERS.owner);
    await page.goto('/profiel');
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const response = await page.request.post('/profiel', { form: { csrf, firstname: 'Erik\u0000', lastname: 'Eigenaar' }, maxRedirects: 0 });
    expect(response.status()).toBe(422);
  });
});

test.describe('bad input on the API port', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'plain HTTP requests: one project is enough');

  test('an over-long path is refused in Dutch without echoing it', async () => {
    const marker = 'lang'.repeat(3000);
    const response = await fetch(`http://127.0.0.1:${API_PORT}/api/users/${marker}`);
    expect(response.status).toBeLessThan(500);
    const body = await response.json();
    expect(JSON.stringify(body).includes(marker), 'the path is echoed').toBe(false);
    expect(body).toEqual({ statusCode: 414, detail: BAD_INPUT_DETAILS.uriTooLong });
  });

  test('%00 in a path is refused in Dutch', async () => {
    const response = await fetch(`http://127.0.0.1:${API_PORT}/api/datasets/%00`);
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toBe(BAD_INPUT_DETAILS.badRequest);
  });
});

test.describe('choosing a password at sign-up (issue 19, item 14)', () => {
  for (const [password, message] of [
    ['aaaaaaaaaaaa', PASSWORD_ERRORS.repetitive],
    ['qwerty123456', PASSWORD_ERRORS.common],
  ]) {
    test(`${password} is refused at the password field in Dutch`, async ({ page }) => {
      await page.goto('/registreren');
      await page.getByLabel(LABELS.signup.firstname, { exact: true }).fill('Wim');
      await page.getByLabel(LABELS.signup.lastname, { exact: true }).fill('Wachtwoord');
      await page.getByLabel(LABELS.signup.email, { exact: true }).fill(uniqueEmail('wachtwoord'));
      await page.getByLabel(LABELS.signup.password, { exact: true }).fill(password);
      await page.getByRole('button', { name: LABELS.signup.submit }).click();
      await expect(page.locator('#password-error')).toHaveText(message);
      await expect(page).toHaveURL(/\/registreren$/);
    });
  }
});
