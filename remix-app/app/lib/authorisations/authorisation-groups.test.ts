import { describe, expect, it } from 'vitest';
import type { AuthorisationView } from './authorisations';
import { groupAuthorisations, groupOf } from './authorisation-groups';

function grant(id: string, dataset: string, assignee: string, authorisation: AuthorisationView['authorisation'], label: string, expiration: string | null, expired = false): AuthorisationView {
  return {
    authorisation_assignment_id: id, authorisation, authorisation_label: label, dataset_id: dataset, dataset_name: `Set ${dataset}`, dataset_slug: dataset,
    assignee_organization: assignee, assignee_organization_name: `Org ${assignee}`, assignee_organization_slug: assignee, assignee_organization_logo_url: null,
    owner_organization: 'o', owner_organization_name: 'Eigenaar', owner_organization_slug: 'o', owner_organization_logo_url: null,
    expiration_date: expiration, expired, created_at: '2026-01-01T00:00:00.000Z',
  };
}

describe('machtiging cards', () => {
  // As the API lists them: by dataset, organisation, then scope name.
  const list = [
    grant('1', 'a', 'west', 'Dataset.ReadCrop', 'Gewassen', '2099-01-01'),
    grant('2', 'a', 'west', 'Dataset.ReadWater', 'Water', '2099-01-01'),
    grant('3', 'a', 'noord', 'Dataset.ReadGlass', 'Glas', null, false),
    grant('4', 'b', 'west', 'Dataset.ReadHeating', 'Verwarming', '2026-01-01', true),
    grant('5', 'b', 'west', 'Dataset.ReadWater', 'Water', null),
  ];

  it('makes one card per dataset and organisation, categories in checkbox order, keeping the list order', () => {
    const groups = groupAuthorisations(list);
    expect(groups.map((group) => [group.first.dataset_id, group.first.assignee_organization, group.scopes])).toEqual([
      ['a', 'west', ['Dataset.ReadWater', 'Dataset.ReadCrop']],
      ['a', 'noord', ['Dataset.ReadGlass']],
      ['b', 'west', ['Dataset.ReadWater', 'Dataset.ReadHeating']],
    ]);
    // The handle is the first grant in checkbox order.
    expect(groups[0]!.id).toBe('2');
  });

  it('shows one expiry line when all agree, else one per date naming its categories; expired only when all are', () => {
    const [first, , mixed] = groupAuthorisations(list);
    expect(first!.expiries).toEqual([{ expiration: '2099-01-01', labels: ['Water', 'Gewassen'] }]);
    expect(mixed!.expiries).toEqual([
      { expiration: null, labels: ['Water'] },
      { expiration: '2026-01-01', labels: ['Verwarming'] },
    ]);
    expect(mixed!.expired).toBe(false);
  });

  it('finds the card of any of its grants, and none for an unknown id', () => {
    expect(groupOf(list, '1')?.id).toBe('2');
    expect(groupOf(list, '4')?.scopes).toEqual(['Dataset.ReadWater', 'Dataset.ReadHeating']);
    expect(groupOf(list, 'onbekend')).toBeUndefined();
    expect(groupOf(list, undefined)).toBeUndefined();
  });
});
