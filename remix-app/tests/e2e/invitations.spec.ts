import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { INVITATION_LABELS, LABELS, ORGANIZATION_LABELS, inviteSentText } from './domain';
import { apiSignUp, currentUser, invitationPathFromMail, mailsTo, setAccessToken, signUp, uniqueEmail } from './helpers';

const U = ORGANIZATION_LABELS.users;
const I = ORGANIZATION_LABELS.invitation;
const O = ORGANIZATION_LABELS.organization;

/** Signs up a fresh owner and gives their personal organisation a real name. */
async function ownerWithOrganization(page: Page) {
  const owner = await signUp(page, { firstname: 'Olga', lastname: 'Uitnodiger' });
  const name = `Kwekerij Uitnodiging ${randomUUID().slice(0, 8)}`;
  await page.goto('/mijn-organisatie');
  await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill(name);
  await page.getByRole('button', { name: O.save }).click();
  await expect(page.getByRole('status')).toHaveText(O.saved);
  return { owner, name };
}

async function invite(page: Page, email: string) {
  await page.goto('/mijn-gebruikers');
  await page.getByLabel(U.inviteEmail, { exact: true }).fill(email);
  await page.getByRole('button', { name: U.invite }).click();
}

test.describe('invitations', () => {
  test('invite → mail → sign-up → the newcomer lands in the organisation; the link works once', async ({ page, context }) => {
    const { name } = await ownerWithOrganization(page);
    const invitee = uniqueEmail('uitgenodigd');
    await invite(page, invitee);
    await expect(page.getByRole('status')).toHaveText(inviteSentText(invitee));
    await expect(page.getByText(`Uitnodiging verzonden naar ${invitee}!`)).toBeVisible();

    const mail = await invitationPathFromMail(invitee);
    expect(mail.text).toContain(name);
    expect(mail.text).toContain('verloopt na 7 dagen');
    expect(mail.text).toContain('De link werkt één keer'); // quoted-printable decoded

    await context.clearCookies();
    await page.goto(mail.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(I.title);
    await expect(page.getByText(I.intro(name))).toBeVisible();
    const token = mail.path.split('/').pop()!;
    await expect(page.getByRole('link', { name: I.login })).toHaveAttribute(
      'href',
      `/inloggen?redirect_uri=${encodeURIComponent(`/uitnodiging/${token}`)}`,
    );
    await page.getByRole('link', { name: I.signup }).click();
    await expect(page).toHaveURL(/\/registreren\?uitnodiging=[^&]+&email=/);
    await expect(page.getByLabel(LABELS.signup.email, { exact: true })).toHaveValue(invitee);
    await page.getByLabel(LABELS.signup.firstname, { exact: true }).fill('Ivo');
    await page.getByLabel(LABELS.signup.lastname, { exact: true }).fill('Uitgenodigd');
    await page.getByLabel(LABELS.signup.password, { exact: true }).fill(`Geheim-${randomUUID()}`);
    await page.getByRole('button', { name: LABELS.signup.submit }).click();

    await expect(page).toHaveURL(/\/mijn-organisatie$/);
    await expect(page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true })).toHaveValue(name);
    await expect(page.getByRole('region', { name: O.usersTitle }).getByText('Olga Uitnodiger')).toBeVisible();
    const me = await currentUser(page);
    expect(me.email).toBe(invitee);
    expect(me.organization_name).toBe(name);

    // Used up: the link no longer works.
    const again = await page.goto(mail.path);
    expect(again?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(I.invalidTitle);
    await expect(page.getByText(I.invalid)).toBeVisible();
  });

  test('an invalid address gets the Dutch error, keeps the input and sends nothing', async ({ page }) => {
    await signUp(page);
    // Passes the browser's own check, not the server's.
    const address = `iemand-${randomUUID().slice(0, 8)}@localhost`;
    await invite(page, address);
    await expect(page.getByRole('alert')).toHaveText('Het ingevoerde email adres is niet geldig, probeer opnieuw');
    await expect(page.getByLabel(U.inviteEmail, { exact: true })).toHaveValue(address);
    await expect(page.getByText(inviteSentText(address))).toHaveCount(0);
    expect(await mailsTo(address)).toHaveLength(0);
  });

  test('a signed-in person accepts with the invited address; another address is told so', async ({ page, context, baseURL }) => {
    const { owner, name } = await ownerWithOrganization(page);
    const invitee = await apiSignUp();
    expect(invitee.organization_name).toMatch(/^tmp_/);
    await invite(page, invitee.email);
    // They have an account in another organisation: the inviter is told what anyone is (issue 19),
    // the mail tells the account's owner that accepting moves it.
    await expect(page.getByRole('status')).toHaveText(inviteSentText(invitee.email));
    const { path, text } = await invitationPathFromMail(invitee.email);
    expect(text).toContain(INVITATION_LABELS.existingAccountMailNote(name));

    // The inviter is signed in with another address.
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText(I.otherEmail(owner.email, invitee.email));
    await expect(page.getByRole('button', { name: I.accept })).toHaveCount(0);

    await context.clearCookies();
    await setAccessToken(context, baseURL!, invitee.token);
    await page.goto(path);
    await page.getByRole('button', { name: I.accept }).click();
    await expect(page).toHaveURL(/\/mijn-organisatie$/);
    await expect(page.getByRole('status')).toHaveText(I.accepted(name));
    await expect(page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true })).toHaveValue(name);
    expect((await currentUser(page)).organization_name).toBe(name);
    // Read rights only: the newcomer cannot edit the organisation.
    await expect(page.getByRole('button', { name: O.save })).toHaveCount(0);
  });
});
