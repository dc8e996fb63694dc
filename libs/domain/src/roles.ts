import { type Permission, PERMISSIONS, READ_PERMISSIONS } from './permissions';

export const ROLES = [
  'AdminOrganization.Owner',
  'Organization.Owner',
  'Datasource.Contributor',
  'Authorisation.Contributor',
  'Organization.Contributor',
  'Application.Contributor',
  'User.Contributor',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

const ORGANIZATION_CONTRIBUTOR: Permission[] = ['Organization.Update'];
const USER_CONTRIBUTOR: Permission[] = [
  'User.Delete',
  'Invitation.Create',
  'RoleAssignment.Read',
  'RoleAssignment.Create',
  'RoleAssignment.Delete',
];
const DATASOURCE_CONTRIBUTOR: Permission[] = [
  'Datasource.Read',
  'Datasource.Create',
  'Datasource.Update',
  'Datasource.Delete',
];
const AUTHORISATION_CONTRIBUTOR: Permission[] = [
  'AuthorisationAssignment.Read',
  'AuthorisationAssignment.Create',
  'AuthorisationAssignment.Delete',
];
const APPLICATION_CONTRIBUTOR: Permission[] = [
  'Application.Create',
  'Application.Update',
  'Application.Delete',
];

/** Read rights come on top for everyone. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  'Organization.Contributor': ORGANIZATION_CONTRIBUTOR,
  'User.Contributor': USER_CONTRIBUTOR,
  'Datasource.Contributor': DATASOURCE_CONTRIBUTOR,
  'Authorisation.Contributor': AUTHORISATION_CONTRIBUTOR,
  'Application.Contributor': APPLICATION_CONTRIBUTOR,
  'Organization.Owner': [
    ...ORGANIZATION_CONTRIBUTOR,
    ...USER_CONTRIBUTOR,
    ...DATASOURCE_CONTRIBUTOR,
    ...AUTHORISATION_CONTRIBUTOR,
    'ApiToken.Manage',
    'AuditLog.Read',
  ],
  'AdminOrganization.Owner': [...PERMISSIONS],
};

/** Roles that may only be held by members of the admin organisation. */
export const ADMIN_ORGANIZATION_ONLY_ROLES: readonly Role[] = [
  'AdminOrganization.Owner',
  'Application.Contributor',
];

/** The owner roles: an organisation must always keep at least one holder of one of these. */
export const OWNER_ROLES: readonly Role[] = ['AdminOrganization.Owner', 'Organization.Owner'];

export function permissionsForRoles(roles: readonly string[]): Permission[] {
  const granted = new Set<Permission>(READ_PERMISSIONS);
  for (const role of roles) {
    if (isRole(role)) for (const permission of ROLE_PERMISSIONS[role]) granted.add(permission);
  }
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

export const ROLE_CHECKBOXES = [
  'owner',
  'datasources',
  'authorisations',
  'organization',
  'applications',
  'users',
] as const;

export type RoleCheckbox = (typeof ROLE_CHECKBOXES)[number];

export const ROLE_CHECKBOX_LABELS: Record<RoleCheckbox, string> = {
  owner: 'eigenaar',
  datasources: 'databronnen beheren',
  authorisations: 'machtigingen beheren',
  organization: 'organisatie beheren',
  applications: 'applicaties beheren',
  users: 'gebruikers beheren',
};

const CONTRIBUTOR_ROLE_FOR_CHECKBOX: Record<Exclude<RoleCheckbox, 'owner'>, Role> = {
  datasources: 'Datasource.Contributor',
  authorisations: 'Authorisation.Contributor',
  organization: 'Organization.Contributor',
  applications: 'Application.Contributor',
  users: 'User.Contributor',
};

/** 'owner' depends on whether the user is in the admin organisation. */
export function roleForCheckbox(box: RoleCheckbox, inAdminOrganization: boolean): Role {
  if (box === 'owner') return inAdminOrganization ? 'AdminOrganization.Owner' : 'Organization.Owner';
  return CONTRIBUTOR_ROLE_FOR_CHECKBOX[box];
}

export function checkboxesForRoles(roles: readonly string[]): Set<RoleCheckbox> {
  const ticked = new Set<RoleCheckbox>();
  for (const role of roles) {
    if (role === 'AdminOrganization.Owner') ROLE_CHECKBOXES.forEach((box) => ticked.add(box));
    else if (role === 'Organization.Owner')
      (['owner', 'datasources', 'authorisations', 'organization', 'users'] as const).forEach((box) =>
        ticked.add(box),
      );
    else
      for (const [box, contributor] of Object.entries(CONTRIBUTOR_ROLE_FOR_CHECKBOX))
        if (contributor === role) ticked.add(box as RoleCheckbox);
  }
  return ticked;
}
