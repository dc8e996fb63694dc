import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { ERROR_TEXTS } from './domain';
import { api, apiLogin, invitationPathFromMail, uniqueEmail } from './helpers';
import { DEMO_USERS } from './settings';

/**
 * Every portal action, found in the route files (not hand-picked): a post without the anti-forgery
 * field, or with a wrong one, is refused with the Dutch text before anything happens.
 */
const ROUTES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../app/routes');

/** Actions that change nothing and so need no token: the unknown-path catch-all only redirects. */
const NO_FORM_ACTIONS = ['$.tsx'];

function routesWithActions(): string[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(readFileSync(path.join(ROUTES_DIR, file), 'utf8')))
    .sort();
}

/** Remix flat-route file name → URL path, parameters filled in. */
function urlFor(file: string, params: Record<string, string>): string {
  const segments = file
    .replace(/\.tsx?$/, '')
    .split('.')
    .filter((segment) => !segment.startsWith('_'))
    // A trailing '_' only opts out of the parent layout: it is not part of the URL.
    .map((segment) => segment.replace(/_$/, ''))
    .map((segment) => (segment.startsWith('$') ? params[segment.slice(1)] : segment));
  return `/${segments.join('/')}`;
}

test.describe('anti-forgery token on every portal form', () => {
  /** Signed-in pages outside the shell's layout: the two-step enrolment an admin may be held at (REQUIRE_2FA_FOR_ADMINS). */
  const SIGNED_IN_OUTSIDE_SHELL = ['tweestapsverificatie.tsx'];

  test('every action refuses a post without the token and with a wrong one', async ({ page, browser, signInAs, baseURL, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'plain HTTP posts: one project is enough');
    const files = routesWithActions();
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(files.filter((file) => NO_FORM_ACTIONS.includes(file))).toEqual(NO_FORM_ACTIONS);

    // Real objects for the parameters: Delta's slug, one of its users, an open invitation.
    const adminToken = await apiLogin(DEMO_USERS.admin);
    const ownerToken = await apiLogin(DEMO_USERS.owner);
    const me = await api(ownerToken, 'get', '/api/current_user');
    const organizations = await api(adminToken, 'get', '/api/organizations');
    const delta = organizations.data.find((organization) => organization.organization_id === me.data.organization)!;
    const deltaUsers = () => api(ownerToken, 'get', '/api/organizations/{slug}/users', { params: { path: { slug: delta.slug } } });
    const member = (await deltaUsers()).data.find((user) => user.email === DEMO_USERS.member)!;
    const invited = uniqueEmail('csrf');
    expect((await api(ownerToken, 'post', '/api/invitations', { body: { email: invited } })).status).toBe(201);
    const invitationToken = (await invitationPathFromMail(invited)).path.split('/').pop()!;
    // A data source of Delta (its page, /databron/{id}) and a demo application (its admin pages).
    const datasource = await api(ownerToken, 'post', '/api/datasources', { body: { name: `CSRF-bron ${invitationToken.slice(0, 8)}`, hostname: '' } });
    expect(datasource.status).toBe(201);
    const application = await api(adminToken, 'post', '/api/applications', {
      body: {
        name: `CSRF-applicatie ${invitationToken.slice(0, 8)}`,
        owner_organization: delta.organization_id,
        about: 'Over',
        usage: 'Gebruik',
        url: 'https://csrf.example.nl/',
      },
    });
    expect(application.status, JSON.stringify(application.data)).toBe(201);
    const params = { slug: delta.slug, userId: String(member.user_id), token: invitationToken, id: datasource.data.datasource_id };
    const paramsFor = (file: string) => (file.includes('beheer-applicatie') ? { ...params, slug: application.data.slug } : params);

    // Pages inside the signed-in layout (_shell) are posted as the platform admin, who may do
    // everything there; the others (sign-in, sign-up, invitation) as a visitor without a session.
    const origin = new URL(baseURL!).origin;
    const xsrf = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/inloggen');
    // A sign-up waiting for its mail: the page that offers to resend the link only exists then.
    const signedUp = await visitorPage.request.post('/registreren', {
      form: { csrf: await xsrf(visitor), firstname: 'Nog', lastname: 'Niet', email: uniqueEmail('csrf-aanmelding'), password: 'Wacht-op-de-mail-2026' },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(signedUp.headers().location).toBe('/registreren/verstuurd');
    await signInAs(DEMO_USERS.admin);
    await page.goto('/profiel');

    for (const file of files.filter((candidate) => !NO_FORM_ACTIONS.includes(candidate))) {
      const url = urlFor(file, paramsFor(file));
      const signedIn = file.startsWith('_shell.') || SIGNED_IN_OUTSIDE_SHELL.includes(file);
      const request = signedIn ? page.request : visitorPage.request;
      const token = await xsrf(signedIn ? page.context() : visitor);
      expect(token, file).toBeTruthy();
      for (const [kind, form] of [
        ['no token', { intent: 'remove', firstname: 'Vervalst', email: DEMO_USERS.member, password: 'Tuinbouw-demo-2026' }],
        ['a wrong token', { csrf: `${token}x`, intent: 'remove', firstname: 'Vervalst', email: DEMO_USERS.member, password: 'Tuinbouw-demo-2026' }],
      ] as const) {
        const response = await request.post(url, { form, headers: { Origin: origin }, maxRedirects: 0 });
        expect(response.status(), `${url} (${file}) with ${kind}`).toBe(403);
        expect(await response.text(), `${url} (${file}) with ${kind}`).toContain(ERROR_TEXTS.csrf);
      }
    }
    // No sign-in went through for the visitor.
    expect((await visitor.cookies()).find((cookie) => cookie.name === 'access_token')).toBeUndefined();
    await visitor.close();
    // Nothing happened: the member is still in Delta, the invitation still open, the admin's name unchanged.
    expect((await deltaUsers()).data.map((user) => user.user_id)).toContain(member.user_id);
    expect((await api(null, 'get', '/api/invitations/{token}', { params: { path: { token: invitationToken } } })).status).toBe(200);
    expect((await api(adminToken, 'get', '/api/current_user')).data.firstname).not.toBe('Vervalst');

    // The catch-all's action does nothing but answer the Dutch 404 page (issue 37).
    const unknown = await page.request.post('/bestaat-niet', { form: {}, headers: { Origin: origin }, maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
  });
});
