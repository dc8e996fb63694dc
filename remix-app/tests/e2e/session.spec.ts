import { expect, test } from './fixtures';
import jwt from 'jsonwebtoken';
import { LABELS } from './domain';
import { accessTokenCookie, loginUrlFor, setAccessToken, signUp } from './helpers';
import { API_PORT, DEMO_USERS, JWT_SECRET } from './settings';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The claims of a token nest-api issued, to forge variations of it. */
function claimsOf(token: string): jwt.JwtPayload {
  const payload = jwt.decode(token);
  if (!payload || typeof payload === 'string') throw new Error('not a JWT');
  return payload;
}

function resign(claims: jwt.JwtPayload, changes: jwt.JwtPayload, secret = JWT_SECRET): string {
  return jwt.sign({ ...claims, ...changes }, secret, { algorithm: 'HS256', noTimestamp: true });
}

test.describe('session', () => {
  test('logging out revokes the token: the old cookie no longer works', async ({ page, context, baseURL }) => {
    await signUp(page);
    const before = await accessTokenCookie(context);
    expect(before?.value).toBeTruthy();

    await page.getByRole('button', { name: LABELS.logout }).click();
    await expect(page).toHaveURL(/\/inloggen\?uitgelogd=1$/);
    await expect(page.getByRole('status').filter({ hasText: LABELS.login.loggedOut })).toBeVisible();
    expect(await accessTokenCookie(context)).toBeUndefined();
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));

    await setAccessToken(context, baseURL!, before!.value);
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
    await expect(page.getByRole('heading', { name: LABELS.login.title })).toBeVisible();
    // And nest-api itself refuses it.
    const direct = await page.request.get(`http://127.0.0.1:${API_PORT}/api/current_user`, {
      headers: { Authorization: `Bearer ${before!.value}` },
    });
    expect(direct.status()).toBe(401);
  });

  test('a re-signed copy of a valid token is accepted (the forgeries below are refused for their flaw only)', async ({
    page,
    context,
    baseURL,
    signInAs,
  }) => {
    const token = await signInAs(DEMO_USERS.member);
    await context.clearCookies();
    await setAccessToken(context, baseURL!, resign(claimsOf(token), {}));
    await page.goto('/profiel');
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByLabel(LABELS.login.email, { exact: true })).toHaveValue(DEMO_USERS.member);
  });

  test('an expired token counts as signed out', async ({ page, context, baseURL, signInAs }) => {
    const claims = claimsOf(await signInAs(DEMO_USERS.member));
    const now = Math.floor(Date.now() / 1000);
    await context.clearCookies();
    await setAccessToken(context, baseURL!, resign(claims, { iat: now - 7200, exp: now - 60 }));
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
    await expect(page.getByRole('heading', { name: LABELS.login.title })).toBeVisible();
    expect(await accessTokenCookie(context)).toBeUndefined();
  });

  test('a tampered token counts as signed out', async ({ page, context, baseURL, signInAs }) => {
    const token = await signInAs(DEMO_USERS.member);
    const [header, , signature] = token.split('.');
    // Someone else's e-mail in the payload, the original signature kept.
    const tampered = `${header}.${base64url({ ...claimsOf(token), email: DEMO_USERS.admin })}.${signature}`;
    await context.clearCookies();
    await setAccessToken(context, baseURL!, tampered);
    await page.goto('/');
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test('a token signed with another secret counts as signed out', async ({ page, context, baseURL, signInAs }) => {
    const claims = claimsOf(await signInAs(DEMO_USERS.member));
    await context.clearCookies();
    await setAccessToken(context, baseURL!, resign(claims, {}, 'een-ander-geheim-van-minstens-32-tekens!!'));
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
  });

  test('an unsigned alg:none token counts as signed out', async ({ page, context, baseURL, signInAs }) => {
    const claims = claimsOf(await signInAs(DEMO_USERS.member));
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    await context.clearCookies();
    await setAccessToken(context, baseURL!, unsigned);
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
  });
});
