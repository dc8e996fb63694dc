import { ROLE_CHECKBOXES, checkboxesForRoles, roleForCheckbox, type Role, type RoleCheckbox } from '@datahub/domain';

export function isRoleCheckbox(value: unknown): value is RoleCheckbox {
  return typeof value === 'string' && (ROLE_CHECKBOXES as readonly string[]).includes(value);
}

/** The boxes shown for a user: 'applicaties beheren' only for members of the admin organisation. */
export function visibleCheckboxes(inAdminOrganization: boolean): RoleCheckbox[] {
  return ROLE_CHECKBOXES.filter((box) => box !== 'applications' || inAdminOrganization);
}

/** A ticked 'eigenaar' sends the owner role only, not the roles it implies; boxes not shown for the user are ignored. */
export function rolesForCheckboxes(ticked: Iterable<string>, inAdminOrganization: boolean): Role[] {
  const visible = new Set<RoleCheckbox>(visibleCheckboxes(inAdminOrganization));
  const boxes = new Set<RoleCheckbox>();
  for (const value of ticked) if (isRoleCheckbox(value) && visible.has(value)) boxes.add(value);
  const roles: Role[] = [];
  let implied = new Set<RoleCheckbox>();
  if (boxes.has('owner')) {
    const owner = roleForCheckbox('owner', inAdminOrganization);
    roles.push(owner);
    implied = checkboxesForRoles([owner]);
  }
  for (const box of ROLE_CHECKBOXES) {
    if (box === 'owner' || !boxes.has(box) || implied.has(box)) continue;
    roles.push(roleForCheckbox(box, inAdminOrganization));
  }
  return roles;
}
