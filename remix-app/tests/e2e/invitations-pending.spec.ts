import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONFIRM_LABELS, INVITATION_LABELS, ORGANIZATION_LABELS, formatDateLong, inviteSentText } from './domain';
import { apiSignUp, currentUser, invitationPathFromMail, mailsTo, signUp, uniqueEmail } from './helpers';
import { openConfirmation } from './confirm-helpers';

const U = ORGANIZATION_LABELS.users;
const L = INVITATION_LABELS;
const C = CONFIRM_LABELS.revokeInvitation;

async function invite(page: Page, email: string) {
  await page.goto('/mijn-gebruikers');
  await page.getByLabel(U.inviteEmail, { exact: true }).fill(email);
  await page.getByRole('button', { name: U.invite }).click();
}

const pendingRegion = (page: Page) => page.getByRole('region', { name: L.pendingTitle });

test.describe('pending invitations and honest invitation messages', () => {
  test('an invitation is listed with its dates, can be sent again and withdrawn after confirming', async ({ page, javaScriptEnabled }) => {
    await signUp(page);
    const invitee = uniqueEmail('openstaand');
    await invite(page, invitee);
    await expect(page.getByRole('status')).toHaveText(inviteSentText(invitee));
    const first = await invitationPathFromMail(invitee);

    const row = pendingRegion(page).getByTestId('pending-invitation').filter({ hasText: invitee });
    await expect(row).toHaveCount(1);
    const today = new Date();
    await expect(row).toContainText(formatDateLong(today));
    await expect(row).toContainText(formatDateLong(new Date(today.getTime() + 7 * 86_400_000)));

    await row.getByRole('button', { name: L.resendLabel(invitee) }).click();
    await expect(page.getByRole('status')).toHaveText(L.resent(invitee));
    await expect.poll(async () => (await mailsTo(invitee)).length).toBe(2);
    expect((await page.request.get(`/api${first.path.replace('/uitnodiging/', '/invitations/')}`)).status()).toBe(404);
    await expect(row).toHaveCount(1);

    const button = row.getByRole('button', { name: L.revokeLabel(invitee) });
    const confirmation = await openConfirmation(page, javaScriptEnabled, button, C.title(invitee));
    await expect(confirmation.getByText(C.description(invitee))).toBeVisible();
    await confirmation.getByRole('button', { name: C.confirm }).click();
    await expect(page).toHaveURL(/\/mijn-gebruikers$/);
    await expect(page.getByRole('status')).toHaveText(L.revoked(invitee));
    await expect(row).toHaveCount(0);
    await expect(pendingRegion(page).getByText(L.pendingEmpty)).toBeVisible();
    // Neither link works any more.
    const [, second] = await mailsTo(invitee);
    const secondPath = second.raw.match(/\/uitnodiging\/([A-Za-z0-9_-]+)/)?.[1];
    expect(secondPath).toBeTruthy();
    expect((await page.request.get(`/api/invitations/${secondPath}`)).status()).toBe(404);
  });

  test('inviting a member says so and sends nothing; an account elsewhere is told it will move', async ({ page }) => {
    await signUp(page);
    const me = await currentUser(page);
    // (Sign-up itself may have mailed them: count what arrives from here on.)
    const before = (await mailsTo(me.email)).length;
    await invite(page, me.email);
    await expect(page.getByRole('alert')).toHaveText(L.alreadyMember);
    await expect(page.getByLabel(U.inviteEmail, { exact: true })).toHaveValue(me.email);
    expect(await mailsTo(me.email)).toHaveLength(before);
    await expect(page.getByText(inviteSentText(me.email))).toHaveCount(0);

    const elsewhere = await apiSignUp();
    await invite(page, elsewhere.email);
    // The same message as for an address without an account (issue 19); the mail tells its owner.
    await expect(page.getByRole('status')).toHaveText(inviteSentText(elsewhere.email));
    expect((await invitationPathFromMail(elsewhere.email)).text).toMatch(/U heeft al een account op Datahub Tuinbouw\./);
  });

  test('a member without the invite right sees no invitations', async ({ page, signInAs }) => {
    await signInAs('lid@kwekerij-delta.test');
    await page.goto('/mijn-gebruikers');
    await expect(page.getByRole('heading', { name: L.pendingTitle })).toHaveCount(0);
    const response = await page.goto('/mijn-gebruikers/uitnodigingen/00000000-0000-4000-8000-000000000000/intrekken');
    expect(response?.status()).toBe(403);
  });
});
