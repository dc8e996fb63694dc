import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { EXAMPLE_FIXTURE, ReferenceAgent, type AgentDataset } from './agent';
import { expect, test } from './fixtures';
import { api, apiLogin, ownerDataset, type ApiCreatedDatasource, type ApiDataset } from './helpers';
import { DEMO_USERS } from './settings';
import { DATASET_LABELS } from '@datahub/domain';

const L = DATASET_LABELS;

/**
 * The catalogue with datasets that are really online: the reference data source
 * (datasource-agent) runs on loopback for Kwekerij Delta, registers its host and two datasets with
 * the e2e hub, and discovery pulls their descriptions from it. Each project (js, no-js) runs this
 * file once, with its own data source and names, so the two never see each other's datasets as
 * their own.
 */
test.describe.configure({ mode: 'serial' });

const OWNER = 'Kwekerij Delta';

/** The two datasets the agent serves, with names unique to one run of this file ('proefkas' + a random id). */
function describeDatasets(run: string): { kas: AgentDataset; water: AgentDataset } {
  const kas: AgentDataset = {
    file: 'kasklimaat.ttl',
    source: EXAMPLE_FIXTURE,
    name: `Proefkas ${run} Kasklimaat`,
    about: `Metingen van de proefkas: locatie, afmetingen en klimaat (CO₂ & temperatuur), run ${run}.`,
    contact: 'kasdata@kwekerij-delta.test',
    additional_info: "Voorbeelddata van de voorbeeldkas; bijgewerkt op werkdagen, vragen via 'Teelt'.",
  };
  const water: AgentDataset = {
    file: 'watergift.ttl',
    turtle: [
      `PREFIX : <http://www.example.org/e2e/${run}/>`,
      'PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>',
      'PREFIX om: <http://www.ontology-of-units-of-measure.org/resource/om-2/>',
      '',
      ":watergift-afdeling-1 a om:Volume ; cgo:hasNumericalValue 12.5 ; cgo:hasUnit 'liter' ; cgo:hasCategory 'Water' .",
      ":watergift-afdeling-2 a om:Volume ; cgo:hasNumericalValue 9.75 ; cgo:hasUnit 'liter' ; cgo:hasCategory 'Water' .",
      ":ec-druppelaar a om:ElectricalConductivity ; cgo:hasNumericalValue 2.4 ; cgo:hasUnit 'mS/cm' ; cgo:hasCategory 'Water' .",
      '',
    ].join('\n'),
    name: `Proefkas ${run} Watergift`,
    about: 'Watergift per afdeling en de EC van het druppelwater.',
    contact: 'Teelt – Jan de Vries, 010-1234567',
    additional_info: 'Eenheden: liter en mS/cm.',
  };
  return { kas, water };
}

/** Letters and digits, new for every run of this file (also with --repeat-each in one worker). */
let run: string;
let KAS: AgentDataset;
let WATER: AgentDataset;
let ownerToken: string;
let agent: ReferenceAgent;
/** The offline dataset of the same organisation (registered without a reachable host). */
let offline: ApiDataset;
/** Our two datasets by name, as nest-api answered once they were online. */
let online: Record<string, ApiDataset>;

async function ourDatasets(): Promise<ApiDataset[]> {
  const mine = await api(ownerToken, 'get', '/api/my-datasets');
  expect(mine.status).toBe(200);
  return mine.data.filter((dataset) => dataset.name === KAS.name || dataset.name === WATER.name);
}

async function statuses(): Promise<Record<string, string>> {
  return Object.fromEntries((await ourDatasets()).map((dataset) => [dataset.name, dataset.status]));
}

/** Waits until discovery has put both datasets online (on registration, or its next round). */
async function waitUntilOnline(): Promise<void> {
  try {
    await expect.poll(statuses, { timeout: 30_000 }).toEqual({ [KAS.name]: 'online', [WATER.name]: 'online' });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\nThe agent's log:\n${agent.log}`);
  }
  online = Object.fromEntries((await ourDatasets()).map((dataset) => [dataset.name, dataset]));
}

