import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  createApiClient,
  type ApiData,
  type ApiInit,
  type ApiPath,
  type CreatedDatasourceView,
  type CurrentUserView,
  type DatasetView,
  type HttpMethod,
} from '@datahub/api-client';
import { hydrated } from './confirm-helpers';
import { LABELS, SIGNUP_VERIFICATION_LABELS } from './domain';
import { API_PORT, DEMO_PASSWORD, DEMO_USERS, MAIL_HTTP_PORT, PORTAL_PORT } from './settings';

type ApiUser = CurrentUserView;

/** Fills in and submits the sign-in form on the current page (which must be /inloggen). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  // With JavaScript, typing and sending before React has taken over the form can lose the post (seen once in CI).
  await hydrated(page, test.info().project.use.javaScriptEnabled !== false);
  await page.getByLabel(LABELS.login.email, { exact: true }).fill(email);
  await page.getByLabel(LABELS.login.password, { exact: true }).fill(password);
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

/**
 * Registers a brand-new user through /registreren and the verification link mailed to them
 * (typing the chosen password again); the browser ends up signed in on '/'.
 */
/** Fills and sends /registreren; the verification link is then in the mail. */
export async function requestSignup(page: Page, user: { firstname: string; lastname: string; email: string; password: string }) {
  await page.goto('/registreren');
  await page.getByLabel(LABELS.signup.firstname, { exact: true }).fill(user.firstname);
  await page.getByLabel(LABELS.signup.lastname, { exact: true }).fill(user.lastname);
  await page.getByLabel(LABELS.signup.email, { exact: true }).fill(user.email);
  await page.getByLabel(LABELS.signup.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: LABELS.signup.submit }).click();
  await expect(page).toHaveURL(/\/registreren\/verstuurd$/);
}

