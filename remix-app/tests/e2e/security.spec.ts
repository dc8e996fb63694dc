import { expect, test } from '@playwright/test';
import { ERROR_TEXTS, LABELS } from './domain';
import { currentUser, login, signUp } from './helpers';
import { DEMO_USERS, MAIL_HTTP_PORT } from './settings';

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as [string, string];
      }),
  );
}

test.describe('security headers', () => {
  test('every page carries a nonce-based CSP and the other security headers', async ({ page }) => {
    const response = await page.goto('/inloggen');
    const headers = response!.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const csp = directives(headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data:");
    const scriptSrc = csp.get('script-src') ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
    expect(nonce).toBeTruthy();

    // Every script the page ships carries this response's nonce.
    const html = await response!.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    // A fresh nonce per response.
    const again = await page.request.get('/inloggen');
    expect(again.headers()['content-security-policy']).not.toContain(nonce!);
  });

  test('redirects carry the security headers too', async ({ page }) => {
    const response = await page.request.get('/profiel', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test('the page hydrates and runs under the CSP without violations or errors', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'script CSP violations can only happen with JavaScript on');
    const violations: string[] = [];
    const errors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      else if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await login(page, DEMO_USERS.member);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // Hydrated: a client-side navigation keeps the document (no full load).
    await page.evaluate(() => ((window as unknown as { __marker: boolean }).__marker = true));
    await page.getByRole('navigation', { name: LABELS.mainNavigation }).getByRole('link', { name: LABELS.profile.title, exact: true }).click();
    await expect(page).toHaveURL(/\/profiel$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
    expect(violations).toEqual([]);
    // Hydration mismatches (a nonce rendered differently, say) surface as console errors.
    expect(errors).toEqual([]);
  });
});

test.describe('api proxy', () => {
  test('answers /api/health on the portal’s own origin', async ({ page }) => {
    const response = await page.request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers()['x-content-type-options']).toBe('nosniff');

    await page.goto('/api/health');
    await expect(page.locator('body')).toContainText('"status":"ok"');
  });

  test('API redirects stay on the portal', async ({ page, baseURL }) => {
    const response = await page.request.get('/api/login?redirect_uri=%2Fprofiel', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const location = new URL(response.headers()['location'], baseURL);
    expect(location.origin).toBe(new URL(baseURL!).origin);
    expect(`${location.pathname}${location.search}`).toBe('/inloggen?redirect_uri=%2Fprofiel');
  });

  test('carries cookie-signed API calls, accepting the portal’s CSRF token', async ({ page, context, baseURL }) => {
    await signUp(page, { firstname: 'Proxy' });
    const me = await currentUser(page);
    const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
    expect(xsrf).toBeTruthy();
    const origin = new URL(baseURL!).origin;
    const path = `/api/users/${me.user_id}`;
    const body = { firstname: 'Via', lastname: 'Proxy' };

    const withoutToken = await page.request.put(path, { data: body, headers: { Origin: origin } });
    expect(withoutToken.status()).toBe(403);
    const foreign = await page.request.put(path, { data: body, headers: { Origin: 'https://evil.example', 'X-XSRF-TOKEN': xsrf! } });
    expect(foreign.status()).toBe(403);
    expect((await currentUser(page)).firstname).toBe('Proxy');

    // nest-api compares Origin with the Host it receives: this only passes when the proxy keeps the browser's Host.
    const accepted = await page.request.put(path, { data: body, headers: { Origin: origin, 'X-XSRF-TOKEN': xsrf! } });
    expect(accepted.status()).toBe(200);
    expect((await currentUser(page)).firstname).toBe('Via');
  });

  test('Swagger UI keeps its own policy but gets the frame and sniffing headers', async ({ page }) => {
    const response = await page.request.get('/api/docs');
    expect(response.status()).toBe(200);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).not.toMatch(/'nonce-/);
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['x-frame-options']).toBe('DENY');
  });

  test('Swagger UI renders the operations under its policy, without violations', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'Swagger UI is a JavaScript application');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/api/docs');
    await expect(page.locator('.opblock').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('csrf', () => {
  test('a form submitted without its CSRF token is refused in Dutch, keeping the input', async ({ page }) => {
    await signUp(page, { firstname: 'Veilig', lastname: 'Persoon' });
    await page.goto('/profiel');
    // The profile form's own token (the consent and rating forms on the page carry one too).
    await page.locator('form:has(input[name="firstname"]) input[name="csrf"]').evaluate((input) => input.remove());
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('Aanvaller');
    await page.getByRole('button', { name: LABELS.profile.save }).click();

    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.csrf);
    await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue('Aanvaller');
    await expect(page.getByText(LABELS.profile.saved)).toHaveCount(0);
    expect((await currentUser(page)).firstname).toBe('Veilig');

    // The same form, freshly loaded with its token, works.
    await page.goto('/profiel');
    await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill('Aanvaller');
    await page.getByRole('button', { name: LABELS.profile.save }).click();
    await expect(page.getByRole('status')).toHaveText(LABELS.profile.saved);
    expect((await currentUser(page)).firstname).toBe('Aanvaller');
  });

  test('a wrong token, another session’s token or a foreign origin are refused', async ({ page, browser, baseURL }) => {
    await signUp(page, { firstname: 'Eerlijk' });
    await page.goto('/profiel');
    const token = await page.locator('form:has(input[name="firstname"]) input[name="csrf"]').inputValue();
    const origin = new URL(baseURL!).origin;

    // The anonymous token of a fresh visitor: valid, but not for this session.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`${baseURL}/inloggen`);
    const strangerToken = await strangerPage.getByRole('main').locator('input[name="csrf"]').inputValue();
    await stranger.close();

    const attempts = [
      { csrf: `${token}x`, origin },
      { csrf: strangerToken, origin },
      { csrf: token, origin: 'https://evil.example' },
    ];
    for (const attempt of attempts) {
      const response = await page.request.post('/profiel', {
        form: { csrf: attempt.csrf, firstname: 'Vervalst', lastname: 'Persoon' },
        headers: { Origin: attempt.origin },
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(attempt)).toBe(403);
      expect(await response.text()).toContain(ERROR_TEXTS.csrf);
    }
    expect((await currentUser(page)).firstname).toBe('Eerlijk');

    // The same request with the right token and origin goes through.
    const ok = await page.request.post('/profiel', {
      form: { csrf: token, firstname: 'Echt', lastname: 'Persoon' },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(302);
    expect((await currentUser(page)).firstname).toBe('Echt');
  });

  test('the sign-in form needs its token too', async ({ page, context }) => {
    await page.goto('/inloggen');
    await page.getByRole('main').locator('input[name="csrf"]').evaluate((input) => input.remove());
    await page.getByLabel(LABELS.login.email, { exact: true }).fill(DEMO_USERS.member);
    await page.getByLabel(LABELS.login.password, { exact: true }).fill('Tuinbouw-demo-2026');
    await page.getByRole('button', { name: LABELS.login.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.csrf);
    await expect(page.getByLabel(LABELS.login.email, { exact: true })).toHaveValue(DEMO_USERS.member);
    expect((await context.cookies()).find((cookie) => cookie.name === 'access_token')).toBeUndefined();
  });
});

test.describe('cross-site requests and caching (issue 9, finding 5)', () => {
  test('pages with personal data are never stored by a cache', async ({ page }) => {
    await login(page, DEMO_USERS.member);
    const response = await page.goto('/profiel');
    expect(response?.headers()['cache-control']).toBe('no-store');
    const api = await page.request.get('/api/current_user');
    expect(api.headers()['cache-control']).toBe('no-store');
  });

  test('a link on another site to /api/logout does not sign out; our own logout does', async ({ page, javaScriptEnabled, baseURL }) => {
    test.skip(!javaScriptEnabled, 'the other site navigates with a script');
    await login(page, DEMO_USERS.member);
    // 'localhost' is another site than '127.0.0.1' (the portal), so the browser says cross-site.
    const elsewhere = new URL(baseURL!);
    elsewhere.hostname = 'localhost';
    elsewhere.port = String(MAIL_HTTP_PORT);
    await page.goto(`${elsewhere.origin}/messages`);
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/logout')),
      page.evaluate((target) => (window.location.href = target), `${baseURL}/api/logout`),
    ]);
    expect(refused.status()).toBe(403);
    // Let the refused navigation finish before the next one starts.
    await page.waitForURL(/\/api\/logout$/);
    expect((await currentUser(page)).email).toBe(DEMO_USERS.member);

    await page.goto('/');
    await page.getByRole('button', { name: LABELS.logout }).first().click();
    await expect(page).toHaveURL(/\/inloggen\?uitgelogd=1$/);
    expect((await page.request.get('/api/current_user')).status()).toBe(401);
  });
});