/** The card (a link to /dataset/{slug}) of one of our online datasets. */
function card(page: Page | Locator, dataset: AgentDataset): Locator {
  return page.locator(`a[href="/dataset/${online[dataset.name].slug}"]`);
}

/** The value (dd) after a label (dt) in the 'Over de dataset' section. */
function field(about: Locator, label: string): Locator {
  return about.locator('dt').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** What afterAll undoes, last first: the agent, then the data sources (and with them their datasets). */
const cleanup: (() => Promise<void>)[] = [];

async function removeDatasource(source: ApiCreatedDatasource): Promise<void> {
  // Frees the host name (127.0.0.1:<port>) too, should the OS hand the port out again.
  expect((await api(ownerToken, 'delete', '/api/datasources/{id}', { params: { path: { id: source.datasource_id } } })).status).toBe(204);
}

test.beforeAll(async () => {
  run = randomUUID().replaceAll('-', '').slice(0, 8);
  ({ kas: KAS, water: WATER } = describeDatasets(run));
  ownerToken = await apiLogin(DEMO_USERS.owner);
  // The cloud variant: no hostname at creation, the agent registers 127.0.0.1:<port> itself.
  const created = await api(ownerToken, 'post', '/api/datasources', { body: { name: `E2E referentie-databron ${run}`, hostname: '' } });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  const agentSource = created.data;
  cleanup.push(() => removeDatasource(agentSource));
  const { datasource: offlineSource, dataset } = await ownerDataset();
  offline = dataset;
  cleanup.push(() => removeDatasource(offlineSource));
  const prepared = await ReferenceAgent.prepare(agentSource, [KAS, WATER]);
  agent = prepared;
  cleanup.push(() => prepared.dispose());
  await agent.start();
  await waitUntilOnline();
  const registered = await api(ownerToken, 'get', '/api/datasources/{id}', { params: { path: { id: agentSource.datasource_id } } });
  expect(registered.data.hostname).toBe(agent.hostname);
});

test.afterAll(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

test('the catalogue lists the online datasets of a running data source, not an offline one', async ({ page, signInAs }) => {
  expect(offline.status).toBe('offline');
  expect(online[KAS.name].owner_organization_logo_url).toBeNull();
  await signInAs(DEMO_USERS.owner);
  await page.goto('/datasets');
  await expect(page.getByRole('heading', { level: 1, name: L.datasets.title })).toBeVisible();
  const list = page.getByRole('list', { name: L.datasets.title });
  for (const dataset of [KAS, WATER]) {
    const link = card(list, dataset);
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', `/dataset/${online[dataset.name].slug}`);
    await expect(link).toContainText(dataset.name);
    await expect(link).toContainText(OWNER);
    // Kwekerij Delta has no logo: its first two letters, uppercased.
    await expect(link.getByTestId('logo-initials')).toHaveText('KW');
    await expect(link.locator('img')).toHaveCount(0);
    // The catalogue itself shows no status.
    await expect(link.getByTestId('dataset-status')).toHaveCount(0);
  }
  await expect(page.locator(`a[href="/dataset/${offline.slug}"]`)).toHaveCount(0);
  await expect(page.getByText(L.datasets.empty, { exact: true })).toHaveCount(0);
});

test('searching by name is case-insensitive and matches anywhere in the name', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/datasets');
  const search = page.getByRole('searchbox', { name: L.datasets.searchLabel });
  await expect(search).toHaveAttribute('placeholder', L.datasets.searchPlaceholder);
  const kas = card(page, KAS);
  const water = card(page, WATER);
  await expect(kas).toBeVisible();
  await expect(water).toBeVisible();
  // Matches 'Proefkas <run> …' in the middle of the word, in other letter case.
  const both = `KAS ${run.toUpperCase()} `;
  const onlyWater = `${both}wATER`;
  const nothing = `${both}geen-treffer-${randomUUID().slice(0, 8)}`;

  if (javaScriptEnabled) {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const roundTrips: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/datasets')) roundTrips.push(request.url());
    });
    // Each keystroke filters: after the common part both match, one more letter leaves one.
    await search.pressSequentially(both);
    await expect(kas).toBeVisible();
    await expect(water).toBeVisible();
    await search.press('w');
    await expect(kas).toHaveCount(0);
    await expect(water).toBeVisible();
    await search.pressSequentially('ATER');
    await expect(search).toHaveValue(onlyWater);
    await expect(kas).toHaveCount(0);
    await expect(water).toBeVisible();
    await search.fill(nothing);
    await expect(water).toHaveCount(0);
    await expect(page.getByText(L.datasets.noMatches, { exact: true })).toBeVisible();
    await search.fill('');
    await expect(kas).toBeVisible();
    await expect(water).toBeVisible();
    await expect(page.getByText(L.datasets.noMatches, { exact: true })).toHaveCount(0);
    // No navigation and no request: the URL is unchanged.
    await expect(page).toHaveURL(/\/datasets$/);
    expect(roundTrips).toEqual([]);
  } else {
    const submit = async (query: string) => {
      await search.fill(query);
      await page.getByRole('button', { name: L.datasets.search }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query);
      expect(new URL(page.url()).pathname).toBe('/datasets');
      await expect(search).toHaveValue(query);
    };
    await submit(onlyWater);
    await expect(water).toBeVisible();
    await expect(kas).toHaveCount(0);
    await submit(both);
    await expect(kas).toBeVisible();
    await expect(water).toBeVisible();
    await submit(nothing);
    await expect(kas).toHaveCount(0);
    await expect(water).toHaveCount(0);
    await expect(page.getByText(L.datasets.noMatches, { exact: true })).toBeVisible();
  }
});

