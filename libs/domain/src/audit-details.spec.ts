import { describe, expect, it } from 'vitest';
import { describeAuditChange, describeAuditDifference } from './audit-details';

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

describe('describeAuditDifference (issue 37: an approval row says what changed in words, never X → X)', () => {
  const asked = { authorisations: ['Dataset.ReadHeating', 'Dataset.ReadCrop'], expiration_date: '2027-06-30' };
  it('says an approval granted what was asked', () => {
    const text = describeAuditDifference('access_request.approved', asked, { ...asked });
    expect(text).toBe(`goedgekeurd zoals aangevraagd: ${describeAuditChange(asked)}`);
    expect(text).not.toContain('→');
  });

  it('names what differs from the request, and what it was for other changes', () => {
    expect(describeAuditDifference('access_request.approved', asked, { authorisations: ['Dataset.ReadHeating'], expiration_date: '2027-06-30' })).toBe(
      'categorieën: Verwarming (aangevraagd: Verwarming, Gewassen); geldig tot en met: 30 juni 2027',
    );
    expect(describeAuditDifference('grant.extended', { authorisations: ['Dataset.ReadWater'], expiration_date: '2027-06-30' }, { authorisations: ['Dataset.ReadWater'], expiration_date: '2027-12-31' })).toBe(
      'categorieën: Water; geldig tot en met: 31 december 2027 (was: 30 juni 2027)',
    );
  });

  it('describes a one-sided change as it is', () => {
    expect(describeAuditDifference('grant.created', null, { authorisations: ['Dataset.ReadWater'] })).toBe('categorieën: Water');
    expect(describeAuditDifference('grant.revoked', { authorisations: ['Dataset.ReadWater'] }, null)).toBe('categorieën: Water');
    expect(describeAuditDifference('grant.revoked', null, null)).toBe('');
  });
});
