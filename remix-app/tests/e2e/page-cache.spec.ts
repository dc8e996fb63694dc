import type { APIResponse } from '@playwright/test';
import { expect, test } from './fixtures';
import { LABELS } from './domain';
import { api, apiSignUp, loginUrlFor, setAccessToken } from './helpers';

/**
 * Issue 14: a page whose nest-api answers are unchanged is sent from memory (ADR 0013). It must be
 * the page a fresh render would give, go out with the nonce its scripts carry, and follow every
 * change (and a revoked session) on the very next request.
 */

function cspNonce(response: { headers(): Record<string, string> }): string {
  const match = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '');
  expect(match, 'a CSP with a nonce').not.toBeNull();
  return match![1];
}

/**
 * Asks until the portal answers from memory, and proves it: a fresh render always gets a new CSP
 * nonce (and carries it in its body), a page sent from memory keeps the nonce it was rendered with.
 * An ETag proves nothing here: fresh renders of a keepable page carry one too. (A signed-in
 * browser's first page also sets the anti-forgery cookie, which is never kept.)
 */
async function keptPage(get: () => Promise<APIResponse>): Promise<APIResponse> {
  let previous = await get();
  let response = await get();
  for (let attempt = 0; attempt < 3 && cspNonce(response) !== cspNonce(previous); attempt += 1) {
    previous = response;
    response = await get();
  }
  expect(response.status()).toBe(200);
  expect(cspNonce(response), 'the page is kept: sent again with the nonce of its first render').toBe(cspNonce(previous));
  expect(await response.text(), 'the kept page is byte-identical to its first render').toBe(await previous.text());
  return response;
}

test.describe('pages kept in memory', () => {
  test('a page asked again is the same page, its scripts carry the nonce it is sent with, and its ETag gets a 304', async ({ page, context, baseURL }) => {
    const user = await apiSignUp();
    await setAccessToken(context, baseURL!, user.token);
    const get = () => page.request.get('/datasets');
    const kept = await keptPage(get);
    const again = await get();
    expect(again.status()).toBe(200);
    expect(again.headers()['etag']).toBe(kept.headers()['etag']);
    const body = await again.text();
    expect(body).toBe(await kept.text());
    expect(body).toContain(LABELS.profileLink);
    // Personal pages stay out of every browser and proxy cache all the same.
    expect(again.headers()['cache-control']).toBe('no-store');

    const nonce = cspNonce(again);
    expect(cspNonce(kept)).toBe(nonce);
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const revalidated = await page.request.get('/datasets', { headers: { 'If-None-Match': again.headers()['etag'] } });
    expect(revalidated.status()).toBe(304);
    expect((await revalidated.body()).length).toBe(0);
    expect(cspNonce(revalidated)).toBe(nonce);
  });

  test('a form post’s answer (never kept) goes out whole: its length known, compressed as asked, its scripts with the nonce', async ({ page, context, baseURL }) => {
    const user = await apiSignUp();
    await setAccessToken(context, baseURL!, user.token);
    await page.goto('/profiel');
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    for (const [asked, sent] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      // An empty first name: the profile page again, with the field's Dutch error and what was typed.
      const response = await page.request.post('/profiel', { form: { csrf, firstname: '', lastname: 'Heel-verzonden' }, headers: { 'Accept-Encoding': asked }, maxRedirects: 0 });
      expect(response.status(), asked).toBe(422);
      const headers = response.headers();
      expect(headers['content-encoding'], asked).toBe(sent);
      // Sent in one piece (streamed, each 16 KB waited for a turn of a busy event loop: issue 26).
      expect(headers['transfer-encoding'], asked).toBeUndefined();
      expect(Number(headers['content-length']), asked).toBeGreaterThan(0);
      const body = await response.text();
      expect(body).toContain('Heel-verzonden');
      const nonce = cspNonce(response);
      const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  test('a page from memory runs its scripts (with JavaScript) and shows the same content', async ({ page, context, baseURL, javaScriptEnabled }) => {
    const user = await apiSignUp(undefined, { firstname: 'Kees' });
    await setAccessToken(context, baseURL!, user.token);
    const kept = await keptPage(() => page.request.get('/profiel'));
    const response = await page.goto('/profiel');
    expect(response?.status()).toBe(200);
    expect(cspNonce(response!), 'the browser got the kept page').toBe(cspNonce(kept));
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Kees');
    if (javaScriptEnabled) await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  });

  test('the very next page shows a change made elsewhere, and a revoked session', async ({ page, context, baseURL }) => {
    const user = await apiSignUp(undefined, { firstname: 'Oud' });
    await setAccessToken(context, baseURL!, user.token);
    const kept = await keptPage(() => page.request.get('/profiel'));
    await page.goto('/profiel');
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Oud');

    // Straight through nest-api: the portal only learns of it by asking again.
    const renamed = await api(user.token, 'put', '/api/users/{id}', { params: { path: { id: user.id } }, body: { firstname: 'Nieuw', lastname: user.lastname } });
    expect(renamed.status).toBe(200);
    const renderedAgain = await page.goto('/profiel');
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Nieuw');
    expect(cspNonce(renderedAgain!), 'the changed page was rendered afresh').not.toBe(cspNonce(kept));

    await keptPage(() => page.request.get('/profiel'));
    expect((await api(user.token, 'post', '/api/auth/logout')).status).toBe(204);
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
  });

  test('a page with a one-time message is not kept; the page after it is', async ({ page, context, baseURL }) => {
    const user = await apiSignUp(undefined, { firstname: 'Flits' });
    await setAccessToken(context, baseURL!, user.token);
    await page.goto('/profiel');
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('Flitser');
    const flashPage = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/profiel') && response.request().method() === 'GET');
    await page.getByRole('button', { name: LABELS.profile.save }).click();
    await expect(page.getByRole('status')).toHaveText(LABELS.profile.saved);
    // The page (or, with JavaScript, its data) that carried the message was made for this request only.
    expect((await flashPage).headers()['etag']).toBeUndefined();

    const next = await keptPage(() => page.request.get('/profiel'));
    expect(await next.text()).not.toContain(LABELS.profile.saved);
    await page.goto('/profiel');
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Flitser');
    await expect(page.getByText(LABELS.profile.saved)).toHaveCount(0);
  });
});
