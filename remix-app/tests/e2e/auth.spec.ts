import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { ERROR_TEXTS, FIELD_ERRORS, LABELS, LIMITS, initials, SIGNUP_MAILS, SIGNUP_VERIFICATION_LABELS } from './domain';
import { accessTokenCookie, currentUser, loginUrlFor, mailsTo, requestSignup, signUp, submitLogin, uniqueEmail, verificationPathFromMail } from './helpers';
import { DEMO_USERS } from './settings';

test.describe('sign-in', () => {
  for (const [kind, email] of Object.entries(DEMO_USERS)) {
    test(`signs in ${kind} ${email} and shows their start page`, async ({ page, context }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/inloggen$/);
      await expect(page.getByRole('heading', { name: LABELS.login.title })).toBeVisible();

      await submitLogin(page, email);
      await expect(page).toHaveURL(/\/$/);

      const me = await currentUser(page);
      expect(me.email).toBe(email);
      // Signed in on the front door (the application catalogue), the top bar showing their initials.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle applicaties');
      await expect(page.getByRole('link', { name: LABELS.profileLink })).toHaveText(initials(me.firstname));

      const cookie = await accessTokenCookie(context);
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe('Lax');
      expect(cookie?.path).toBe('/');
      // Max-Age from expires_at: a persistent cookie, not a session cookie.
      expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 60);
    });
  }

  test('sends a signed-out visitor to sign in and back to the page they asked for', async ({ page }) => {
    await page.goto('/profiel');
    await expect(page).toHaveURL(loginUrlFor('/profiel'));
    await submitLogin(page, DEMO_USERS.member);
    await expect(page).toHaveURL(/\/profiel$/);
    await expect(page.getByRole('heading', { name: LABELS.profile.title, level: 1 })).toBeVisible();
  });

  test('keeps the search part of the asked page', async ({ page }) => {
    await page.goto('/profiel?tab=gegevens');
    await expect(page).toHaveURL(loginUrlFor('/profiel?tab=gegevens'));
    await submitLogin(page, DEMO_USERS.owner);
    await expect(page).toHaveURL(/\/profiel\?tab=gegevens$/);
  });

  test('refuses a wrong password in Dutch and keeps the e-mail address', async ({ page, context }) => {
    await page.goto('/inloggen');
    await submitLogin(page, DEMO_USERS.member, 'niet-het-goede-wachtwoord');
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.login.invalidCredentials);
    await expect(page).toHaveURL(/\/inloggen/);
    await expect(page.getByLabel(LABELS.login.email, { exact: true })).toHaveValue(DEMO_USERS.member);
    await expect(page.getByLabel(LABELS.login.password, { exact: true })).toHaveValue('');
    expect(await accessTokenCookie(context)).toBeUndefined();

    // The form still works afterwards.
    await submitLogin(page, DEMO_USERS.member);
    await expect(page).toHaveURL(/\/$/);
  });

  test('says so when signing in through a provider failed', async ({ page }) => {
    await page.goto('/inloggen?fout=extern');
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.login.providerFailed);
    await page.goto('/inloggen');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  for (const target of ['https://evil.example', '//evil.example', '/\\evil.example']) {
    test(`ignores the unsafe redirect_uri ${target}`, async ({ page }) => {
      await page.goto(`/inloggen?redirect_uri=${encodeURIComponent(target)}`);
      await submitLogin(page, DEMO_USERS.member);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle applicaties');
    });
  }

  // Issue 19: dot segments and encoded slashes that a browser would turn into '//evil.example'.
  for (const start of [
    '/inloggen?redirect_uri=/.//evil.example',
    '/inloggen?redirect_uri=/./%2F%2Fevil.example',
    '/inloggen?redirect_uri=/%5C%5Cevil.example',
    '/api/login?redirect_uri=/./%2F%2Fevil.example',
    '/api/login?redirect_uri=/.//evil.example',
  ]) {
    test(`stays on the portal after signing in from ${start}`, async ({ page }) => {
      await page.goto(start);
      await expect(page).toHaveURL(/\/inloggen/);
      await submitLogin(page, DEMO_USERS.member);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle applicaties');
    });

    test(`sends someone already signed in nowhere else from ${start}`, async ({ page, signInAs, baseURL }) => {
      await signInAs(DEMO_USERS.member);
      const response = await page.request.get(start, { maxRedirects: 0 });
      const location = response.headers()['location'] ?? '';
      expect(location.startsWith('//')).toBe(false);
      expect(new URL(location, baseURL).origin).toBe(new URL(baseURL!).origin);
      await page.goto(start);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(\?.*)?$/);
    });
  }

  test('sends someone already signed in straight on from the sign-in page', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/inloggen?redirect_uri=%2Fprofiel');
    await expect(page).toHaveURL(/\/profiel$/);
    await page.goto('/registreren');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('sign-up', () => {
  test('registers a new account and signs it in', async ({ page, context }) => {
    await page.goto('/inloggen');
    await page.getByRole('link', { name: LABELS.login.signupLink }).click();
    await expect(page).toHaveURL(/\/registreren$/);

    const user = await signUp(page, { firstname: 'Marit', lastname: 'Nieuwkomer' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alle applicaties');
    await expect(page.getByRole('link', { name: LABELS.profileLink })).toHaveText('MA');
    const me = await currentUser(page);
    expect(me.email).toBe(user.email);
    expect(me.lastname).toBe('Nieuwkomer');
    expect((await accessTokenCookie(context))?.httpOnly).toBe(true);
  });

  test('answers an address that already has an account like a new one and mails its owner', async ({ page }) => {
    const before = (await mailsTo(DEMO_USERS.member)).length;
    await page.goto('/registreren');
    await page.getByLabel(LABELS.signup.firstname, { exact: true }).fill('Dubbel');
    await page.getByLabel(LABELS.signup.lastname, { exact: true }).fill('Account');
    await page.getByLabel(LABELS.signup.email, { exact: true }).fill(DEMO_USERS.member);
    await page.getByLabel(LABELS.signup.password, { exact: true }).fill('Een-lang-genoeg-wachtwoord');
    await page.getByRole('button', { name: LABELS.signup.submit }).click();

    await expect(page).toHaveURL(/\/registreren\/verstuurd$/);
    await expect(page.getByText(SIGNUP_VERIFICATION_LABELS.sent(DEMO_USERS.member))).toBeVisible();
    await expect.poll(async () => (await mailsTo(DEMO_USERS.member)).length).toBe(before + 1);
    const [note] = (await mailsTo(DEMO_USERS.member)).slice(-1);
    expect(note.raw).toContain(SIGNUP_MAILS.alreadyRegistered.subject);
    expect(await accessTokenCookie(page.context())).toBeUndefined();
  });

  test('signs nobody in before the mailed link is followed with the chosen password; a link works once', async ({ page, context }) => {
    const email = uniqueEmail('bevestig');
    await page.goto('/registreren');
    await page.getByLabel(LABELS.signup.firstname, { exact: true }).fill('Bente');
    await page.getByLabel(LABELS.signup.lastname, { exact: true }).fill('Bevestigd');
    await page.getByLabel(LABELS.signup.email, { exact: true }).fill(email);
    await page.getByLabel(LABELS.signup.password, { exact: true }).fill('Het-gekozen-wachtwoord-1');
    await page.getByRole('button', { name: LABELS.signup.submit }).click();
    await expect(page).toHaveURL(/\/registreren\/verstuurd$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGNUP_VERIFICATION_LABELS.sentTitle);
    await expect(page.getByText(SIGNUP_VERIFICATION_LABELS.sent(email))).toBeVisible();
    expect(await accessTokenCookie(context)).toBeUndefined();

    // A fresh link on request; the first one stops working.
    const first = await verificationPathFromMail(email);
    await page.getByRole('button', { name: SIGNUP_VERIFICATION_LABELS.resend }).click();
    await expect(page.getByRole('status')).toHaveText(SIGNUP_VERIFICATION_LABELS.resent);
    await expect.poll(() => verificationPathFromMail(email)).not.toBe(first);
    const second = await verificationPathFromMail(email);

    await page.goto(second);
    await page.getByLabel(LABELS.signup.password, { exact: true }).fill('Een-ander-wachtwoord-2');
    await page.getByRole('button', { name: SIGNUP_VERIFICATION_LABELS.confirm }).click();
    await expect(page.locator('#password-error')).toHaveText(FIELD_ERRORS.signupPassword);
    await page.getByLabel(LABELS.signup.password, { exact: true }).fill('Het-gekozen-wachtwoord-1');
    await page.getByRole('button', { name: SIGNUP_VERIFICATION_LABELS.confirm }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(SIGNUP_VERIFICATION_LABELS.confirmed)).toBeVisible();
    expect((await currentUser(page)).email).toBe(email);

    await context.clearCookies();
    for (const used of [first, second]) {
      await page.goto(used);
      await page.getByLabel(LABELS.signup.password, { exact: true }).fill('Het-gekozen-wachtwoord-1');
      await page.getByRole('button', { name: SIGNUP_VERIFICATION_LABELS.confirm }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGNUP_VERIFICATION_LABELS.invalidTitle);
    }
  });

  // Issue 19: a sign-up under a claimed e-mail domain is told which organisation it joins before activating.
  test('says on the confirmation page which organisation the account will join', async ({ page }) => {
    const requestLink = async (email: string) => {
      await requestSignup(page, { firstname: 'Dora', lastname: 'Domein', email, password: 'Het-gekozen-wachtwoord-1' });
      return verificationPathFromMail(email);
    };
    // Kwekerij Delta (demo seed) claimed kwekerij-delta.test. The link is only looked at, not used.
    await page.goto(await requestLink(`domein-${randomUUID().slice(0, 8)}@kwekerij-delta.test`));
    await expect(page.getByRole('note')).toHaveText(SIGNUP_VERIFICATION_LABELS.joins('Kwekerij Delta'));
    await expect(page.getByRole('button', { name: SIGNUP_VERIFICATION_LABELS.confirm })).toBeVisible();
    await page.goto(await requestLink(uniqueEmail('eigen')));
    await expect(page.getByRole('note')).toHaveText(SIGNUP_VERIFICATION_LABELS.ownOrganization);
  });

  test('shows the server’s field error next to a too short password', async ({ page }) => {
    await page.goto('/registreren');
    await page.getByLabel(LABELS.signup.firstname, { exact: true }).fill('Kort');
    await page.getByLabel(LABELS.signup.lastname, { exact: true }).fill('Wachtwoord');
    const email = uniqueEmail('kort');
    await page.getByLabel(LABELS.signup.email, { exact: true }).fill(email);
    // Past the browser's own minlength check, to reach nest-api's validation.
    await page.locator('#password').evaluate((input) => input.removeAttribute('minlength'));
    await page.getByLabel(LABELS.signup.password, { exact: true }).fill('kort');
    await page.getByRole('button', { name: LABELS.signup.submit }).click();

    const password = page.getByLabel(LABELS.signup.password, { exact: true });
    await expect(page.locator('#password-error')).toHaveText(FIELD_ERRORS.minLength(LIMITS.passwordMin));
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-describedby', /(^| )password-error( |$)/);
    await expect(password).toHaveValue('');
    await expect(page.getByLabel(LABELS.signup.email, { exact: true })).toHaveValue(email);
    await expect(page.getByLabel(LABELS.signup.firstname, { exact: true })).toHaveValue('Kort');
  });
});
