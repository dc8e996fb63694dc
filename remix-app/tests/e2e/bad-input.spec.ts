import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { PASSWORD_ERRORS } from '@datahub/domain/server';
import { actionRoutes } from './action-routes';
import { BAD_INPUT_DETAILS, LABELS } from './domain';
import { login, uniqueEmail } from './helpers';
import { API_PORT, DEMO_USERS } from './settings';



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
    // fetch refuses to send TRACE; node:http sends it as a client on the network would.
    const url = new URL(`${baseURL}/inloggen`);
    const answer = await new Promise<{ status?: number; allow?: string }>((resolve, reject) => {
      const request = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'TRACE' }, (response) => {
        response.resume();
        resolve({ status: response.statusCode, allow: response.headers.allow });
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer).toEqual({ status: 405, allow: 'GET, HEAD, POST' });
  });

  // Each with the one answer it must get: unknown paths get the Dutch 404 page (ADR 0040), broken ids
  // and escapes are refused as bad requests, data requests for routes that do not exist are refused.
  const expected: [path: string, status: number][] = [
    ['/%00', 404],
    ['/profiel%00', 404],
    ['/dataset/%00', 400],
    ['/gebruiker/%00', 400],
    ['/uitnodiging/%00', 404],
    ['/?_data=bogus', 403],
    ['/profiel?_data=routes%2Fbestaat-niet', 403],
    ['/dataset/%ED%A0%80', 400],
  ];
  for (const [path, status] of expected) {
    test(`${path} answers ${status}`, async ({ page }) => {
      await login(page, DEMO_USERS.owner);
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), await response.text()).toBe(status);
      if (status === 302) expect(response.headers()['location']).toBe('/');
    });
  }

  test('an over-long path is refused without echoing it', async ({ baseURL }) => {
    const marker = 'lang'.repeat(5000);
    const response = await fetch(`${baseURL}/${marker}`);
    // Node's HTTP server refuses a request line and headers over 16 KB before the portal sees it.
    expect(response.status).toBe(431);
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

/** Bodies that are not a (readable) form: each once anonymously and once signed in, to every route with an action. */
const NOT_A_FORM: [label: string, contentType: string | null, body: string][] = [
  ['JSON', 'application/json', '{"csrf":"x","firstname":"Erik"}'],
  ['text/plain', 'text/plain', 'csrf=x&firstname=Erik'],
  ['XML', 'application/xml', '<form><csrf>x</csrf></form>'],
  ['no content type', null, 'csrf=x&firstname=Erik'],
  ['broken multipart', 'multipart/form-data; boundary=grens', '--grens\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nx'],
  ['multipart without a boundary', 'multipart/form-data', 'csrf=x'],
];

test.describe('portal actions and bodies that are not a form (issue 19, item 11)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'plain HTTP requests: one project is enough');

  test('every route with an action answers 4xx (or a redirect) with a Dutch page, never 5xx', async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const routes = actionRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(27);
    await login(page, DEMO_USERS.admin);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const { file, url } of routes)
      for (const [label, contentType, body] of NOT_A_FORM)
        for (const who of ['anonymous', 'signed in'] as const) {
          const headers: Record<string, string> = { origin: baseURL!, ...(contentType ? { 'content-type': contentType } : {}), ...(who === 'signed in' ? { cookie } : {}) };
          // A byte array: fetch adds no content type of its own.
          const response = await fetch(`${baseURL}${url}`, { method: 'POST', headers, body: new TextEncoder().encode(body), redirect: 'manual' });
          const text = await response.text();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          const where = `${file} (${url}), ${label}, ${who}: ${response.status}`;
          if (response.status >= 500) failures.push(`${where} ${text.slice(0, 80)}`);
          else if (/Unexpected Server Error/i.test(text)) failures.push(`${where} English error`);
          else if ([400, 415].includes(response.status) && !text.includes(LABELS.errorPage.notAForm)) failures.push(`${where} without the Dutch page`);
        }
    console.info(`portal bad-body suite: ${routes.length} routes × ${NOT_A_FORM.length} bodies × 2; statuses ${JSON.stringify(statuses)}`);
    expect(failures).toEqual([]);
  });

  test('a JSON body to the sign-up form is refused with 415 and the Dutch page', async ({ baseURL }) => {
    const response = await fetch(`${baseURL}/registreren`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(LABELS.errorPage.notAForm);
  });
});

/** Sends `total` bytes (declared, or chunked when `declare` is false) in 256 KB pieces; the status and body, or 'reset'. */
function post(url: string, total: number, headers: Record<string, string>, declare: boolean): Promise<{ status: number | 'reset'; body: string }> {
  return new Promise((resolve) => {
    const request = httpRequest(url, { method: 'POST', headers: { ...headers, ...(declare ? { 'content-length': String(total) } : {}) } });
    const piece = Buffer.alloc(256 * 1024, 'a');
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ status: 'reset', body }));
    });
    request.on('error', () => (answered ? undefined : resolve({ status: 'reset', body: '' })));
    let sent = 0;
    const write = () => {
      while (sent < total && !answered && !request.destroyed) {
        const chunk = piece.subarray(0, Math.min(piece.length, total - sent));
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!request.destroyed) request.end();
    };
    write();
  });
}

test.describe('bodies above the API limits through the portal /api proxy (issue 19, item 12)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'plain HTTP requests: one project is enough');

  const cases: [label: string, path: string, bytes: number, contentType: string, declare: boolean][] = [
    ['40 KB JSON to sign-in (nest-api: 16 KB)', '/api/auth/login', 40 * 1024, 'application/json', true],
    ['2 MB JSON to data sources (nest-api: 1 MB)', '/api/datasources', 2 * 1024 * 1024, 'application/json', true],
    ['2 MB JSON, chunked, to data sources', '/api/datasources', 2 * 1024 * 1024, 'application/json', false],
    ['40 MB multipart declared to support', '/api/support-requests', 40 * 1024 * 1024, 'multipart/form-data; boundary=grens', true],
  ];
  for (const [label, path, bytes, contentType, declare] of cases)
    test(`${label}: the Dutch 413`, async ({ baseURL }) => {
      const result = await post(`${baseURL}${path}`, bytes, { 'content-type': contentType }, declare);
      expect(result.status, result.body).toBe(413);
      expect(JSON.parse(result.body)).toEqual({ statusCode: 413, detail: BAD_INPUT_DETAILS.tooLarge });
    });

  test('40 MB multipart, chunked, signed in to support: the Dutch 413 once the count passes the limit', async ({ page, baseURL }) => {
    await login(page, DEMO_USERS.member);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const result = await post(`${baseURL}/api/support-requests`, 40 * 1024 * 1024, { 'content-type': 'multipart/form-data; boundary=grens', cookie }, false);
    expect(result.status, result.body).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ statusCode: 413, detail: BAD_INPUT_DETAILS.tooLarge });
  });
});
