import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DATASET_LABELS } from './domain';
import { api, apiLogin, apiSignUp, mailsTo, ownerDataset, setAccessToken, type ApiDataset } from './helpers';
import { DEMO_USERS } from './settings';

/** Issue 13: consent, usage insight, support requests and the satisfaction rating, with JavaScript on and off. */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=', 'base64');

/**
 * The dataset's views in the last 7 days. The API tells a single dataset's page views only through
 * the platform overview's top-10 list (`/api/insight/my-datasets` counts queries and downloads, not
 * views): a dataset outside that list reads 0 whether counted or not, so a zero from here proves
 * nothing alone; `countedViewBarrier` turns it into an exact count that cannot miss.
 */
async function datasetViews(slug: string): Promise<number> {
  const admin = await apiLogin(DEMO_USERS.admin);
  const overview = await api(admin, 'get', '/api/insight/overview', { params: { query: { days: 7 } } });
  expect(overview.status).toBe(200);
  return overview.data.top_datasets.find((row) => row.name === slug)?.views ?? 0;
}

/** Visits a page and checks that it rendered: a 200 and its heading, not an error page. */
async function visit(page: Page, path: string, heading: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

const datasetHeading = (dataset: ApiDataset) => dataset.name || DATASET_LABELS.datasets.unnamed;
const MY_DATASETS = DATASET_LABELS.myDatasets.title;

/**
 * After views that must not count: one counted view of the same dataset, then one of a marker
 * dataset, from a browser that accepted. Events are written in the order they come in, so once
 * the marker's view shows, the dataset's counted view and every earlier view have been written
 * too; the dataset's count must then be exactly 1. (Waiting for the dataset's own count to reach 1
 * would be satisfied by a wrongly counted view.) A dataset the top-10 overview cannot show reads 0
 * and fails the test instead of passing as a blind 0.
 */
async function countedViewBarrier(browser: Browser, baseURL: string, dataset: ApiDataset) {
  const { dataset: marker } = await ownerDataset();
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  await setAccessToken(context, baseURL, await apiLogin(DEMO_USERS.owner));
  const page = await context.newPage();
  await visit(page, '/mijn-datasets', MY_DATASETS);
  await page.getByRole('region', { name: 'Cookies en gebruiksstatistieken' }).getByRole('button', { name: 'Accepteren' }).click();
  await expect(page.getByRole('button', { name: 'Accepteren' })).toHaveCount(0);
  await visit(page, `/dataset/${dataset.slug}`, datasetHeading(dataset));
  await visit(page, `/dataset/${marker.slug}`, datasetHeading(marker));
  await context.close();
  await expect.poll(() => datasetViews(marker.slug), { timeout: 20_000 }).toBe(1);
  expect(await datasetViews(dataset.slug), 'only the counted view was counted').toBe(1);
}

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'datahub_consent')?.value;
}

