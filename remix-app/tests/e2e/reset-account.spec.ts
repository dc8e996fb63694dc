import { ACCOUNT_LABELS } from '@datahub/domain';
import { expect, test } from './fixtures';
import { api, apiSignUp, resetPathFromMail } from './helpers';

/**
 * Issue 37, item 8e: the page the mailed reset link opens says for which account, with the address
 * in full (whoever holds the link can read that mailbox already). JavaScript on and off.
 */
test('the reset page names the account it sets a password for', async ({ page }) => {
  const user = await apiSignUp();
  expect((await api(null, 'post', '/api/auth/password-reset', { body: { email: user.email } })).status).toBe(202);
  await page.goto(await resetPathFromMail(user.email));
  await expect(page.getByRole('heading', { name: ACCOUNT_LABELS.reset.title })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`${ACCOUNT_LABELS.reset.account}: ${user.email}`);
});
