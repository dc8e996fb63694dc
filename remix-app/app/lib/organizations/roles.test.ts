import { describe, expect, it } from 'vitest';
import { rolesForCheckboxes, visibleCheckboxes } from './roles';

describe('visibleCheckboxes', () => {
  it("shows 'applicaties beheren' only to members of the admin organisation", () => {
    expect(visibleCheckboxes(false)).toEqual(['owner', 'datasources', 'authorisations', 'organization', 'users']);
    expect(visibleCheckboxes(true)).toContain('applications');
  });
});

describe('rolesForCheckboxes', () => {
  it('sends the owner role only when eigenaar is ticked', () => {
    expect(rolesForCheckboxes(['owner', 'datasources', 'users'], false)).toEqual(['Organization.Owner']);
    expect(rolesForCheckboxes(['owner', 'applications', 'users'], true)).toEqual(['AdminOrganization.Owner']);
  });

  it('sends one contributor role per ticked box', () => {
    expect(rolesForCheckboxes(['datasources', 'organization'], false)).toEqual([
      'Datasource.Contributor',
      'Organization.Contributor',
    ]);
    expect(rolesForCheckboxes([], false)).toEqual([]);
  });

  it('ignores unknown values and boxes the user does not have', () => {
    expect(rolesForCheckboxes(['applications', 'AdminOrganization.Owner', 'users', 'users'], false)).toEqual([
      'User.Contributor',
    ]);
    expect(rolesForCheckboxes(['applications'], true)).toEqual(['Application.Contributor']);
  });
});
