import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { createApplication, domain, organizationId, unique } from './applications-helpers';
import { apiSignUp, setAccessToken } from './helpers';
import { DEMO_USERS } from './settings';

const { ORGANIZATION_LABELS: O, APPLICATION_LABELS: L } = domain;

/** A real licence server on loopback (the e2e hub allows private hosts), listing what `licences` holds. */
let server: Server;
let licences: unknown[] = [];
test.beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/licences') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(licences));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("an organisation's page lists its licences: application, 'Verloopt op' dd-MM-yyyy, expired ones marked", async ({ page, baseURL, signInAs }) => {
  const newcomer = await apiSignUp();
  const west = await organizationId('kassenbouw-west');
  const running = unique('Licentie-app');
  const expired = unique('Oude app');
  const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  licences = [
    { application_slug: slugOf(running), organization_slug: newcomer.organization_slug, start_date: '2026-01-01T00:00:00', end_date: '2030-12-31T00:00:00' },
    { application_slug: slugOf(expired), organization_slug: newcomer.organization_slug, start_date: '2020-01-01T00:00:00', end_date: '2021-03-15T00:00:00' },
  ];
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await createApplication({ name: running, owner_organization: west, url_licence_server: url });
  await createApplication({ name: expired, owner_organization: west, url_licence_server: url });

  await setAccessToken(page.context(), baseURL!, newcomer.token);
  const rows = page.getByTestId('licence');
  await expect(async () => {
    await page.goto('/mijn-organisatie');
    await expect(rows).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: O.organization.licencesTitle })).toBeVisible();
  const current = rows.filter({ hasText: running });
  await expect(current).toContainText('Verloopt op 31-12-2030');
  await expect(current).not.toContainText(L.licences.expired);
  await expect(current.locator('[aria-hidden="true"]')).toHaveText(running.slice(0, 2).toUpperCase());
  const old = rows.filter({ hasText: expired });
  await expect(old).toContainText('Verloopt op 15-03-2021');
  await expect(old).toContainText(L.licences.expired);

  await page.context().clearCookies();
  await signInAs(DEMO_USERS.admin);
  await page.goto(`/organisatie/${newcomer.organization_slug}`);
  await expect(page.getByTestId('licence')).toHaveCount(2);
  await expect(page.getByTestId('licence').filter({ hasText: running })).toContainText('31-12-2030');
});