test.describe('consent', () => {
  test('the banner asks once; accepting counts the pages viewed, and the choice changes on /profiel', async ({ page, context, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    const { dataset } = await ownerDataset();
    await visit(page, '/mijn-datasets', MY_DATASETS);
    const banner = page.getByRole('region', { name: 'Cookies en gebruiksstatistieken' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accepteren' }).click();
    await expect(page).toHaveURL(/\/mijn-datasets$/);
    await expect(banner).toHaveCount(0);
    expect(await consentCookie(context)).toBe('alle');

    await visit(page, `/dataset/${dataset.slug}`, datasetHeading(dataset));
    await expect.poll(() => datasetViews(dataset.slug), { timeout: 20_000 }).toBe(1);

    await page.goto('/profiel');
    await expect(page.getByTestId('consent-state')).toHaveText('U heeft toestemming gegeven voor gebruiksstatistieken.');
    await page.getByRole('region', { name: 'Cookies en gebruiksstatistieken' }).getByRole('button', { name: 'Alleen noodzakelijk' }).click();
    await expect(page.getByTestId('consent-state')).toHaveText('U gebruikt alleen noodzakelijke cookies.');
    await expect(page.getByText('Uw keuze is opgeslagen.')).toBeVisible();
    expect(await consentCookie(context)).toBe('noodzakelijk');
  });

  test('declining counts nothing', async ({ page, signInAs, browser, baseURL }) => {
    await signInAs(DEMO_USERS.owner);
    const { dataset } = await ownerDataset();
    await visit(page, '/mijn-datasets', MY_DATASETS);
    await page.getByRole('button', { name: 'Alleen noodzakelijk' }).click();
    await expect(page.getByRole('region', { name: 'Cookies en gebruiksstatistieken' })).toHaveCount(0);
    await visit(page, `/dataset/${dataset.slug}`, datasetHeading(dataset));
    await visit(page, '/mijn-datasets', MY_DATASETS);
    await countedViewBarrier(browser, baseURL!, dataset);
  });

  test('Do-Not-Track and Global Privacy Control win over an accepted banner', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { DNT: '1', 'Sec-GPC': '1' } });
    await setAccessToken(context, baseURL!, await apiLogin(DEMO_USERS.owner));
    const page = await context.newPage();
    const { dataset } = await ownerDataset();
    await visit(page, '/mijn-datasets', MY_DATASETS);
    await page.getByRole('button', { name: 'Accepteren' }).click();
    await expect(page.getByRole('button', { name: 'Accepteren' })).toHaveCount(0);
    await visit(page, `/dataset/${dataset.slug}`, datasetHeading(dataset));
    await page.goto('/profiel');
    await expect(page.getByText('Uw browser vraagt om niet gevolgd te worden')).toBeVisible();
    await context.close();
    await countedViewBarrier(browser, baseURL!, dataset);
  });
});

test.describe('insight page', () => {
  test('platform admins see charts with their numbers in tables, choose a period and export CSV', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/beheer-inzicht');
    await expect(page.getByRole('heading', { level: 1, name: 'Inzicht' })).toBeVisible();
    for (const title of ['Bezoeken per dag', 'Actieve gebruikers en organisaties per week', 'Meest bekeken datasets', 'Tevredenheid'])
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await page.getByLabel('Periode', { exact: true }).selectOption('7');
    await page.getByRole('button', { name: 'Tonen' }).click();
    await expect(page).toHaveURL(/dagen=7/);
    await expect(page.getByLabel('Periode', { exact: true })).toHaveValue('7');
    const csv = await page.request.get('/beheer-inzicht/csv?dagen=7');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toBe('attachment; filename="inzicht-7-dagen.csv"');
    expect(await csv.text()).toContain('Bezoeken per dag');
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Inzicht' })).toBeVisible();
  });

  test('others are refused', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    const response = await page.goto('/beheer-inzicht');
    expect(response?.status()).toBe(403);
  });
});

test.describe('support requests', () => {
  test('a request with a screenshot reaches the support mailbox and /beheer-hulp', async ({ page, signInAs, javaScriptEnabled }) => {
    await signInAs(DEMO_USERS.member);
    const summary = `Kaart laadt niet ${randomUUID().slice(0, 8)}`;
    await page.goto('/datasets');
    await page.getByRole('link', { name: 'Hulp & feedback' }).click();
    const scope = javaScriptEnabled ? page.getByRole('dialog', { name: 'Hulp & feedback' }) : page.getByRole('main');
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/hulp$/);
    await expect(scope.getByLabel('E-mailadres', { exact: true })).toHaveValue(DEMO_USERS.member);
    await scope.getByLabel('Probleem', { exact: true }).check();
    await scope.getByLabel('Samenvatting', { exact: true }).fill(summary);
    await scope.getByLabel('Beschrijving', { exact: true }).fill('De kaart blijft grijs.');
    await scope.getByLabel('Bijlagen (maximaal 3; afbeeldingen of PDF, elk maximaal 5 MB)', { exact: true }).setInputFiles({ name: 'scherm.png', mimeType: 'image/png', buffer: PNG });
    await scope.getByRole('button', { name: 'Versturen', exact: true }).click();
    await expect(page.getByText('Bedankt voor uw bericht')).toBeVisible();

    await expect
      .poll(async () => (await mailsTo(DEMO_USERS.admin)).some((mail) => mail.raw.includes(summary)), { timeout: 15_000 })
      .toBe(true);

    await signInAs(DEMO_USERS.admin);
    await page.goto('/beheer-hulp');
    const item = page.getByTestId('support-request').filter({ hasText: summary });
    await expect(item).toContainText('Status: Open');
    const link = item.getByRole('link', { name: 'scherm.png downloaden' });
    const download = await page.request.get((await link.getAttribute('href'))!);
    expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="scherm\.png"/);
    expect(Buffer.from(await download.body()).equals(PNG)).toBe(true);
    await item.getByRole('button', { name: /^Sluiten/ }).click();
    await expect(page.getByTestId('support-request').filter({ hasText: summary })).toContainText('Status: Gesloten');
  });

  test('a disguised or oversized attachment is refused in Dutch and the form keeps what was typed', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    for (const [file, message] of [
      [{ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }, 'Een bijlage moet een afbeelding (PNG, JPEG, GIF of WebP) of een PDF zijn.'],
      [{ name: 'groot.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }, 'Een bijlage mag maximaal 5 MB groot zijn.'],
    ] as const) {
      await page.goto('/hulp');
      await page.getByLabel('Samenvatting', { exact: true }).fill('Bewaarde samenvatting');
      await page.getByLabel('Beschrijving', { exact: true }).fill('Bewaarde beschrijving');
      await page.getByLabel('Bijlagen (maximaal 3; afbeeldingen of PDF, elk maximaal 5 MB)', { exact: true }).setInputFiles(file);
      await page.getByRole('button', { name: 'Versturen', exact: true }).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByLabel('Samenvatting', { exact: true })).toHaveValue('Bewaarde samenvatting');
      await expect(page.getByLabel('Beschrijving', { exact: true })).toHaveValue('Bewaarde beschrijving');
    }
  });
});

