import { expect, test } from './fixtures';
import { API_TOKEN_LABELS as L } from './domain';
import { signUp } from './helpers';

/**
 * Issue 34 item 6: a form post whose answer was lost, sent again from the same form render (the
 * browser's resubmit, a retry), makes nothing twice: the form carries one key per render and the
 * portal passes it on to nest-api as Idempotency-Key, which replays its first answer.
 */
test('the same form render posted twice makes one API token', async ({ page }) => {
  await signUp(page, { firstname: 'Rik', lastname: 'Herhaal' });
  await page.goto('/profiel');
  const form = page.getByRole('form', { name: L.create });
  await expect(form.locator('input[type="hidden"][name="idempotency_key"]')).toHaveValue(/^[0-9a-f]{32}$/);
  await form.getByLabel(L.name, { exact: true }).fill('Herhaald script');
  await form.getByLabel(L.expiryDays(30)).check();

  // What the browser sends, to send it once more after the first answer "got lost".
  const sent = await form.evaluate((element: HTMLFormElement) => ({
    action: element.action,
    body: new URLSearchParams(new FormData(element) as unknown as Record<string, string>).toString(),
  }));
  await form.getByRole('button', { name: L.create }).click();
  await expect(page.getByTestId('api-token-secret')).toBeVisible();

  const retry = await page.request.post(sent.action, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(page.url()).origin },
    data: sent.body,
    maxRedirects: 0,
  });
  expect(retry.status()).toBeLessThan(400);

  await page.goto('/profiel');
  await expect(page.getByTestId('api-tokens-table').getByRole('row', { name: /Herhaald script/ })).toHaveCount(1);
  // A new render is a new form: the same content from it makes a second token.
  await page.getByRole('form', { name: L.create }).getByLabel(L.name, { exact: true }).fill('Herhaald script');
  await page.getByRole('form', { name: L.create }).getByLabel(L.expiryDays(30)).check();
  await page.getByRole('form', { name: L.create }).getByRole('button', { name: L.create }).click();
  await expect(page.getByTestId('api-tokens-table').getByRole('row', { name: /Herhaald script/ })).toHaveCount(2);
});
