import { expect, test } from './fixtures';
import { signUp } from './helpers';
import { DEMO_USERS } from './settings';
import { APPLICATION_LABELS, WELCOME_LABELS as W } from '@datahub/domain';

/** The start page's welcome for someone who has not yet used the hub (issue 25 item 4, ADR 0034), with and without JavaScript. */
test.describe('the welcome on the start page', () => {
  test('greets a new user with three steps fitting their rights until they hide it, for good', async ({ page }) => {
    await signUp(page, { firstname: 'Nina', lastname: 'Nieuw' });
    await page.goto('/');
    const welcome = page.getByRole('region', { name: W.title });
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText(W.intro);
    // The application overview stays: its heading comes first, the welcome under it.
    await expect(page.getByRole('heading', { level: 1, name: APPLICATION_LABELS.catalogue.heading })).toBeVisible();
    // A new sign-up owns their own organisation: register, publish, grant.
    const steps = welcome.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    for (const [index, step] of W.steps.owner.entries()) {
      await expect(steps.nth(index).getByRole('link', { name: step.title })).toHaveAttribute('href', step.href);
    }

    await welcome.getByRole('button', { name: W.dismiss }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: W.title })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: APPLICATION_LABELS.catalogue.heading })).toBeVisible();
    // Stored on the server: a reload, and a later visit, show it no more.
    await page.reload();
    await expect(page.getByRole('region', { name: W.title })).toHaveCount(0);
  });

  test('shows platform admins their own steps, and nobody whose organisation already uses the hub', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/');
    const welcome = page.getByRole('region', { name: W.title });
    await expect(welcome).toBeVisible();
    for (const step of W.steps.admin) await expect(welcome.getByRole('link', { name: step.title })).toHaveAttribute('href', step.href);

    // Kwekerij Delta has data sources: its member is not a newcomer.
    await signInAs(DEMO_USERS.member);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: APPLICATION_LABELS.catalogue.heading })).toBeVisible();
    await expect(page.getByRole('region', { name: W.title })).toHaveCount(0);
  });

  test('unknown objects are not found (404) wherever the asker could see such an object; organisation pages keep the 403', async ({ page, signInAs, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, 'statuses of server-rendered pages: one project is enough');
    const id = '00000000-0000-4000-8000-000000000000';
    const unknown = {
      datasource: [`/databron/${id}`, `/databron/${id}/verwijderen`, `/databron/${id}/nieuwe-sleutel`, '/databron/geen-uuid'],
      dataset: ['/dataset/bestaat-niet', '/dataset/bestaat-niet/toegang-aanvragen'],
      organisation: ['/organisatie/bestaat-niet', '/gebruikers/bestaat-niet'],
      user: [`/gebruiker/${id}`, `/gebruiker/${id}/verwijderen`, '/gebruiker/123456789'],
      ownOrganisation: [`/mijn-gebruikers/uitnodigingen/${id}/intrekken`, `/mijn-organisatie/api-tokens/${id}/intrekken`, `/mijn-organisatie/webhooks/${id}/verwijderen`, `/mijn-organisatie/leden-api-tokens/${id}/intrekken`],
      personal: [`/profiel/api-tokens/${id}/intrekken`, `/machtigingen/${id}/intrekken`],
      accessRequest: [`/machtigingen/aanvragen/${id}`],
      application: ['/applicatie/bestaat-niet', '/applicaties/bestaat-niet'],
      applicationAdmin: ['/beheer-applicatie/bestaat-niet', '/beheer-applicatie/bestaat-niet/verwijderen'],
    };
    const all = Object.values(unknown).flat();
    // 403 only where the asker may see no such object at all: other organisations' pages (the spec's text),
    // platform-admin pages, and for a plain member data sources, invitations, tokens and access requests.
    const refused = {
      admin: [],
      owner: [...unknown.organisation, ...unknown.applicationAdmin],
      member: [...unknown.organisation, ...unknown.applicationAdmin, ...unknown.datasource, ...unknown.ownOrganisation, ...unknown.accessRequest],
    };
    for (const persona of ['admin', 'owner', 'member'] as const) {
      await signInAs(DEMO_USERS[persona]);
      for (const path of all) {
        const response = await page.goto(path);
        expect(response?.status(), `${persona} ${path}`).toBe((refused[persona] as string[]).includes(path) ? 403 : 404);
      }
    }
  });
});