export async function signUp(page: Page, names: { firstname?: string; lastname?: string } = {}) {
  const user = {
    firstname: names.firstname ?? 'Ellen',
    lastname: names.lastname ?? 'Testers',
    email: uniqueEmail(),
    password: `Geheim-${randomUUID()}`,
  };
  await requestSignup(page, user);
  await page.goto(await verificationPathFromMail(user.email));
  await page.getByLabel(LABELS.signup.password, { exact: true }).fill(user.password);
  await page.getByRole('button', { name: SIGNUP_VERIFICATION_LABELS.confirm }).click();
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

/** Quoted-printable to text: soft line breaks (`=\r\n`) joined, `=XX` bytes decoded as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface SunkMail {
  to: string[];
  raw: string;
}

/** The mails the SMTP sink received for `to`. */
export async function mailsTo(to: string): Promise<SunkMail[]> {
  const response = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SunkMail[];
}

/** Waits for the invitation mail to `to` and returns the path of its link, /uitnodiging/<token>. */
export function invitationPathFromMail(to: string): Promise<{ path: string; text: string }> {
  return linkPathFromMail(to, '/uitnodiging/');
}

/** Waits for the sign-up verification mail to `to` and returns the path of its newest link, /registreren/bevestigen/<token>. */
export async function verificationPathFromMail(to: string): Promise<string> {
  return (await linkPathFromMail(to, '/registreren/bevestigen/')).path;
}

/** Waits for the password reset mail to `to` and returns the path of its newest link, /wachtwoord-herstellen/<token>. */
export async function resetPathFromMail(to: string): Promise<string> {
  return (await linkPathFromMail(to, '/wachtwoord-herstellen/')).path;
}

async function linkPathFromMail(to: string, prefix: string): Promise<{ path: string; text: string }> {
  let found: { path: string; text: string } | null = null;
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(to)) {
          const [headers, ...rest] = mail.raw.split(/\r?\n\r?\n/);
          const body = rest.join('\n\n');
          const text = /content-transfer-encoding:\s*quoted-printable/i.test(headers)
            ? decodeQuotedPrintable(body)
            : /content-transfer-encoding:\s*base64/i.test(headers)
              ? Buffer.from(body, 'base64').toString('utf8')
              : body;
          const match = text.match(new RegExp(`http://127\\.0\\.0\\.1:${PORTAL_PORT}(${prefix}[A-Za-z0-9_-]+)`));
          if (match) found = { path: match[1], text };
        }
        return found !== null;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * A call straight to nest-api with a bearer token (test setup and checks, not the product's path),
 * typed by the generated contract. `data` is the answer, or the error body on a refusal.
 */
export async function api<M extends HttpMethod, P extends ApiPath<M>>(
  token: string | null,
  method: M,
  path: P,
  init?: ApiInit<M, P>,
): Promise<{ status: number; data: ApiData<M, P> }> {
  const client = createApiClient({ baseUrl: `http://127.0.0.1:${API_PORT}` });
  const headers = { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  const answer = await client.request(method, path, { ...(init ?? {}), headers } as never);
  const { data, error, response } = answer as { data?: unknown; error?: unknown; response: Response };
  return { status: response.status, data: (data ?? error ?? null) as ApiData<M, P> };
}

interface ApiSignedUp {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  token: string;
  organization_name: string;
  organization_slug: string;
}

/** Registers a fresh user through nest-api and its verification link (no browser); an e-mail under an organisation's domain joins it. */
export async function apiSignUp(email = uniqueEmail(), names: { firstname?: string; lastname?: string } = {}): Promise<ApiSignedUp> {
  const person = {
    firstname: names.firstname ?? 'Nina',
    lastname: names.lastname ?? `Nieuw ${randomUUID().slice(0, 6)}`,
    email,
    password: `Geheim-${randomUUID()}`,
  };
  const signup = await api(null, 'post', '/api/auth/signup', { body: person });
  expect(signup.status, JSON.stringify(signup.data)).toBe(202);
  const link = await verificationPathFromMail(email);
  const verified = await api(null, 'post', '/api/auth/signup/verify', { body: { token: link.split('/').pop()!, password: person.password } });
  expect(verified.status, JSON.stringify(verified.data)).toBe(200);
  const token = verified.data.access_token;
  const me = await api(token, 'get', '/api/current_user');
  return {
    ...person,
    token,
    id: me.data.user_id,
    organization_name: me.data.organization_name,
    organization_slug: me.data.organization_slug,
  };
}

/** A data source created straight through nest-api (test setup): the whole creation answer. */
export type ApiCreatedDatasource = CreatedDatasourceView;

/** Signs in a demo user through nest-api and returns the bearer token. */
export async function apiLogin(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await api(null, 'post', '/api/auth/login', { body: { email, password } });
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  if (!('access_token' in response.data)) throw new Error(`${email} has two-step sign-in on: no session from the password alone`);
  return response.data.access_token;
}

/** A data-source token (hub protocol: HS256 over the secret's UTF-8 bytes, five minutes). */
export async function datasourceToken(datasourceId: string, secret: string): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    iss: `datahub-datasource:${datasourceId}`,
    aud: 'datahub-portal-api',
    sub: datasourceId,
    iat,
    exp: iat + 300,
  })}`;
  return `${unsigned}.${createHmac('sha256', Buffer.from(secret, 'utf8')).update(unsigned).digest('base64url')}`;
}

/** Registers a dataset for a data source through the hub protocol, as the reference agent does. */
async function registerDatasetViaProtocol(datasource: ApiCreatedDatasource): Promise<string> {
  const token = await datasourceToken(datasource.credentials.datasource_id, datasource.credentials.secret);
  const response = await api(token, 'post', '/api/datasource-protocol/datasets', { body: { file_format: '.ttl' } });
  expect(response.status, JSON.stringify(response.data)).toBe(201);
  return response.data.dataset_id;
}

/** A dataset as nest-api answers it (GET /api/my-datasets, /api/datasets …): the portal's own shape. */
export type ApiDataset = DatasetView;

/**
 * A data source of Kwekerij Delta (or of the owner whose token is given) with one dataset registered through the hub protocol (as the
 * reference agent does). The data source has no host, so the dataset stays offline and nameless:
 * its metadata is never pulled.
 */
export async function ownerDataset(ownerToken?: string): Promise<{ datasource: ApiCreatedDatasource; dataset: ApiDataset }> {
  const token = ownerToken ?? (await apiLogin(DEMO_USERS.owner));
  const created = await api(token, 'post', '/api/datasources', { body: { name: `E2E dataset-bron ${randomUUID().slice(0, 8)}`, hostname: '' } });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const datasetId = await registerDatasetViaProtocol(created.data);
  const mine = await api(token, 'get', '/api/my-datasets');
  const dataset = mine.data.find((row) => row.dataset_id === datasetId);
  expect(dataset).toBeDefined();
  return { datasource: created.data, dataset: dataset! };
}
