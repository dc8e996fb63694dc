import { describe, expect, it } from 'vitest';
import { PERMISSIONS, READ_PERMISSIONS } from './permissions';
import { checkboxesForRoles, permissionsForRoles, roleForCheckbox, ROLE_CHECKBOXES } from './roles';

describe('role → permission matrix', () => {
  it('gives every member the read rights only', () => {
    expect(permissionsForRoles([])).toEqual([...READ_PERMISSIONS].sort((a, b) => PERMISSIONS.indexOf(a) - PERMISSIONS.indexOf(b)));
  });

  it('gives an organisation owner everything but Application.*', () => {
    const owner = permissionsForRoles(['Organization.Owner']);
    expect(owner).toContain('RoleAssignment.Create');
    expect(owner).toContain('Datasource.Delete');
    expect(owner).toContain('AuthorisationAssignment.Delete');
    expect(owner).toContain('Organization.Update');
    expect(owner).toContain('ApiToken.Manage');
    expect(owner.filter((p) => p.startsWith('Application.'))).toEqual(['Application.Read']);
  });

  it('gives the admin organisation owner everything', () => {
    expect(permissionsForRoles(['AdminOrganization.Owner'])).toEqual([...PERMISSIONS]);
  });

  it('gives a contributor only its own additions', () => {
    const datasource = permissionsForRoles(['Datasource.Contributor']);
    expect(datasource).toContain('Datasource.Create');
    expect(datasource).not.toContain('User.Delete');
    expect(datasource).not.toContain('ApiToken.Manage');
    expect(permissionsForRoles(['User.Contributor'])).toEqual(
      expect.arrayContaining(['User.Delete', 'Invitation.Create', 'RoleAssignment.Read', 'RoleAssignment.Create', 'RoleAssignment.Delete']),
    );
  });

  it('ignores unknown role names', () => {
    expect(permissionsForRoles(['Root.Everything'])).toEqual(permissionsForRoles([]));
  });
});

describe('checkbox mapping', () => {
  it('maps owner by organisation kind', () => {
    expect(roleForCheckbox('owner', true)).toBe('AdminOrganization.Owner');
    expect(roleForCheckbox('owner', false)).toBe('Organization.Owner');
    expect(roleForCheckbox('datasources', false)).toBe('Datasource.Contributor');
  });

  it('ticks boxes for loaded roles', () => {
    expect([...checkboxesForRoles(['AdminOrganization.Owner'])].sort()).toEqual([...ROLE_CHECKBOXES].sort());
    expect([...checkboxesForRoles(['Organization.Owner'])].sort()).toEqual(
      ['authorisations', 'datasources', 'organization', 'owner', 'users'],
    );
    expect([...checkboxesForRoles(['User.Contributor'])]).toEqual(['users']);
  });
});
