import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { api, apiLogin, datasourceToken } from './helpers';
import { DEMO_USERS } from './settings';

// Labels straight from the domain library's source, as domain.ts does.
import { DATASET_LABELS, DATASOURCE_DETAIL_LABELS, DATASOURCE_STATUS_LABELS, HOSTNAME_PROBLEMS, LIST_COLUMN_LABELS } from '@datahub/domain';
const L = DATASET_LABELS;
const G = DATASOURCE_DETAIL_LABELS;

// Issue 35 item 5: the hub's pages around a data source, for a grower without IT staff.
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
/** The copy button, named by its text and the (screen-reader only) command it copies. */
const copyStart = new RegExp(`^${G.copy}\\W*${G.startCommandLabel}$`);
const uniqueHost = () => `e2e-${randomUUID().slice(0, 8)}.kwekerij-delta.nl`;

async function ownDatasource(hostname: string) {
  const token = await apiLogin(DEMO_USERS.owner);
  const name = unique('E2E installatie');
  const created = await api(token, 'post', '/api/datasources', { body: { name, hostname } });
  expect(created.status).toBe(201);
  return { name, created: created.data };
}

test.describe('installing a data source', () => {
  test("the steps survive a reload until the first contact, with the host's port, then stay one click away", async ({ page, signInAs, javaScriptEnabled }) => {
    await signInAs(DEMO_USERS.owner);
    const hostname = `${uniqueHost()}:8443`;
    const { name, created } = await ownDatasource(hostname);
    await page.goto(`/databron/${created.datasource_id}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const steps = page.getByRole('region', { name: G.installTitle });
    await expect(steps.getByLabel(G.installCommandLabel)).toHaveText(created.install_command);
    await expect(steps.getByLabel(G.startCommandLabel)).toHaveText(created.start_command);
    await expect(steps.getByLabel(G.startCommandLabel)).toHaveText(/--port 8443$/);
    // Without a server: the one file and its start line, which dials the hub.
    const grower = page.getByRole('region', { name: G.growerTitle });
    await expect(grower.getByRole('link', { name: G.executableLink })).toHaveAttribute('href', created.executable_url);
    await expect(grower.getByLabel(G.executableStartLabel)).toHaveText(created.executable_start_command);
    await expect(grower.getByLabel(G.executableStartLabel)).toHaveText(/--hub-connect/);
    await expect(steps).toContainText(G.installSteps.https(hostname, 8443));
    // The key itself is shown once only: the steps point at the downloaded file.
    await expect(steps).not.toContainText(created.credentials.secret);
    await expect(page.getByRole('link', { name: L.datasourceCreate.download })).toHaveCount(0);
    // Copy buttons need JavaScript; without it the commands are plain text to select.
    await expect(steps.getByRole('button', { name: copyStart })).toHaveCount(javaScriptEnabled ? 1 : 0);
    if (javaScriptEnabled) {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await steps.getByRole('button', { name: copyStart }).click();
      await expect(steps.getByRole('status').filter({ hasText: G.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.start_command);
    }

    // The data source calls the hub once: the steps fold away under 'Installatie-instructies'.
    expect((await api(await datasourceToken(created.datasource_id, created.credentials.secret), 'get', '/api/datasource-protocol/datasets')).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId('datasource-last-contact')).not.toHaveText(G.noContact);
    await expect(page.getByRole('region', { name: G.installTitle })).toHaveCount(0);
    await page.getByText(G.installAgain, { exact: true }).click();
    await expect(page.getByRole('region', { name: G.installTitle }).getByLabel(G.startCommandLabel)).toHaveText(created.start_command);
  });

  test('an address pasted with https:// and a path is understood; one that cannot be is answered next to the field', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    const host = uniqueHost();
    const name = unique('E2E adres');
    await page.goto('/databronnen/aanmaken');
    await expect(page.getByText('Fully Qualified Domain Name')).toHaveCount(0);
    await page.getByLabel(L.datasourceCreate.name, { exact: true }).fill(name);
    const address = page.getByLabel(L.datasourceCreate.hostname, { exact: true });
    await address.fill('ftp://bestanden.kwekerij.nl');
    await page.getByRole('button', { name: L.datasourceCreate.submit }).click();
    await expect(page.getByText(HOSTNAME_PROBLEMS.scheme)).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveValue('ftp://bestanden.kwekerij.nl');
    await expect(page.getByLabel(L.datasourceCreate.name, { exact: true })).toHaveValue(name);

    await address.fill(`https://${host.toUpperCase()}:8443/sparql`);
    await page.getByRole('button', { name: L.datasourceCreate.submit }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: `${host}:8443`, exact: true })).toBeVisible();
  });

  test('the owner sees a notice on the page when a data source that made contact is offline', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    // The hub checks a new host at once; this made-up one never answers, so the hub marks it offline.
    const { created } = await ownDatasource(uniqueHost());
    const token = await apiLogin(DEMO_USERS.owner);
    const status = async () => (await api(token, 'get', '/api/datasources/{id}', { params: { path: { id: created.datasource_id } } })).data.status;
    await expect.poll(status, { timeout: 20_000 }).toBe('offline');
    await page.goto(`/databron/${created.datasource_id}`);
    // Never reached at all is no outage: the steps show, no notice.
    await expect(page.getByTestId('datasource-notice')).toHaveCount(0);
    expect((await api(await datasourceToken(created.datasource_id, created.credentials.secret), 'get', '/api/datasource-protocol/datasets')).status).toBe(200);
    await page.reload();
    // The notice's text up to its date: 'Deze databron is offline: de hub bereikt haar niet meer.'
    const offline = G.offlineNotice('').split(' Laatste contact')[0];
    await expect(page.getByRole('alert').filter({ hasText: offline })).toBeVisible();
  });

  test('/databronnen shows each data source with its status and last contact', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    const waiting = await ownDatasource(uniqueHost());
    const contacted = await ownDatasource('');
    expect((await api(await datasourceToken(contacted.created.datasource_id, contacted.created.credentials.secret), 'get', '/api/datasource-protocol/datasets')).status).toBe(200);
    await page.goto('/databronnen');
    await expect(page.getByRole('columnheader', { name: LIST_COLUMN_LABELS.status })).toBeVisible();
    const waitingRow = page.getByTestId('datasource-row').filter({ hasText: waiting.name });
    await expect(waitingRow.getByTestId('datasource-row-status')).toContainText(new RegExp(`${DATASOURCE_STATUS_LABELS.pending}|${DATASOURCE_STATUS_LABELS.offline}`));
    await expect(waitingRow.getByTestId('datasource-row-status')).toContainText(G.noContact);
    const contactedRow = page.getByTestId('datasource-row').filter({ hasText: contacted.name });
    await expect(contactedRow.getByTestId('datasource-row-status')).toContainText(DATASOURCE_STATUS_LABELS.online);
    await expect(contactedRow.getByTestId('datasource-row-status')).not.toContainText(G.noContact);
  });
});
