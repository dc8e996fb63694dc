import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PERMISSION_NAV_LINKS, navLinksFor } from '@datahub/domain';
import { ADMIN_NAV_GROUP, LABELS, NAV_LINKS, ORGANIZATION_ADMIN_NAV_LINKS, VERSION_LABEL } from './domain';
import { currentUser } from './helpers';
import { DEMO_USERS } from './settings';

function drawer(page: Page) {
  return page.getByRole('navigation', { name: LABELS.mainNavigation });
}

/** 'Logboek' (AuditLog.Read): owners of an organisation and the platform admin, not a plain member. */
async function expectLogboek(page: Page, shown: boolean) {
  for (const link of PERMISSION_NAV_LINKS)
    if (shown) await expect(drawer(page).getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to);
    else await expect(drawer(page).getByRole('link', { name: link.label, exact: true })).toHaveCount(0);
}

async function expectCommonLinks(page: Page) {
  for (const link of NAV_LINKS) {
    await expect(drawer(page).getByRole('link', { name: link.label, exact: true }).first()).toHaveAttribute('href', link.to);
  }
}

test.describe('shell', () => {
  test('a plain member sees the common links, no "Mijn applicaties" and no "Beheer"', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/');
    // Only the entries its permissions open (issue 37): not Databronnen and Machtigingen.
    const memberLinks = navLinksFor((await currentUser(page)).permissions);
    for (const link of memberLinks) await expect(drawer(page).getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to);
    await expectLogboek(page, false);
    await expect(drawer(page).getByRole('link')).toHaveCount(memberLinks.length);
    await expect(page.getByRole('link', { name: ORGANIZATION_ADMIN_NAV_LINKS[0].label })).toHaveCount(0);
    await expect(page.getByText(ADMIN_NAV_GROUP.label, { exact: true })).toHaveCount(0);
    await expect(page.locator('a[href="/organisaties"]')).toHaveCount(0);
  });

  test('an organisation owner outside the admin organisation sees no admin entries either', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.owner);
    await page.goto('/');
    expect((await currentUser(page)).organization_admin).toBe(false);
    await expectLogboek(page, true);
    await expect(drawer(page).getByRole('link')).toHaveCount(NAV_LINKS.length + PERMISSION_NAV_LINKS.length);
    await expect(page.getByRole('link', { name: ORGANIZATION_ADMIN_NAV_LINKS[0].label })).toHaveCount(0);
    await expect(page.getByText(ADMIN_NAV_GROUP.label, { exact: true })).toHaveCount(0);
  });

  test('a platform admin also sees "Mijn applicaties" and the "Beheer" group', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    await page.goto('/');
    expect((await currentUser(page)).organization_admin).toBe(true);
    await expectCommonLinks(page);
    await expect(drawer(page).getByRole('link', { name: ORGANIZATION_ADMIN_NAV_LINKS[0].label })).toHaveAttribute('href', '/mijn-applicaties');
    const beheer = drawer(page).getByRole('list', { name: ADMIN_NAV_GROUP.label });
    await expect(drawer(page).getByRole('heading', { name: ADMIN_NAV_GROUP.label })).toBeVisible();
    for (const link of ADMIN_NAV_GROUP.links) {
      await expect(beheer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to);
    }
    await expectLogboek(page, true);
    await expect(drawer(page).getByRole('link')).toHaveCount(NAV_LINKS.length + PERMISSION_NAV_LINKS.length + 1 + ADMIN_NAV_GROUP.links.length);
  });

  test('the top bar shows round initials linking to the profile', async ({ page, signInAs, javaScriptEnabled }) => {
    await signInAs(DEMO_USERS.otherOwner);
    await page.goto('/');
    // Wim Westra: the first two letters of the first name, uppercased (spec), written out.
    expect((await currentUser(page)).firstname).toBe('Wim');
    const avatar = page.getByRole('banner').getByRole('link', { name: LABELS.profileLink });
    await expect(avatar).toHaveText('WI');
    // Its accessible name holds what it shows (axe label-content-name-mismatch, an experimental rule: asked for by name).
    await expect(avatar).toHaveAccessibleName(/^WI\b/);
    if (javaScriptEnabled) {
      // axe runs as a script in the page.
      const mismatch = await new AxeBuilder({ page }).include('header').withRules(['label-content-name-mismatch']).analyze();
      expect(mismatch.violations.map((violation) => violation.id)).toEqual([]);
    }
    await expect(avatar).toHaveCSS('border-radius', /^(9999px|50%)$/);
    await avatar.click();
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByRole('heading', { name: LABELS.profile.title, level: 1 })).toBeVisible();
  });

  test('the footer shows the version and a link to the builder', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(VERSION_LABEL);
    await expect(footer).toContainText('version 1.2.0rc1');
    await expect(footer.getByRole('link', { name: LABELS.builderName })).toHaveAttribute('href', LABELS.builderUrl);
  });

  test('has the landmarks and Dutch language', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(drawer(page)).toBeVisible();
    await expect(page.getByRole('button', { name: LABELS.logout })).toBeVisible();
  });

  // Issue 37 (ADR 0040): a Dutch 404 page at the address asked, inside the shell, with the way back.
  test('unknown paths answer a Dutch 404 page with a way back to the start page', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    const answer = await page.goto('/nietbestaand?x=1');
    expect(answer?.status()).toBe(404);
    await expect(page).toHaveURL(/\/nietbestaand\?x=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABELS.errorPage.notFoundTitle);
    await expect(page.getByRole('main')).toContainText(LABELS.errorPage.unknownPathIntro);
    await expect(drawer(page)).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: LABELS.errorPage.backHome }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle applicaties');
  });

  test('unknown paths answer a signed-out visitor the Dutch 404 page with the way to sign in', async ({ page }) => {
    const answer = await page.goto('/nietbestaand');
    expect(answer?.status()).toBe(404);
    await expect(page).toHaveURL(/\/nietbestaand$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LABELS.errorPage.notFoundTitle);
    await page.getByRole('link', { name: LABELS.errorPage.backToSignIn }).click();
    await expect(page).toHaveURL(/\/inloggen$/);
  });

  test.describe('on a narrow screen', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the drawer is closed and opens from the menu button', async ({ page, signInAs }) => {
      await signInAs(DEMO_USERS.member);
      await page.goto('/');
      const profileLink = drawer(page).getByRole('link', { name: LABELS.profile.title, exact: true });
      await expect(profileLink).toBeHidden();
      await page.getByRole('banner').getByText(LABELS.menu, { exact: true }).click();
      await expect(profileLink).toBeVisible();
      await expect(page.getByRole('button', { name: LABELS.logout })).toBeVisible();
      await profileLink.click();
      await expect(page).toHaveURL(/\/profiel$/);
      await expect(page.getByRole('heading', { name: LABELS.profile.title, level: 1 })).toBeVisible();
      await expect(drawer(page).getByRole('link', { name: LABELS.profile.title, exact: true })).toBeHidden();
    });
  });
});
