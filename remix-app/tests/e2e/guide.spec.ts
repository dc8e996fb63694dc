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
});
