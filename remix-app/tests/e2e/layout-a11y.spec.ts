import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApplication, organizationId } from './applications-helpers';
import { BREADCRUMB_LABELS, DATASET_LABELS, LIST_COLUMN_LABELS, ORGANIZATION_LABELS } from './domain';
import { api, apiLogin, apiSignUp, invitationPathFromMail, ownerDataset, resetPathFromMail, verificationPathFromMail } from './helpers';
import { expectAnswer, expectedStatus, LAYOUT_ROUTES, ownObjects, signedInRoutes, signedOutRoutes, signUpPending, type Persona, type Targets } from './page-sweep';
import { DEMO_USERS } from './settings';

/**
 * Every portal route, as each demo persona (and signed out): no page scrolls sideways at 320, 390,
 * 768 and 1280 px, and axe finds no serious or critical violation at 390 and 1280 px. The data
 * includes long unbroken names and hosts, which is what used to push pages sideways.
 */

const WIDTHS = [320, 390, 768, 1280] as const;
const AXE_WIDTHS = new Set<number>([390, 1280]);
const LONG = 'Kasklimaatregistratiesysteemmetzeerlangeonafgebrokenbenamingzonderspaties';


async function problemsOn(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) problems.push(`${path} @${width}px: ${overflow}px sideways`);
    if (!AXE_WIDTHS.has(width)) continue;
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const violation of result.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const where = violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ');
      problems.push(`${path} @${width}px: ${violation.id} (${violation.impact}) ${where}`);
    }
  }
  return problems;
}

let targets: Targets;

