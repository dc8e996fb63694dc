import type { Page } from '@playwright/test';
import { LABELS } from '@datahub/domain';
import { expect, test } from './fixtures';
import { DEMO_USERS } from './settings';

/** Issue 37, items 8c and 8d: the menu as the platform admin and a plain member meet it. */

const drawer = (page: Page) => page.getByRole('navigation', { name: LABELS.mainNavigation });

async function menuLinks(page: Page) {
  return drawer(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => ({ label: (link.textContent ?? '').trim(), href: link.getAttribute('href') ?? '' })));
}

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the platform admin sees every menu entry without scrolling, and no label twice', async ({ page, context, baseURL, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    // An admin at work has answered the cookie question long ago: its banner would push the page down once.
    await context.addCookies([{ name: 'datahub_consent', value: 'noodzakelijk', url: baseURL! }]);
    await page.goto('/');
    const links = await menuLinks(page);
    expect(links.length).toBeGreaterThan(10);
    const labels = links.map((link) => link.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index), 'labels seen twice').toEqual([]);
    // Each entry lies wholly inside the window as the page opens (nothing scrolled).
    for (const { label, href } of links) {
      const box = await drawer(page).locator(`a[href="${href}"]`).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.y, label).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, label).toBeLessThanOrEqual(800);
    }
    // The menu itself needs no scrolling either, and the sign-out button stays in sight.
    expect(await drawer(page).evaluate((nav) => nav.scrollHeight <= nav.clientHeight)).toBe(true);
    const logout = (await page.getByRole('button', { name: LABELS.logout }).boundingBox())!;
    expect(logout.y + logout.height).toBeLessThanOrEqual(800);
  });
});

test('every menu entry a plain member sees opens without "onvoldoende rechten"', async ({ page, signInAs }) => {
  await signInAs(DEMO_USERS.member);
  await page.goto('/');
  const links = await menuLinks(page);
  expect(links.length).toBeGreaterThan(3);
  for (const { href } of links) {
    const answer = await page.goto(href);
    expect(answer?.status(), href).toBe(200);
    await expect(page.getByRole('main'), href).not.toContainText('onvoldoende rechten');
  }
});