test.describe('satisfaction rating', () => {
  test('on /profiel as a plain form', async ({ page, context, baseURL }) => {
    const user = await apiSignUp();
    await setAccessToken(context, baseURL!, user.token);
    await page.goto('/profiel');
    const section = page.getByRole('region', { name: 'Beoordeel het portaal' });
    await section.getByRole('button', { name: 'Beoordeling versturen' }).click();
    await expect(page.getByText('Kies een score van 1 tot en met 5.')).toBeVisible();
    await page.getByLabel('Toelichting (optioneel)', { exact: true }).fill('Overzichtelijk');
    await section.getByLabel('4 van 5', { exact: true }).check();
    await section.getByRole('button', { name: 'Beoordeling versturen' }).click();
    await expect(page.getByText('Bedankt voor uw beoordeling!')).toBeVisible();
    const state = await api(user.token, 'get', '/api/ratings/state');
    expect(state.data.due).toBe(false);
  });

  test('the prompt after active use (JavaScript)', async ({ page, context, baseURL, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the prompt needs JavaScript; without it the form on /profiel is the way');
    const user = await apiSignUp();
    await setAccessToken(context, baseURL!, user.token);
    // As if the user had been active for RATING_DELAY already in this tab.
    await context.addInitScript(() => sessionStorage.setItem('datahub-actieve-seconden', '100000'));
    await page.goto('/datasets');
    const prompt = page.getByTestId('rating-prompt');
    await expect(prompt.getByText('Hoe tevreden bent u over het datahub-portaal?')).toBeVisible();
    await prompt.getByLabel('5 van 5', { exact: true }).check();
    await prompt.getByRole('button', { name: 'Beoordeling versturen' }).click();
    await expect(prompt.getByText('Bedankt voor uw beoordeling!')).toBeVisible();
    expect((await api(user.token, 'get', '/api/ratings/state')).data.due).toBe(false);
    // Not again within RATING_INTERVAL.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.waitForTimeout(1500);
    await expect(prompt).toHaveCount(0);
  });

  test('the prompt can be dismissed (JavaScript)', async ({ page, context, baseURL, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the prompt needs JavaScript');
    const user = await apiSignUp();
    await setAccessToken(context, baseURL!, user.token);
    await context.addInitScript(() => sessionStorage.setItem('datahub-actieve-seconden', '100000'));
    await page.goto('/datasets');
    const prompt = page.getByTestId('rating-prompt');
    await prompt.getByRole('button', { name: 'Niet nu' }).click();
    await expect(prompt).toHaveCount(0);
    expect((await api(user.token, 'get', '/api/ratings/state')).data.due).toBe(false);
  });
});
