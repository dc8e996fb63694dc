import { describe, expect, it } from 'vitest';
import { describeAuditChange } from './audit-details';

describe('describeAuditChange', () => {
  it('names fields and values in Dutch: categories, dates, roles, token kinds', () => {
    expect(describeAuditChange({ authorisations: ['Dataset.ReadWater', 'Dataset.ReadHeating'], expiration_date: '2026-12-31' })).toBe(
      'categorieën: Water, Verwarming; geldig tot en met: 31 december 2026',
    );
    expect(describeAuditChange({ authorisations: ['Dataset.ReadAll'], expiration_date: null })).toBe('categorieën: Alle data in deze dataset; geldig tot en met: voor onbepaalde tijd');
    expect(describeAuditChange({ email: 'a@b.test', roles: ['Organization.Owner', 'User.Contributor'] })).toBe('e-mailadres: a@b.test; rollen: eigenaar, gebruikers beheren');
    expect(describeAuditChange({ name: 'script', kind: 'personal', scopes: ['data:read'], expires_on: '2027-01-05' })).toBe(
      'naam: script; soort: persoonlijk; rechten: data:read; geldig tot en met: 5 januari 2027',
    );
    expect(describeAuditChange({ path: '/kas', pattern: null })).toBe('pad: /kas; patroon: –');
  });

  it('leaves what it does not know as it is, and nothing for no change', () => {
    expect(describeAuditChange({ authorisations: ['@SUM(A1)'] })).toBe('categorieën: @SUM(A1)');
    expect(describeAuditChange(null)).toBe('');
  });
});
