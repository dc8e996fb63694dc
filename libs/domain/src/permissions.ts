export const PERMISSIONS = [
  'Organization.Read',
  'Organization.Update',
  'User.Read',
  'User.Delete',
  'Invitation.Create',
  'RoleAssignment.Read',
  'RoleAssignment.Create',
  'RoleAssignment.Delete',
  'Datasource.Read',
  'Datasource.Create',
  'Datasource.Update',
  'Datasource.Delete',
  'Dataset.Read',
  'AuthorisationAssignment.Read',
  'AuthorisationAssignment.Create',
  'AuthorisationAssignment.Delete',
  'Application.Read',
  'Application.Create',
  'Application.Update',
  'Application.Delete',
  'Licence.Read',
  'ApiToken.Manage',
  'AuditLog.Read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Every member of an organisation has these, whatever their roles. */
export const READ_PERMISSIONS: readonly Permission[] = [
  'Organization.Read',
  'User.Read',
  'Dataset.Read',
  'Application.Read',
  'Licence.Read',
];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
