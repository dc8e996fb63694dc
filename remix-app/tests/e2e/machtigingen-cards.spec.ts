import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  ACCESS_REQUEST_LABELS as R,
  AUDIT_KIND_LABELS,
  AUTHORISATION_CARD_LABELS as C,
  AUTHORISATION_FIELD_ERRORS,
  AUTHORISATION_LABELS as L,
  EXPIRY_LABELS,
} from '@datahub/domain';
import { onlineDataset } from './online-dataset';
import { openConfirmation } from './confirm-helpers';
import { expect, test } from './fixtures';
import { api, apiLogin, apiSignUp, ownerDataset, setAccessToken, type ApiDataset } from './helpers';
import { DEMO_USERS } from './settings';

/**
 * Machtiging cards (issue 23 item 3), with JavaScript on and off: Kwekerij Delta gave Kassenbouw
 * West three categories on one dataset, shown as one card; 'Wijzigen' changes its categories and
 * expiry in one go (a refused post keeps what was chosen; saving the same says nothing changed);
 * 'Intrekken' revokes the whole card after confirming; both organisations' logs show it. And the
 * menu's count of open access requests: it appears when a request comes in and goes once decided.
 */
test.describe.configure({ mode: 'serial' });

let run: string;
let online: ApiDataset;
let dispose: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  run = randomUUID().replaceAll('-', '').slice(0, 8);
  const ownerToken = await apiLogin(DEMO_USERS.owner);
  const turtle = `<http://www.example.org/kaart/${run}> a <http://www.example.org/Kas> .\n`;
  ({ online, dispose } = await onlineDataset(ownerToken, { file: 'kas.ttl', turtle, name: `Kaart ${run} Kas`, about: 'Een kas.', contact: 'kas@kwekerij-delta.test', additional_info: '' }));
  const west = (await api(ownerToken, 'get', '/api/authorisation-assignees')).data.find((organization) => organization.slug === 'kassenbouw-west')!;
  const granted = await api(ownerToken, 'post', '/api/datasets/{id}/authorisations', {
    params: { path: { id: online.dataset_id } },
    body: { dataset: online.dataset_id, authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop', 'Dataset.ReadGlass'], assignee_organization: west.organization_id, expiration_date: '2099-06-30' },
  });
  expect(granted.status, JSON.stringify(granted.data)).toBe(201);
});

test.afterAll(async () => {
  await dispose?.();
});

const card = (page: Page, side: string) => page.getByRole('list', { name: side }).getByTestId('authorisation-card').filter({ hasText: online.name });
const chips = (page: Page, side: string) => card(page, side).getByRole('list', { name: C.categoriesList }).getByRole('listitem');
const logRows = (page: Page) => page.getByTestId('audit-log').locator('tbody tr').filter({ hasText: online.name });

test('one card per dataset and organisation, its categories as labels; West sees it read-only', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen');
  await expect(card(page, L.given)).toHaveCount(1);
  await expect(chips(page, L.given)).toHaveText(['Water', 'Gewassen', 'Glas']);
  await expect(card(page, L.given)).toContainText(EXPIRY_LABELS.validThrough('30/06/2099'));
  await expect(card(page, L.given).getByRole('link', { name: C.editLabel(online.name, 'Kassenbouw West') })).toBeVisible();
  await expect(card(page, L.given).getByRole('button', { name: L.revokeLabel(online.name, 'Kassenbouw West') })).toBeVisible();

  await signInAs(DEMO_USERS.otherOwner);
  await page.goto('/machtigingen');
  await expect(chips(page, L.received)).toHaveText(['Water', 'Gewassen', 'Glas']);
  await expect(card(page, L.received)).toContainText(`${L.grantedBy} Kwekerij Delta`);
  await expect(card(page, L.received).getByRole('link', { name: C.edit })).toHaveCount(0);
  await expect(card(page, L.received).getByRole('button', { name: L.revoke })).toHaveCount(0);
});

