import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { EXAMPLE_FIXTURE } from './agent';
import { api, apiLogin, login } from './helpers';
import { onlineDataset } from './online-dataset';
import { DEMO_USERS } from './settings';
import { hydrated } from './confirm-helpers';

/**
 * Issue 36 section 3: the data source checks each dataset against the Common Greenhouse Ontology
 * and reports a summary; the dataset page shows the quality line, its owner the findings in Dutch
 * with what to change, and the catalogue filters on it. JavaScript on and off (the two projects).
 */
test.describe.configure({ mode: 'serial' });

const run = randomUUID().slice(0, 8);
/** Fits every applied shape: a pest (no CGO shape asks anything of it) and a named greenhouse part, both categorised. */
const FITTING = `PREFIX : <http://www.example.org/kwaliteit/${run}/>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
:trips a cgo:Pest ; cgo:hasCategory "Crop" .
:kas cgo:hasName "Kas 1" ; cgo:hasCategory "VenloGreenhouse" .
`;
const fitting = { file: 'goed.ttl', name: `Kwaliteit goed ${run}`, about: 'Past bij de kasontologie.', contact: 'kas@kwekerij-delta.test', additional_info: '', turtle: FITTING };
// The project's example greenhouse: its observations lack a feature of interest, its crop its dates.
const deviating = { file: 'voorbeeld.ttl', name: `Kwaliteit afwijkend ${run}`, about: 'De voorbeeldkas.', contact: 'kas@kwekerij-delta.test', additional_info: '', turtle: readFileSync(EXAMPLE_FIXTURE, 'utf8') };

let slugs: { fitting: string; deviating: string };
let dispose: (() => Promise<void>)[] = [];

test.beforeAll(async () => {
  const owner = await apiLogin(DEMO_USERS.owner);
  const good = await onlineDataset(owner, fitting);
  const bad = await onlineDataset(owner, deviating);
  dispose = [good.dispose, bad.dispose];
  slugs = { fitting: good.online.slug, deviating: bad.online.slug };
  // The check runs after loading; discovery (every 2 s here) brings the summary along.
  const quality = async (slug: string) => (await api(owner, 'get', '/api/datasets/{slug}', { params: { path: { slug } } })).data.quality?.conforms;
  await expect.poll(() => quality(slugs.fitting), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => quality(slugs.deviating), { timeout: 60_000 }).toBe(false);
});

test.afterAll(async () => {
  for (const stop of dispose) await stop();
});

test('the dataset page shows the quality line to everyone and the findings to the owner only', async ({ page, javaScriptEnabled }) => {
  await login(page, DEMO_USERS.owner);
  await page.goto(`/dataset/${slugs.deviating}`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByTestId('dataset-quality')).toHaveText('Kwaliteit: 22 afwijkingen');
  const findings = page.getByTestId('quality-findings');
  await expect(findings.getByRole('heading', { name: 'Kwaliteit tegen de kasontologie' })).toBeVisible();
  await expect(findings.getByText('Fout: sosa:hasFeatureOfInterest ontbreekt (3 keer)')).toBeVisible();
  await expect(findings.getByText('Geef elk onderwerp van het type cgo:Observation minstens 1 waarde voor sosa:hasFeatureOfInterest.')).toBeVisible();
  await expect(findings.getByText(/Bijvoorbeeld: http:\/\/www\.example\.org|Bijvoorbeeld: https:\/\/data\.kwekerij-delta\.test\/voorbeeldkas\/meting1/).first()).toBeVisible();

  await page.goto(`/dataset/${slugs.fitting}`);
  await expect(page.getByTestId('dataset-quality')).toHaveText('Kwaliteit: Voldoet aan de kasontologie');
  await expect(page.getByTestId('quality-findings').getByText('Er zijn geen afwijkingen gevonden.')).toBeVisible();

  await page.context().clearCookies();
  await login(page, DEMO_USERS.otherOwner);
  await page.goto(`/dataset/${slugs.deviating}`);
  await expect(page.getByTestId('dataset-quality')).toHaveText('Kwaliteit: 22 afwijkingen');
  await expect(page.getByTestId('quality-findings')).toHaveCount(0);
});

test('the catalogue filters on the quality, keeping the search', async ({ page, javaScriptEnabled }) => {
  await login(page, DEMO_USERS.otherOwner);
  await page.goto(`/datasets?q=${encodeURIComponent(`Kwaliteit`)}`);
  await hydrated(page, javaScriptEnabled);
  const filter = page.getByRole('navigation', { name: 'Filter op kwaliteit' });
  const list = page.getByRole('main');
  await expect(list.getByText(fitting.name)).toBeVisible();
  await expect(list.getByText(deviating.name)).toBeVisible();

  await filter.getByRole('link', { name: 'Met afwijkingen' }).click();
  await expect(page).toHaveURL(/[?&]kwaliteit=afwijkingen/);
  await expect(page).toHaveURL(/[?&]q=Kwaliteit/);
  await expect(filter.getByRole('link', { name: 'Met afwijkingen' })).toHaveAttribute('aria-current', 'page');
  await expect(list.getByText(deviating.name)).toBeVisible();
  await expect(list.getByText(fitting.name)).toHaveCount(0);

  await filter.getByRole('link', { name: 'Voldoet aan de kasontologie' }).click();
  await expect(page).toHaveURL(/[?&]kwaliteit=voldoet/);
  await expect(list.getByText(fitting.name)).toBeVisible();
  await expect(list.getByText(deviating.name)).toHaveCount(0);

  // Searching keeps the filter (a GET form with it as a hidden field; with JavaScript the typed search).
  const search = page.getByRole('search');
  await search.getByRole('searchbox').fill(`afwijkend ${run}`);
  if (!javaScriptEnabled) await search.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]q=afwijkend/);
  await expect(page).toHaveURL(/[?&]kwaliteit=voldoet/);
  await expect(list.getByText(deviating.name)).toHaveCount(0);
  await expect(list.getByText(fitting.name)).toHaveCount(0);

  // 'Alle datasets' drops the filter and keeps the search.
  await filter.getByRole('link', { name: 'Alle datasets' }).click();
  await expect(page).not.toHaveURL(/kwaliteit=/);
  await expect(list.getByText(deviating.name)).toBeVisible();
  await expect(list.getByText(fitting.name)).toHaveCount(0);
});
