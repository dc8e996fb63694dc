import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { ERROR_TEXTS, FIELD_ERRORS, LABELS, ORGANIZATION_LABELS } from './domain';
import { api, apiSignUp, currentUser, signUp } from './helpers';
import { DEMO_USERS } from './settings';

const O = ORGANIZATION_LABELS.organization;
const OS = ORGANIZATION_LABELS.organizations;

function uniqueName(prefix = 'Kwekerij') {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

test.describe('organisation pages', () => {
  test('a member sees their organisation read-only, with its users and an empty licence list', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/mijn-organisatie');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(O.myTitle);
    await expect(page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true })).toHaveValue('Kwekerij Delta');
    await expect(page.getByLabel(O.slug, { exact: true })).toHaveValue('kwekerij-delta');
    await expect(page.getByLabel(O.domain, { exact: true })).toHaveValue('kwekerij-delta.test');
    for (const label of [O.name, O.kvkNumber, O.domain]) await expect(page.getByLabel(label, { exact: true })).not.toBeEditable();
    await expect(page.getByRole('button', { name: O.save })).toHaveCount(0);
    await expect(page.getByText(O.readOnlyHint)).toBeVisible();
    const users = page.getByRole('region', { name: O.usersTitle });
    await expect(users.getByText('Lotte Lid')).toBeVisible();
    await expect(users.getByText('Erik de Eigenaar')).toBeVisible();
    await expect(page.getByRole('region', { name: O.licencesTitle })).toContainText(O.licencesEmpty);
  });

  test("a non-admin gets the 403 text on another organisation's pages, inside the shell", async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    for (const path of ['/organisatie/kassenbouw-west', '/gebruikers/kassenbouw-west']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByText(ERROR_TEXTS.access.organizationPage, { exact: true })).toBeVisible();
      await expect(page.getByText('Forbidden 403: U heeft onvoldoende rechten binnen deze applicatie om deze content te zien!')).toBeVisible();
      await expect(page.getByRole('navigation', { name: LABELS.mainNavigation })).toBeVisible();
      await expect(page.getByText('Wim Westra')).toHaveCount(0);
    }
    // Their own organisation under its slug is fine.
    const own = await page.goto('/organisatie/kwekerij-delta');
    expect(own?.status()).toBe(200);
    await expect(page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true })).toHaveValue('Kwekerij Delta');
  });

  test('a member who submits the organisation form anyway gets the 403 text and nothing changes', async ({ page, signInAs, context }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/mijn-organisatie');
    const organization = (await (await page.request.get('/api/organizations/kwekerij-delta')).json()) as { organization_id: string };
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
    // The page offers no save button: build the submission a tampered page would send.
    await page.locator('form[method="post"]:has(#name)').evaluate(
      (form, fields) => {
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        form.querySelector<HTMLInputElement>('#name')!.removeAttribute('readonly');
        const button = document.createElement('button');
        button.type = 'submit';
        button.textContent = 'Toch opslaan';
        form.append(button);
      },
      { organization_id: organization.organization_id, intent: 'update', csrf: decodeURIComponent(csrf) },
    );
    await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill('Kwekerij Overgenomen');
    await page.getByRole('button', { name: 'Toch opslaan' }).click();
    await expect(page.getByRole('alert')).toHaveText('U heeft onvoldoende rechten om gegevens van de organisatie aan te passen!');
    expect((await currentUser(page)).organization_name).toBe('Kwekerij Delta');
  });

  test('an owner names their personal organisation; a taken name is refused and the input kept', async ({ page }) => {
    await signUp(page);
    await page.goto('/mijn-organisatie');
    await expect(page.getByText(O.personalHint)).toBeVisible();
    await expect(page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true })).toHaveValue('');

    await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill('Kassenbouw West');
    await page.getByLabel(O.kvkNumber, { exact: true }).fill('12345678');
    await page.getByRole('button', { name: O.save }).click();
    await expect(page.getByRole('alert')).toHaveText('Er bestaat al een organisatie met deze naam, gebruik een andere naam.');
    await expect(page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true })).toHaveValue('Kassenbouw West');
    await expect(page.getByLabel(O.kvkNumber, { exact: true })).toHaveValue('12345678');
    expect((await currentUser(page)).organization_name).toMatch(/^tmp_/);

    // A domain without verified users of the organisation under it is refused too.
    const name = uniqueName();
    await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill(name);
    await page.getByLabel(O.domain, { exact: true }).fill('nergens-geverifieerd.test');
    await page.getByRole('button', { name: O.save }).click();
    await expect(page.getByRole('alert')).toHaveText(ERROR_TEXTS.organizationUpdate.domain);
    await expect(page.getByLabel(O.domain, { exact: true })).toHaveValue('nergens-geverifieerd.test');
    // Issue 19: never a free-mail domain, whoever has an address under it.
    await page.getByLabel(O.domain, { exact: true }).fill('gmail.com');
    await page.getByRole('button', { name: O.save }).click();
    await expect(page.locator('#domain-error')).toHaveText(FIELD_ERRORS.domainFreeMail);
    await expect(page.getByLabel(O.domain, { exact: true })).toHaveValue('gmail.com');

    await page.getByLabel(O.domain, { exact: true }).fill('');
    await page.getByRole('button', { name: O.save }).click();
    await expect(page.getByRole('status')).toHaveText(O.saved);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true })).toHaveValue(name);
    await expect(page.getByLabel(O.kvkNumber, { exact: true })).toHaveValue('12345678');
    await expect(page.getByText(O.saved)).toHaveCount(0);
    expect((await currentUser(page)).organization_name).toBe(name);
  });

  test('an admin finds a personal organisation, edits it, and it moves to the named list', async ({ page, signInAs }) => {
    const owner = await apiSignUp();
    expect(owner.organization_name).toMatch(/^tmp_/);
    await signInAs(DEMO_USERS.admin);

    await page.goto(`/organisaties?q=${owner.organization_slug}`);
    const personal = page.getByRole('region', { name: OS.personalTitle });
    await expect(personal.getByText(owner.organization_slug, { exact: true })).toBeVisible();
    // The tmp_ name itself is never shown.
    await expect(page.getByText(owner.organization_name)).toHaveCount(0);
    await personal.getByRole('link', { name: OS.viewOrganization(owner.organization_slug) }).click();
    await expect(page).toHaveURL(new RegExp(`/organisatie/${owner.organization_slug}$`));

    const name = uniqueName('Admin Bewerkt');
    await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill(name);
    await page.getByLabel(O.kvkNumber, { exact: true }).fill('87654321');
    await page.getByRole('button', { name: O.save }).click();
    await expect(page.getByRole('status')).toHaveText(O.saved);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByLabel(O.kvkNumber, { exact: true })).toHaveValue('87654321');

    const after = await api(owner.token, 'get', '/api/current_user');
    expect(after.data.organization_name).toBe(name);

    await page.goto(`/organisaties?q=${encodeURIComponent(name)}`);
    const named = page.getByRole('region', { name: OS.title, exact: true });
    await expect(named.getByText(name, { exact: true })).toBeVisible();
    await expect(named.getByText(OS.userCount(1))).toBeVisible();
    await expect(page.getByRole('region', { name: OS.personalTitle })).toContainText(OS.personalEmpty);
  });

  test('the admin list leaves personal organisations out and searches by name', async ({ page, signInAs, javaScriptEnabled }) => {
    await apiSignUp(); // at least one personal organisation exists
    await signInAs(DEMO_USERS.admin);
    await page.goto('/organisaties');
    const named = page.getByRole('region', { name: OS.title, exact: true });
    await expect(named.getByRole('link', { name: OS.viewOrganization('Kwekerij Delta') })).toHaveAttribute('href', '/organisatie/kwekerij-delta');
    await expect(named.getByText(/^tmp[_-]/)).toHaveCount(0);
    const personal = page.getByRole('region', { name: OS.personalTitle });
    await expect(personal.getByText(/^tmp-[0-9a-f]+$/).first()).toBeVisible();

    await page.getByRole('searchbox', { name: OS.searchLabel }).fill('kassenBOUW');
    if (!javaScriptEnabled) await page.getByRole('button', { name: OS.search }).click();
    await expect(named.getByRole('link', { name: OS.viewOrganization('Kwekerij Delta') })).toHaveCount(0);
    await expect(named.getByRole('link', { name: OS.viewOrganization('Kassenbouw West') })).toBeVisible();
    await expect(named.getByText(OS.userCount(1))).toBeVisible();
    // With JavaScript the list filters while typing, without a round trip; without it the form is a GET.
    if (javaScriptEnabled) await expect(page).toHaveURL(/\/organisaties$/);
    else await expect(page).toHaveURL(/\/organisaties\?q=kassenBOUW$/);
  });

  test('a non-admin sees only their own organisation on /organisaties', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.otherOwner);
    await page.goto('/organisaties');
    await expect(page.getByRole('main').getByRole('link', { name: /^Bekijken/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: OS.viewOrganization('Kassenbouw West') })).toBeVisible();
    await expect(page.getByText('Kwekerij Delta')).toHaveCount(0);
  });

  test('shows a spinner while saving and hides the confirmation after three seconds', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the pending state and the timer need JavaScript');
    await signUp(page);
    await page.goto('/mijn-organisatie');
    await page.route('**/mijn-organisatie.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('region', { name: O.detailsTitle }).getByLabel(O.name, { exact: true }).fill(uniqueName());
    const button = page.getByRole('button', { name: new RegExp(O.save) });
    await button.click();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button.locator('svg.animate-spin')).toBeVisible();
    const message = page.getByText(O.saved);
    await expect(message).toBeVisible();
    await expect(message).toBeHidden({ timeout: 6_000 });
  });
});
