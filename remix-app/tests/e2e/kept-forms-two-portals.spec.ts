import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { freePort } from './agent';
import { ACCOUNT_LABELS, ERROR_TEXTS, LABELS } from './domain';
import { apiSignUp, loginUrlFor, submitLogin } from './helpers';
import { API_PORT, CSRF_SECRET } from './settings';

/**
 * Issue 34 item 5: a form kept by one portal process is given back by another (a second portal on
 * the same API and CSRF_SECRET, as behind a balancer without sticky sessions). Cookies do not
 * depend on the port, so one browser on 127.0.0.1 reaches both portals with the same cookies.
 */

const REMIX_APP = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TYPED = 'Getypt-Bij-Portaal-Een';

let second: ChildProcess | undefined;
let secondUrl = '';

test.beforeAll(async () => {
  const port = await freePort();
  secondUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    cwd: REMIX_APP,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', API_URL: `http://127.0.0.1:${API_PORT}`, CSRF_SECRET },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  second = child;
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-5_000)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the second portal exited:\n${output}`);
    if (await fetch(`${secondUrl}/inloggen`).then((response) => response.ok, () => false)) return;
    await new Promise((wait) => setTimeout(wait, 300));
  }
  throw new Error(`the second portal did not start:\n${output}`);
});

test.afterAll(async () => {
  if (!second || second.exitCode !== null || second.signalCode !== null) return;
  const exited = new Promise((done) => second!.once('exit', done));
  second.kill('SIGTERM');
  await exited;
});

test('a form kept by one portal is given back by another after signing in again', async ({ page }) => {
  const user = await apiSignUp();
  await page.goto('/inloggen');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profiel');
  // The session ends (the token's cookie expires); the post reaches the first portal, which keeps the form.
  await page.context().clearCookies({ name: 'access_token' });
  await page.getByLabel(LABELS.profile.firstname, { exact: true }).fill(TYPED);
  await page.getByRole('button', { name: LABELS.profile.save }).click();
  await expect(page).toHaveURL(loginUrlFor('/profiel'));
  await expect(page.getByRole('status').filter({ hasText: ERROR_TEXTS.login.sessionExpired })).toBeVisible();

  // The next requests land on the other portal process.
  await page.goto(`${secondUrl}/inloggen?redirect_uri=${encodeURIComponent('/profiel')}`);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(`${secondUrl}/profiel`);
  await expect(page.getByText(ACCOUNT_LABELS.keptForm)).toBeVisible();
  await expect(page.getByLabel(LABELS.profile.firstname, { exact: true })).toHaveValue(TYPED);
});