test.describe('layout and accessibility of every page', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'server-rendered markup is the same; once is enough');

  test.beforeAll(async () => {
    const token = await apiLogin(DEMO_USERS.owner);
    const created = await api(token, 'post', '/api/datasources', {
      body: {
        name: `${LONG} ${randomUUID().slice(0, 6)}`.slice(0, 100),
        hostname: `${LONG.toLowerCase().slice(0, 50)}-${randomUUID().slice(0, 8)}.${'zeerlangdomeinnaamdeel'.repeat(2)}.kwekerij-delta.nl`,
      },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const { dataset } = await ownerDataset();
    const longUser = await apiSignUp(`e2e-${randomUUID().slice(0, 8)}-${LONG.toLowerCase().slice(0, 30)}@kwekerij-delta.test`, {
      firstname: LONG.slice(0, 50),
      lastname: LONG.slice(10, 60),
    });
    const application = await createApplication({ name: `${LONG} ${randomUUID().slice(0, 6)}`, owner_organization: await organizationId('kwekerij-delta') });
    // A machtiging of Delta for Kassenbouw West: its revoke confirmation page.
    const granted = await api(token, 'post', '/api/datasets/{id}/authorisations', {
      params: { path: { id: dataset.dataset_id } },
      body: { dataset: dataset.dataset_id, authorisations: ['Dataset.ReadWater'], assignee_organization: await organizationId('kassenbouw-west') },
    });
    expect(granted.status, JSON.stringify(granted.data)).toBe(201);
    // An organisation API token of Delta with a long name: the list on /mijn-organisatie and its revoke page.
    const apiToken = await api(token, 'post', '/api/organizations/{organization_id}/api-tokens', {
      params: { path: { organization_id: await organizationId('kwekerij-delta') } },
      body: { name: `${LONG} ${randomUUID().slice(0, 6)}`.slice(0, 100), scopes: ['data:read', 'catalogue:read'], expires_in_days: 30 },
    });
    expect(apiToken.status, JSON.stringify(apiToken.data)).toBe(201);
    // A personal token of the long-named member of Delta: the owners' list of members' tokens and its revoke page (issue 32).
    const memberToken = await api(longUser.token, 'post', '/api/profile/api-tokens', {
      body: { name: `${LONG} ${randomUUID().slice(0, 6)}`.slice(0, 100), scopes: ['catalogue:read'], expires_in_days: 30 },
    });
    expect(memberToken.status, JSON.stringify(memberToken.data)).toBe(201);
    // A webhook of Delta with a long address: the 'Webhooks' section and its removal page.
    const webhook = await api(token, 'post', '/api/organizations/{organization_id}/webhooks', {
      params: { path: { organization_id: await organizationId('kwekerij-delta') } },
      body: { url: `https://webhook.example.test/${LONG.toLowerCase().replace(/[^a-z]+/g, '-')}`, kinds: ['organization.changed'] },
    });
    expect(webhook.status, JSON.stringify(webhook.data)).toBe(201);
    // An open invitation of Delta: its revoke confirmation page.
    const invited = `e2e-${randomUUID().slice(0, 8)}@kwekerij-delta.test`;
    expect((await api(token, 'post', '/api/invitations', { body: { email: invited } })).status).toBe(201);
    const pending = await api(token, 'get', '/api/invitations');
    const invitation = pending.data.find((row) => row.email === invited);
    expect(invitation, 'the invitation is open').toBeDefined();
    const { path: invitationPath } = await invitationPathFromMail(invited);
    // A sign-up waiting for its confirmation: the confirmation page of a real link.
    const signingUp = `e2e-${randomUUID().slice(0, 8)}@kwekerij-delta.test`;
    const signup = await api(null, 'post', '/api/auth/signup', { body: { firstname: 'Nina', lastname: 'Nieuw', email: signingUp, password: `Geheim-${randomUUID()}` } });
    expect(signup.status, JSON.stringify(signup.data)).toBe(202);
    const verificationPath = await verificationPathFromMail(signingUp);
    // A password reset link not yet used: the page where a new password is chosen.
    const resetting = await apiSignUp();
    expect((await api(null, 'post', '/api/auth/password-reset', { body: { email: resetting.email } })).status).toBe(202);
    const resetPath = await resetPathFromMail(resetting.email);
    // An access request of the platform's own organisation for another category of Delta's dataset
    // (Kassenbouw West does not see it: it is not online): its decision page.
    const requested = await api(await apiLogin(DEMO_USERS.admin), 'post', '/api/datasets/{id}/access-requests', {
      params: { path: { id: dataset.dataset_id } },
      body: { authorisations: ['Dataset.ReadHeating'], reason: LONG.slice(0, 200) },
    });
    expect(requested.status, JSON.stringify(requested.data)).toBe(201);
    targets = {
      applicationSlug: application.slug,
      datasourceId: created.data.datasource_id,
      datasetSlug: dataset.slug,
      longUserId: longUser.id,
      authorisationId: granted.data[0]!.authorisation_assignment_id,
      apiTokenId: apiToken.data.id,
      memberTokenId: memberToken.data.id,
      webhookId: webhook.data.id,
      invitationId: invitation!.invitation_id,
      invitationPath,
      verificationPath,
      resetPath,
      accessRequestId: requested.data.access_request_id,
    };
  });

  test('every route file is in this sweep', () => {
    const routesDir = join(dirname(fileURLToPath(import.meta.url)), '../../app/routes');
    const covered = new Set([...Object.keys(signedInRoutes(targets, 'x', 'x')), ...Object.keys(signedOutRoutes(targets)), ...LAYOUT_ROUTES]);
    const missing = readdirSync(routesDir).filter((file) => /\.tsx?$/.test(file) && !covered.has(file));
    expect(missing).toEqual([]);
  });

  test('every page answers its expected status, as every persona and signed out', async ({ page, signInAs }) => {
    const wrong: string[] = [];
    await signUpPending(page);
    for (const [file, path] of Object.entries(signedOutRoutes(targets))) {
      const status = (await page.request.get(path, { maxRedirects: 0 })).status();
      if (status !== 200) wrong.push(`signed out ${file} ${path}: ${status}`);
    }
    for (const [persona, email] of Object.entries(DEMO_USERS) as [Persona, string][]) {
      const token = await signInAs(email);
      for (const [file, path] of Object.entries(signedInRoutes(targets, ...(await ownObjects(token))))) {
        const status = (await page.request.get(path, { maxRedirects: 0 })).status();
        if (status !== expectedStatus(persona, file)) wrong.push(`${persona} ${file} ${path}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every page is graded as a page (200) by at least one persona, not only as an error page.
    const files = Object.keys(signedInRoutes(targets, 'x', 'x'));
    // The catch-all's page is its Dutch 404 page (issue 37, ADR 0040): graded as such.
    const unseen = files.filter((file) => file !== '$.tsx' && !(Object.keys(DEMO_USERS) as Persona[]).some((persona) => [200, 302].includes(expectedStatus(persona, file))));
    expect(unseen).toEqual([]);
  });

  test('signed out', async ({ page }) => {
    const problems: string[] = [];
    await signUpPending(page);
    for (const [file, path] of Object.entries(signedOutRoutes(targets))) {
      const response = await page.goto(path);
      await expectAnswer(page, response?.status(), 200, path, file);
      problems.push(...(await problemsOn(page, path)));
    }
    expect(problems).toEqual([]);
  });

  for (const [persona, email] of Object.entries(DEMO_USERS)) {
    test(`as ${persona}`, async ({ page, signInAs }) => {
      test.setTimeout(240_000);
      const token = await signInAs(email);
      const problems: string[] = [];
      for (const [file, path] of Object.entries(signedInRoutes(targets, ...(await ownObjects(token))))) {
        const response = await page.goto(path);
        await expectAnswer(page, response?.status(), expectedStatus(persona as Persona, file), path, file);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        problems.push(...(await problemsOn(page, path)));
      }
      expect(problems).toEqual([]);
    });
  }
});

test.describe('the shell looks finished', () => {
  test('top-bar title, menu icons, a named logo link on mobile, brand-coloured checkboxes', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/databronnen/aanmaken');
    await expect(page.getByTestId('top-bar-title')).toHaveText('Databronnen');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Datahub Tuinbouw' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const links = menu.getByRole('link');
    expect(await links.count()).toBeGreaterThan(3);
    for (const link of await links.all()) await expect(link.locator('svg')).toHaveCount(1);

    const me = await api(await apiLogin(DEMO_USERS.owner), 'get', '/api/current_user');
    await page.goto(`/gebruiker/${me.data.user_id}`);
    await expect(page.getByTestId('top-bar-title')).toHaveText('Gebruikers');
    const accent = await page.getByRole('region', { name: 'Permissies' }).getByRole('checkbox').first().evaluate((box) => getComputedStyle(box).accentColor);
    expect(accent).toBe('rgb(45, 109, 53)');
  });

  test('the application and dataset pages have their breadcrumb in the top bar, on a row of its own on phones', async ({ page, signInAs }) => {
    const application = await createApplication({ name: `${LONG} ${randomUUID().slice(0, 6)}`, owner_organization: await organizationId('kwekerij-delta') });
    const { dataset } = await ownerDataset();
    await signInAs(DEMO_USERS.owner);
    for (const [path, parent, parentHref, name] of [
      [`/applicatie/${application.slug}`, 'Applicaties', '/applicaties', application.name],
      [`/dataset/${dataset.slug}`, 'Datasets', '/datasets', dataset.name || DATASET_LABELS.datasets.unnamed],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      const banner = page.getByRole('banner');
      const crumbs = banner.getByRole('navigation', { name: BREADCRUMB_LABELS.label });
      await expect(crumbs.getByRole('link', { name: parent, exact: true })).toHaveAttribute('href', parentHref);
      const current = crumbs.locator('[aria-current="page"]');
      await expect(current).toHaveText(name);
      await expect(current).toHaveAttribute('title', name);
      // The breadcrumb takes the title's place, and there is only the one.
      await expect(banner.getByTestId('top-bar-title')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: BREADCRUMB_LABELS.label })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    }

    // At phone widths the breadcrumb has its own row under the bar's buttons (issue 37): the long name
    // wraps onto a second line (cut after two, full text in the title); the page does not scroll sideways.
    await page.goto(`/applicatie/${application.slug}`);
    const current = page.getByRole('banner').locator('[aria-current="page"]');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(current).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width}px`).toBe(0);
      expect(await current.evaluate((element) => element.scrollWidth > element.clientWidth), `${width}px`).toBe(false);
      const box = (await current.boundingBox())!;
      expect(box.x + box.width, `${width}px`).toBeLessThanOrEqual(width);
      expect(box.height, `${width}px: two lines`).toBeGreaterThan(40);
      const menu = (await page.getByRole('banner').getByText('Menu', { exact: true }).boundingBox())!;
      expect(box.y, `${width}px: under the buttons`).toBeGreaterThan(menu.y + menu.height);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Applicaties', exact: true })).toBeVisible();
    }

    // Pages without one in the spec keep their title.
    await page.goto('/datasets');
    await expect(page.getByTestId('top-bar-title')).toHaveText('Datasets');
    await expect(page.getByRole('navigation', { name: BREADCRUMB_LABELS.label })).toHaveCount(0);
  });

  test('users and data sources are tables on wide screens and stacked rows on phones, long names in full', async ({ page, signInAs }) => {
    const token = await apiLogin(DEMO_USERS.owner);
    const name = `${LONG} ${randomUUID().slice(0, 6)}`;
    const hostname = `${LONG.toLowerCase().slice(0, 50)}-${randomUUID().slice(0, 8)}.kwekerij-delta.nl`;
    const created = await api(token, 'post', '/api/datasources', { body: { name, hostname } });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    await signInAs(DEMO_USERS.owner);

    for (const [path, tableName, headers, rowText, texts] of [
      ['/databronnen', 'Databronnen', [LIST_COLUMN_LABELS.name, LIST_COLUMN_LABELS.hostname, LIST_COLUMN_LABELS.owner], name, [name, hostname]],
      ['/beheer-datasets', 'Databronnen', [LIST_COLUMN_LABELS.name, LIST_COLUMN_LABELS.hostname, LIST_COLUMN_LABELS.owner], name, [name, hostname]],
      ['/mijn-gebruikers', ORGANIZATION_LABELS.users.listTitle, [LIST_COLUMN_LABELS.name, LIST_COLUMN_LABELS.email], DEMO_USERS.member, ['Lotte Lid', DEMO_USERS.member]],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      const table = page.getByRole('table', { name: tableName, exact: true });
      for (const header of headers) await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      const row = table.getByRole('row').filter({ hasText: rowText });
      await expect(row).toHaveCount(1);
      // Wide: the cells side by side on one line.
      const wide = await row.getByRole('cell').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().top));
      expect(new Set(wide.map(Math.round)).size, `${path} @1280px`).toBe(1);

      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        // Narrow: the column headings are only read out, the cells stack, nothing is cut off.
        expect(await table.locator('thead').evaluate((head) => head.getBoundingClientRect().height), `${path} @${width}px`).toBeLessThanOrEqual(1);
        const boxes = await row.getByRole('cell').evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().toJSON() as DOMRect));
        // The second cell starts below the first one (not beside it).
        expect(boxes[1]!.top, `${path} @${width}px`).toBeGreaterThanOrEqual(boxes[0]!.bottom - 1);
        for (const text of texts) {
          const shown = row.getByText(text, { exact: true });
          await expect(shown).toBeVisible();
          const fits = await shown.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return element.scrollWidth <= element.clientWidth + 1 && box.right <= document.documentElement.clientWidth;
          });
          expect(fits, `${text} on ${path} @${width}px`).toBe(true);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} @${width}px`).toBe(0);
      }
    }
  });
});
