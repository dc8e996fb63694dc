import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ORGANIZATION_LABELS, ROLE_CHECKBOX_LABELS, uniqueEmailAt } from './users-helpers';
import { api, apiSignUp, currentUser, signUp } from './helpers';
import { DEMO_USERS } from './settings';

const U = ORGANIZATION_LABELS.users;
const P = ORGANIZATION_LABELS.user;
const LAST_OWNER = 'Er moet altijd een eigenaar zijn van een organsatie!';

/** The permissions section of /gebruiker/{id} (the shell has a checkbox of its own: the menu toggle). */
function permissions(page: Page) {
  return page.getByRole('region', { name: P.rolesTitle });
}

test.describe('users and permissions', () => {
  test("an owner grants 'databronnen beheren' and the member then has Datasource.Read", async ({ page, signInAs }) => {
    // A fresh member of Kwekerij Delta (its e-mail domain places them there with read rights).
    const member = await apiSignUp(uniqueEmailAt('kwekerij-delta.test'));
    expect(member.organization_name).toBe('Kwekerij Delta');
    const before = await api(member.token, 'get', '/api/users/{id}/permissions', { params: { path: { id: member.id } } });
    expect(before.data).not.toContain('Datasource.Read');

    await signInAs(DEMO_USERS.owner);
    await page.goto('/mijn-gebruikers');
    const name = `${member.firstname} ${member.lastname}`;
    await page.getByRole('link', { name: U.viewUser(name) }).click();
    await expect(page).toHaveURL(new RegExp(`/gebruiker/${member.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByLabel(P.email, { exact: true })).toHaveValue(member.email);

    const datasources = permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.datasources });
    await expect(datasources).not.toBeChecked();
    await expect(datasources).toBeEnabled();
    await expect(permissions(page).getByRole('checkbox')).toHaveCount(5);
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.applications })).toHaveCount(0);

    await datasources.check();
    await page.getByRole('button', { name: P.save }).click();
    await expect(page.getByRole('status')).toHaveText(P.saved);
    await page.reload();
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.datasources })).toBeChecked();
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.owner })).not.toBeChecked();
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.users })).not.toBeChecked();

    const roles = await api(member.token, 'get', '/api/users/{id}/roles', { params: { path: { id: member.id } } });
    expect(roles.data).toEqual(['Datasource.Contributor']);
    const after = await api(member.token, 'get', '/api/users/{id}/permissions', { params: { path: { id: member.id } } });
    expect(after.data).toContain('Datasource.Read');
    expect(after.data).not.toContain('RoleAssignment.Create');
  });

  test('a member without rights sees permissions and users view-only', async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.member);
    await page.goto('/mijn-gebruikers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(U.myTitle);
    await expect(page.getByRole('button', { name: /^Verwijder/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: U.inviteTitle })).toHaveCount(0);

    await page.getByRole('link', { name: U.viewUser('Erik de Eigenaar') }).click();
    await expect(page.getByText(P.rolesReadOnly)).toBeVisible();
    // Organization.Owner ticks owner, data sources, authorisations, organisation and users.
    for (const box of ['owner', 'datasources', 'authorisations', 'organization', 'users'] as const) {
      const checkbox = permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS[box] });
      await expect(checkbox).toBeChecked();
      await expect(checkbox).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: P.save })).toHaveCount(0);
  });

  test("an admin's page for an admin-organisation owner shows all six boxes ticked", async ({ page, signInAs }) => {
    await signInAs(DEMO_USERS.admin);
    const me = await currentUser(page);
    await page.goto(`/gebruiker/${me.user_id}`);
    await expect(permissions(page).getByRole('checkbox')).toHaveCount(6);
    for (const label of Object.values(ROLE_CHECKBOX_LABELS)) {
      await expect(permissions(page).getByRole('checkbox', { name: label })).toBeChecked();
    }
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.applications })).toBeEnabled();
  });

  test('removing the last owner is refused with the Dutch error and the form shows the stored roles again', async ({ page }) => {
    await signUp(page);
    const me = await currentUser(page);
    await page.goto('/mijn-gebruikers');
    await page.getByRole('link', { name: U.viewUser(`${me.firstname} ${me.lastname}`) }).click();
    const owner = permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.owner });
    await expect(owner).toBeChecked();
    await owner.uncheck();
    await page.getByRole('button', { name: P.save }).click();
    await expect(page.getByRole('alert')).toHaveText(LAST_OWNER);
    // Still the owner: the box says so right away, without a reload.
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.owner })).toBeChecked();
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.datasources })).toBeChecked();
    const roles = await page.request.get(`/api/users/${me.user_id}/roles`);
    expect(await roles.json()).toEqual(['Organization.Owner']);
    // (A reload would post the refused form again without JavaScript.)
    await page.goto(`/gebruiker/${me.user_id}`);
    await expect(permissions(page).getByRole('checkbox', { name: ROLE_CHECKBOX_LABELS.owner })).toBeChecked();
  });

  test("/gebruikers/{slug}: view only for non-admins, remove buttons for admins", async ({ page, signInAs }) => {
    // The owner may remove users on /mijn-gebruikers, but this page is view-only for non-admins.
    await signInAs(DEMO_USERS.owner);
    await page.goto('/gebruikers/kwekerij-delta');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(U.title('Kwekerij Delta'));
    await expect(page.getByRole('link', { name: U.viewUser('Lotte Lid') })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);

    await signInAs(DEMO_USERS.admin);
    await page.goto('/gebruikers/kassenbouw-west');
    await expect(page.getByRole('link', { name: U.viewUser('Wim Westra') })).toHaveAttribute('href', /^\/gebruiker\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('button', { name: U.removeUser('Wim Westra') })).toBeVisible();
    await expect(page.getByRole('heading', { name: U.inviteTitle })).toHaveCount(0);
  });
});