test("'Wijzigen' changes the categories and the expiry at once; a refused post keeps every choice", async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen');
  await card(page, L.given).getByRole('link', { name: C.editLabel(online.name, 'Kassenbouw West') }).click();
  await expect(page.getByRole('heading', { level: 1, name: C.editTitle })).toBeVisible();
  // Prefilled with the card.
  await expect(page.getByRole('checkbox', { name: 'Water', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Gewassen' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Verwarming' })).not.toBeChecked();
  await expect(page.getByLabel(L.create.expiration)).toHaveValue('2099-06-30');

  // 'Alle data' together with categories: refused in Dutch by the server, the choices stay.
  await page.getByRole('checkbox', { name: 'Alle data in deze dataset' }).check();
  await page.getByLabel(L.create.expiration).fill('2099-12-31');
  await page.getByRole('button', { name: C.submit }).click();
  await expect(page.getByText(AUTHORISATION_FIELD_ERRORS.scopesExclusive)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Alle data in deze dataset' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Water', exact: true })).toBeChecked();
  await expect(page.getByLabel(L.create.expiration)).toHaveValue('2099-12-31');

  // Water stays, Gewassen and Glas go, Verwarming comes, a new expiry for all.
  await page.getByRole('checkbox', { name: 'Alle data in deze dataset' }).uncheck();
  await page.getByRole('checkbox', { name: 'Gewassen' }).uncheck();
  await page.getByRole('checkbox', { name: 'Glas', exact: true }).uncheck();
  await page.getByRole('checkbox', { name: 'Verwarming' }).check();
  await page.getByRole('button', { name: C.submit }).click();
  await expect(page).toHaveURL(/\/machtigingen$/);
  await expect(page.getByRole('status')).toContainText(C.saved(online.name, 'Kassenbouw West'));
  await expect(chips(page, L.given)).toHaveText(['Water', 'Verwarming']);
  await expect(card(page, L.given)).toContainText(EXPIRY_LABELS.validThrough('31/12/2099'));

  // The same again: nothing changes, and the page says so.
  await card(page, L.given).getByRole('link', { name: C.editLabel(online.name, 'Kassenbouw West') }).click();
  // On the edit page first: /machtigingen may show other tests' access requests, each with an expiry field of this label.
  await expect(page.getByRole('heading', { level: 1, name: C.editTitle })).toBeVisible();
  await expect(page.getByLabel(L.create.expiration)).toHaveValue('2099-12-31');
  await page.getByRole('button', { name: C.submit }).click();
  await expect(page).toHaveURL(/\/machtigingen$/);
  await expect(page.getByRole('status')).toContainText(C.unchanged);
});

test("'Intrekken' revokes the whole card after confirming; both logs show the change and the revocation", async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs(DEMO_USERS.owner);
  await page.goto('/machtigingen');
  const button = card(page, L.given).getByRole('button', { name: L.revokeLabel(online.name, 'Kassenbouw West') });
  const confirmation = await openConfirmation(page, javaScriptEnabled, button, L.revokeConfirmTitle);
  await expect(confirmation.getByText(L.revokeConfirmText(`${online.name} (Water, Verwarming)`, 'Kassenbouw West'))).toBeVisible();
  await confirmation.getByRole('button', { name: L.revokeConfirm }).click();
  await expect(page).toHaveURL(/\/machtigingen$/);
  await expect(page.getByRole('status')).toContainText(L.revoked(online.name, 'Kassenbouw West'));
  await expect(card(page, L.given)).toHaveCount(0);
  const left = await api(await apiLogin(DEMO_USERS.owner), 'get', '/api/organizations/{slug}/authorisations/given', { params: { path: { slug: 'kwekerij-delta' } } });
  expect(left.data.filter((row) => row.dataset_id === online.dataset_id)).toEqual([]);

  for (const who of [DEMO_USERS.owner, DEMO_USERS.otherOwner]) {
    await signInAs(who);
    await page.goto('/logboek');
    const kinds = await logRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds.slice(0, 3), who).toEqual(['grant.revoked', 'grant.changed', 'grant.created']);
    const changed = logRows(page).filter({ hasText: AUDIT_KIND_LABELS['grant.changed'] });
    // The new value, the old one in brackets (issue 37: details in words, no 'X → X').
    await expect(changed, who).toContainText('categorieën: Water, Verwarming (was: Water, Gewassen, Glas)');
    await expect(changed, who).toContainText('geldig tot en met: 31 december 2099 (was: 30 juni 2099)');
  }
});

test('the menu counts open access requests for those who decide them, until they are decided', async ({ page, context, baseURL }) => {
  // A fresh organisation (a sign-up owns its own) with a dataset: no other test sends it requests.
  const owner = await apiSignUp();
  const { dataset } = await ownerDataset(owner.token);
  const menuEntry = page.getByRole('navigation').getByRole('link', { name: 'Machtigingen', exact: true });
  await setAccessToken(context, baseURL!, owner.token);
  // The same page before and after: a page kept or replayed from memory must not show an old count.
  await page.goto('/datasets');
  await expect(menuEntry).toBeVisible();
  await expect(page.getByTestId('menu-count')).toHaveCount(0);

  const reason = `Kaarten ${run}: vergelijken.`;
  const asked = await api(await apiLogin(DEMO_USERS.admin), 'post', '/api/datasets/{id}/access-requests', {
    params: { path: { id: dataset.dataset_id } },
    body: { authorisations: ['Dataset.ReadWater'], reason },
  });
  expect(asked.status, JSON.stringify(asked.data)).toBe(201);
  await page.goto('/datasets');
  await expect(menuEntry.getByTestId('menu-count')).toHaveText('1');
  await expect(menuEntry).toHaveAccessibleDescription(C.openRequests(1));

  await page.goto('/machtigingen');
  const request = page.getByTestId('access-request').filter({ hasText: reason });
  await request.getByLabel(R.declineReason).fill('Niet nu.');
  await request.getByRole('button', { name: R.decline }).click();
  await expect(request).toHaveCount(0);
  await expect(page.getByTestId('menu-count')).toHaveCount(0);
  await page.goto('/datasets');
  await expect(page.getByTestId('menu-count')).toHaveCount(0);
});
