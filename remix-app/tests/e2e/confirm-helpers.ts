import { expect, type Locator, type Page } from '@playwright/test';

/** With JavaScript the buttons open a dialog only once React runs: wait for it. */
export async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Clicks a destructive button and returns where its confirmation is: the alert dialog (with
 * JavaScript) or the confirmation page (without). Nothing may have happened yet.
 */
export async function openConfirmation(page: Page, javaScriptEnabled: boolean, button: Locator, title: string): Promise<Locator> {
  await hydrated(page, javaScriptEnabled);
  const before = page.url();
  await button.click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole('alertdialog', { name: title });
    await expect(dialog).toBeVisible();
    expect(page.url()).toBe(before);
    return dialog;
  }
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(page.url()).not.toBe(before);
  return page.getByRole('main');
}

