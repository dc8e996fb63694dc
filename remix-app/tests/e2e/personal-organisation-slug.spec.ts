import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ORGANIZATION_LABELS } from './domain';
import { apiSignUp, currentUser, signUp } from './helpers';
import { DEMO_USERS } from './settings';

/**
 * Issue 37: a self-signed-up user's personal organisation leaves its tmp- slug for the slug of its
 * first real name (the old address answers 301), and nothing shows '··' or the initials of the
 * tmp_ name ('TM') while it has no name.
 */
const O = ORGANIZATION_LABELS.organization;
const OS = ORGANIZATION_LABELS.organizations;

/** Neither the old placeholder dots nor the initials of a tmp_ name anywhere on the page; the neutral mark instead. */
async function expectNoOddPlaceholder(page: Page) {
  await expect(page.getByText(/^\s*(··|TM)\s*$/)).toHaveCount(0);
  await expect(page.getByTestId('no-name-avatar').first()).toBeVisible();
}

test.describe('a personal organisation gets an address from its first name', () => {
  test('a self-signed-up owner names the organisation: the address follows the name once, the tmp- address redirects', async ({ page }) => {
    await signUp(page);
    const temporary = (await currentUser(page)).organization_slug;
    expect(temporary).toMatch(/^tmp-[0-9a-f]{12}$/);

    // Before naming: no '··', no 'TM'; the form says the address will follow the first name.
    for (const path of ['/mijn-organisatie', `/organisatie/${temporary}`]) {
      await page.goto(path);
      await expect(page.getByLabel(O.slug, { exact: true })).toHaveValue(temporary);
      await expectNoOddPlaceholder(page);
      await expect(page.getByText(O.slugHintTemporary)).toBeVisible();
      await expect(page.getByText(O.slugHint)).toHaveCount(0);
    }

    const suffix = randomUUID().slice(0, 8);
    const name = `Kwekerij Eerste ${suffix}`;
    const slug = `kwekerij-eerste-${suffix}`;
    await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill(name);
    await page.getByRole('button', { name: O.save }).click();
    await expect(page.getByRole('status')).toHaveText(O.saved);
    await expect(page).toHaveURL(new RegExp(`/organisatie/${slug}$`));
    await expect(page.getByLabel(O.slug, { exact: true })).toHaveValue(slug);
    await expect(page.getByText(O.slugHint)).toBeVisible();
    await expect(page.getByText(O.slugHintTemporary)).toHaveCount(0);
    expect((await currentUser(page)).organization_slug).toBe(slug);

    // The old addresses move permanently to the new ones.
    for (const [from, to] of [
      [`/organisatie/${temporary}`, `/organisatie/${slug}`],
      [`/gebruikers/${temporary}`, `/gebruikers/${slug}`],
      [`/applicaties/${temporary}`, `/applicaties/${slug}`],
    ]) {
      const moved = await page.request.get(from, { maxRedirects: 0 });
      expect(moved.status(), from).toBe(301);
      expect(new URL(moved.headers().location, 'http://portal').pathname, from).toBe(to);
    }
    await page.goto(`/organisatie/${temporary}`);
    await expect(page).toHaveURL(new RegExp(`/organisatie/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    // A second name keeps the address.
    await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill(`${name} BV`);
    await page.getByRole('button', { name: O.save }).click();
    await expect(page.getByRole('status')).toHaveText(O.saved);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} BV`);
    await expect(page).toHaveURL(new RegExp(`/organisatie/${slug}$`));
    await expect(page.getByLabel(O.slug, { exact: true })).toHaveValue(slug);
  });

  test('an admin sees a personal organisation without a name without odd initials', async ({ page, signInAs }) => {
    const owner = await apiSignUp();
    await signInAs(DEMO_USERS.admin);
    await page.goto(`/organisaties?q=${owner.organization_slug}`);
    const personal = page.getByRole('region', { name: OS.personalTitle });
    await expect(personal.getByText(owner.organization_slug, { exact: true })).toBeVisible();
    await expectNoOddPlaceholder(page);
    await page.goto(`/organisatie/${owner.organization_slug}`);
    await expect(page.getByLabel(O.slug, { exact: true })).toHaveValue(owner.organization_slug);
    await expectNoOddPlaceholder(page);
  });
});