test('the dataset page shows the description from datasets.yaml and the other online datasets of the owner', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/datasets');
  await card(page, KAS).click();
  await expect(page).toHaveURL(new RegExp(`/dataset/${online[KAS.name].slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KAS.name);
  const breadcrumb = page.getByRole('banner').getByRole('navigation', { name: L.dataset.breadcrumb });
  await expect(breadcrumb.getByRole('link', { name: L.datasets.title })).toHaveAttribute('href', '/datasets');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(KAS.name);
  await expect(page.getByTestId('dataset-status')).toHaveText('online');

  const about = page.getByRole('region', { name: L.dataset.about });
  await expect(about.getByText(KAS.about, { exact: true })).toBeVisible();
  await expect(field(about, L.dataset.owner)).toHaveText(OWNER);
  await expect(field(about, L.dataset.contact)).toHaveText(KAS.contact);
  await expect(field(about, L.dataset.additionalInfo)).toHaveText(KAS.additional_info);
  // The size from the data source's metadata: the example fixture's 130 triples.
  await expect(field(about, L.dataset.size)).toHaveText(L.dataset.triples(130));
  // The owner's logo beside the name (the first on the page, before the cards below).
  await expect(page.getByTestId('logo-initials').first()).toHaveText('KW');

  // The owner's other online datasets: the second one, not this one, not the offline one.
  const others = page.getByRole('region', { name: L.dataset.others(OWNER) });
  await expect(card(others, WATER)).toBeVisible();
  await expect(card(others, WATER)).toContainText(WATER.name);
  await expect(card(others, KAS)).toHaveCount(0);
  await expect(others.locator(`a[href="/dataset/${offline.slug}"]`)).toHaveCount(0);

  await card(others, WATER).click();
  await expect(page).toHaveURL(new RegExp(`/dataset/${online[WATER.name].slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WATER.name);
  const waterAbout = page.getByRole('region', { name: L.dataset.about });
  await expect(waterAbout.getByText(WATER.about, { exact: true })).toBeVisible();
  await expect(field(waterAbout, L.dataset.contact)).toHaveText(WATER.contact);
  await expect(field(waterAbout, L.dataset.additionalInfo)).toHaveText(WATER.additional_info);
  await expect(field(waterAbout, L.dataset.size)).toHaveText('12 triples');
  const waterOthers = page.getByRole('region', { name: L.dataset.others(OWNER) });
  await expect(card(waterOthers, KAS)).toBeVisible();
  await expect(card(waterOthers, WATER)).toHaveCount(0);
});

test('another organisation sees the online datasets and opens them', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.otherOwner);
  await page.goto('/datasets');
  await expect(card(page, WATER)).toBeVisible();
  await expect(card(page, KAS)).toContainText(OWNER);
  await card(page, KAS).click();
  await expect(page).toHaveURL(new RegExp(`/dataset/${online[KAS.name].slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KAS.name);
  const about = page.getByRole('region', { name: L.dataset.about });
  await expect(about.getByText(KAS.about, { exact: true })).toBeVisible();
  await expect(field(about, L.dataset.owner)).toHaveText(OWNER);
  await expect(field(about, L.dataset.contact)).toHaveText(KAS.contact);
  await expect(card(page.getByRole('region', { name: L.dataset.others(OWNER) }), WATER)).toBeVisible();
  // Not their own organisation, and no admin: no file format.
  await expect(page.getByText(L.dataset.fileFormat)).toHaveCount(0);
});

test("my datasets shows the running data source's datasets online in green, the offline one in red", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/mijn-datasets');
  for (const dataset of [KAS, WATER]) {
    const status = card(page, dataset).getByTestId('dataset-status');
    await expect(status).toHaveText('online');
    await expect(status).toHaveClass(/text-green-800/);
    await expect(status).not.toHaveClass(/text-red-800/);
  }
  const offlineStatus = page.locator(`a[href="/dataset/${offline.slug}"]`).getByTestId('dataset-status');
  await expect(offlineStatus).toHaveText('Offline');
  await expect(offlineStatus).toHaveClass(/text-red-800/);
});

test('when the data source stops its datasets go offline and leave the catalogue; they return when it starts again', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  // The catalogue page is kept in memory by now (issue 14): the changes below must show through it.
  await signInAs(DEMO_USERS.owner);
  for (let visit = 0; visit < 3; visit += 1) await page.goto('/datasets');
  expect((await page.request.get('/datasets')).headers()['etag'], 'the page is kept').toBeTruthy();
  await expect(card(page, KAS)).toBeVisible();
  await agent.stop();
  await expect
    .poll(statuses, { timeout: 30_000, message: 'discovery notices the stopped data source' })
    .toEqual({ [KAS.name]: 'offline', [WATER.name]: 'offline' });

  await signInAs(DEMO_USERS.owner);
  await page.goto('/datasets');
  await expect(page.getByRole('heading', { level: 1, name: L.datasets.title })).toBeVisible();
  await expect(card(page, KAS)).toHaveCount(0);
  await expect(card(page, WATER)).toHaveCount(0);
  await page.goto('/mijn-datasets');
  await expect(card(page, KAS).getByTestId('dataset-status')).toHaveText('Offline');
  await expect(card(page, KAS).getByTestId('dataset-status')).toHaveClass(/text-red-800/);
  // The owner still opens its offline dataset; the other one is no longer among its online datasets.
  await page.goto(`/dataset/${online[WATER.name].slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(WATER.name);
  await expect(page.getByTestId('dataset-status')).toHaveText('Offline');
  await expect(card(page, KAS)).toHaveCount(0);

  // Another organisation cannot open it any more.
  await signInAs(DEMO_USERS.otherOwner);
  const gone = await page.goto(`/dataset/${online[KAS.name].slug}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: L.dataset.notFoundTitle })).toBeVisible();

  // Started again (same port, same state file), discovery brings both back under the same slugs.
  const slugs = { kas: online[KAS.name].slug, water: online[WATER.name].slug };
  await agent.start();
  await waitUntilOnline();
  expect({ kas: online[KAS.name].slug, water: online[WATER.name].slug }).toEqual(slugs);
  await page.goto('/datasets');
  await expect(card(page, KAS)).toBeVisible();
  await expect(card(page, WATER)).toBeVisible();
});
