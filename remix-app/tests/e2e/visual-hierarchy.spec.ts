import { randomUUID } from 'node:crypto';
import { API_TOKEN_LABELS, DATASET_LABELS, ORGANIZATION_LABELS } from '@datahub/domain';
import { AVATAR_COLOURS, avatarColourIndex } from '../../app/lib/core/avatar-colour';
import { EXAMPLE_FIXTURE, ReferenceAgent } from './agent';
import { expect, test } from './fixtures';
import { api, apiLogin, apiSignUp, ownerDataset } from './helpers';
import { DEMO_USERS } from './settings';

const L = DATASET_LABELS.datasets;

/**
 * Issue 37 item 9, visual hierarchy: /profiel has one primary action (not one loud green button per
 * section); the dataset page keeps the developer blocks folded under 'Voor ontwikkelaars'; the
 * catalogue shows what differs between datasets; equal initials get different avatar colours.
 */

/** The computed background of the portal's primary button (brand-600). */
const PRIMARY_BACKGROUND = 'rgb(45, 109, 53)';

function rgb(hex: string): string {
  return `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
}

test('/profiel has one primary button, saving the details; every other section’s action is secondary', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/profiel');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  const primaries = [];
  for (const button of await main.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    if ((await button.evaluate((element) => getComputedStyle(element).backgroundColor)) === PRIMARY_BACKGROUND) primaries.push((await button.innerText()).trim());
  }
  // The old page had five: Opslaan, Wachtwoord wijzigen, Tweestapsverificatie instellen, Token aanmaken, Accepteren, Beoordeling versturen.
  expect(primaries).toEqual(['Opslaan']);
  // The other sections still have their action, in the quiet look.
  for (const name of ['Wachtwoord wijzigen', API_TOKEN_LABELS.create]) {
    const button = main.getByRole('button', { name, exact: true });
    await expect(button).toBeVisible();
    expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
  }
});

test('the dataset page folds the developer blocks (endpoint, curl) under ‘Voor ontwikkelaars’, at its end', async ({ page, signInAs }) => {
  const { dataset } = await ownerDataset();
  await signInAs(DEMO_USERS.owner);
  await page.goto(`/dataset/${dataset.slug}`);
  const section = page.getByRole('region', { name: API_TOKEN_LABELS.developersTitle });
  await expect(section).toBeVisible();
  const curl = page.getByTestId('curl-example');
  const endpoint = page.getByTestId('sparql-endpoint');
  // Both inside the section's closed disclosure: out of the reading flow until asked for.
  for (const block of [curl, endpoint]) {
    await expect(block).toBeHidden();
    expect(await block.evaluate((element) => element.closest('details')?.open === false && element.closest('section[aria-labelledby="voor-ontwikkelaars"]') !== null)).toBe(true);
  }
  // It is the page's last section.
  expect(await section.evaluate((element) => element.nextElementSibling === null)).toBe(true);
  await section.getByText(API_TOKEN_LABELS.developersTitle, { exact: true }).click();
  await expect(curl).toBeVisible();
  await expect(endpoint).toContainText(`/api/datasets/${dataset.dataset_id}/sparql`);
});

test('the catalogue shows what differs: one chip for all categories, the size, the categories present otherwise', async ({ page, signInAs }) => {
  const run = randomUUID().slice(0, 8);
  const ownerToken = await apiLogin(DEMO_USERS.owner);
  const created = await api(ownerToken, 'post', '/api/datasources', { body: { name: `E2E catalogusrij ${run}`, hostname: '' } });
  expect(created.status).toBe(201);
  const base = { contact: 'data@kwekerij-delta.test', additional_info: '' };
  const agent = await ReferenceAgent.prepare(created.data, [
    { ...base, file: 'alles.ttl', name: `Catalogusrij alles ${run}`, about: 'Elke categorie.', source: EXAMPLE_FIXTURE },
    { ...base, file: 'water.ttl', name: `Catalogusrij water ${run}`, about: 'Alleen water.', turtle: "<urn:x:pomp> <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#hasCategory> 'Water' .\n" },
  ]);
  await agent.start();
  try {
    const online = async () => (await api(ownerToken, 'get', '/api/my-datasets')).data.filter((row) => row.name.endsWith(run) && row.status === 'online' && row.categories);
    await expect.poll(async () => (await online()).length, { timeout: 30_000 }).toBe(2);
    await signInAs(DEMO_USERS.member);
    await page.goto(`/datasets?q=${run}`);
    const rows = page.getByRole('list', { name: L.title }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    const allRow = rows.filter({ hasText: `Catalogusrij alles ${run}` });
    const waterRow = rows.filter({ hasText: `Catalogusrij water ${run}` });
    // Not the same eight chips on every row: one that says 'all', and the one category the other has.
    await expect(allRow.getByTestId('dataset-categories')).toHaveText(`${L.categories}: ${L.allCategories}`);
    await expect(waterRow.getByTestId('dataset-categories')).toHaveText(`${L.categories}: Water`);
    // The size, which differs too.
    await expect(waterRow.getByTestId('dataset-triples')).toHaveText(DATASET_LABELS.dataset.triples(1));
    await expect(allRow.getByTestId('dataset-triples')).toHaveText(/^\d[\d.]* triples$/);
    expect(await allRow.getByTestId('dataset-triples').innerText()).not.toBe(await waterRow.getByTestId('dataset-triples').innerText());
  } finally {
    await agent.dispose();
    await api(ownerToken, 'delete', '/api/datasources/{id}', { params: { path: { id: created.data.datasource_id } } });
  }
});

test('two organisations with the same initials get different avatar colours, the same on every visit', async ({ page, signInAs }) => {
  const run = randomUUID().slice(0, 6);
  const named: { slug: string; name: string }[] = [];
  // Names starting 'Kw' (initials 'KW', as Kwekerij Delta); a third only if the first two share a colour.
  for (const [index, place] of ['Noord', 'Zuid', 'Oost', 'West'].entries()) {
    if (named.length === 2) break;
    const user = await apiSignUp();
    const me = await api(user.token, 'get', '/api/current_user');
    const name = `Kwekerij ${place} ${run}`;
    const renamed = await api(user.token, 'put', '/api/organizations/{organization_id}', { params: { path: { organization_id: me.data.organization } }, body: { name } });
    expect(renamed.status, JSON.stringify(renamed.data)).toBe(200);
    const slug = (await api(user.token, 'get', '/api/current_user')).data.organization_slug;
    if (index > 0 && avatarColourIndex(slug) === avatarColourIndex(named[0]!.slug)) continue;
    named.push({ slug, name });
  }
  expect(named).toHaveLength(2);
  await signInAs(DEMO_USERS.admin);
  await page.goto(`/organisaties?q=${encodeURIComponent(run)}`);
  const region = page.getByRole('region', { name: ORGANIZATION_LABELS.organizations.title, exact: true });
  const colours: string[] = [];
  for (const { slug, name } of named) {
    const row = region.getByRole('listitem').filter({ hasText: name });
    // The initials themselves (the avatar has no logo).
    const avatar = row.getByText('KW', { exact: true });
    await expect(avatar).toBeVisible();
    const colour = await avatar.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(colour).toBe(rgb(AVATAR_COLOURS[avatarColourIndex(slug)]!));
    colours.push(colour);
  }
  expect(colours[0]).not.toBe(colours[1]);
  // The organisation's own page shows it in the same colour (beside its name and in the logo block).
  await page.goto(`/organisatie/${named[0]!.slug}`);
  const initials = page.getByRole('main').getByText('KW', { exact: true });
  await expect(initials.first()).toBeVisible();
  for (const avatar of await initials.all()) expect(await avatar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(colours[0]);
});
