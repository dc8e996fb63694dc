import { describe, expect, it } from 'vitest';
import { sectionTitle } from './section-title';

describe('sectionTitle', () => {
  it('names menu pages by their menu label, their sub-pages too', () => {
    expect(sectionTitle('/databronnen')).toBe('Databronnen');
    expect(sectionTitle('/databronnen/aanmaken')).toBe('Databronnen');
    expect(sectionTitle('/mijn-gebruikers/uitnodigingen/1/intrekken')).toBe('Mijn gebruikers');
    expect(sectionTitle('/beheer-datasets')).toBe('Datasets beheren');
  });
  it('names detail pages by their section, and the start page', () => {
    expect(sectionTitle('/databron/abc/verwijderen')).toBe('Databronnen');
    expect(sectionTitle('/gebruiker/abc')).toBe('Gebruikers');
    expect(sectionTitle('/')).toBe('Start');
    expect(sectionTitle('/bestaat-niet')).toBe('');
  });
  it('does not take a longer word for a menu path', () => {
    expect(sectionTitle('/datasetsx')).toBe('');
  });
});
