import { randomUUID } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { LABELS } from './domain';
import { DEMO_PASSWORD } from './settings';

export interface ApiUser {
  user_id: string | number;
  firstname: string;
  lastname: string;
  email: string;
  organization_name: string;
  organization_admin: boolean;
}

/** Fills in and submits the sign-in form on the current page (which must be /inloggen). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel(LABELS.login.email).fill(email);
  await page.getByLabel(LABELS.login.password).fill(password);
  await page.getByRole('button', { name: LABELS.login.submit }).click();
}

/** Signs in through the real form and waits for the start page. */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/inloggen');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/$/);
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@voorbeeld.test`;
}

/** Registers a brand-new user through /registreren; the browser ends up signed in on '/'. */
export async function signUp(page: Page, names: { firstname?: string; lastname?: string } = {}) {
  const user = {
    firstname: names.firstname ?? 'Ellen',
    lastname: names.lastname ?? 'Testers',
    email: uniqueEmail(),
    password: `Geheim-${randomUUID()}`,
  };
  await page.goto('/registreren');
  await page.getByLabel(LABELS.signup.firstname).fill(user.firstname);
  await page.getByLabel(LABELS.signup.lastname).fill(user.lastname);
  await page.getByLabel(LABELS.signup.email).fill(user.email);
  await page.getByLabel(LABELS.signup.password).fill(user.password);
  await page.getByRole('button', { name: LABELS.signup.submit }).click();
  await expect(page).toHaveURL(/\/$/);
  return user;
}

/** The signed-in user as nest-api sees it, asked through the portal's /api proxy with the browser's cookie. */
export async function currentUser(page: Page): Promise<ApiUser> {
  const response = await page.request.get('/api/current_user');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiUser;
}

export async function accessTokenCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  return cookie;
}

export async function setAccessToken(context: BrowserContext, baseURL: string, value: string) {
  await context.addCookies([{ name: 'access_token', value, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/** Removes an attribute from a field, to get past the browser's own checks and reach the server's. */
export async function dropAttribute(page: Page, selector: string, attribute: string) {
  await page.locator(selector).evaluate((element, name) => element.removeAttribute(name), attribute);
}

export function loginUrlFor(path: string): RegExp {
  const escaped = encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`/inloggen\\?redirect_uri=${escaped}$`);
}
