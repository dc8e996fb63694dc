/**
 * Effective permissions per role, written out from access-model.md — not computed by
 * permissionsForRoles, which is what the tests check.
 */
export const MEMBER_PERMISSIONS = ['Organization.Read', 'User.Read', 'Dataset.Read', 'Application.Read', 'Licence.Read'];

export const OWNER_PERMISSIONS = [
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
  'Licence.Read',
  'ApiToken.Manage',
  'AuditLog.Read',
];

export const DATASOURCE_CONTRIBUTOR_PERMISSIONS = [
  'Organization.Read',
  'User.Read',
  'Datasource.Read',
  'Datasource.Create',
  'Datasource.Update',
  'Datasource.Delete',
  'Dataset.Read',
  'Application.Read',
  'Licence.Read',
];

export const USER_CONTRIBUTOR_PERMISSIONS = [
  'Organization.Read',
  'User.Read',
  'User.Delete',
  'Invitation.Create',
  'RoleAssignment.Read',
  'RoleAssignment.Create',
  'RoleAssignment.Delete',
  'Dataset.Read',
  'Application.Read',
  'Licence.Read',
];
