import { describe, expect, it } from 'vitest';
import {
  displayOrganizationName,
  formatDateDashed,
  formatDateSlashed,
  initials,
  titleCase,
} from './format';

describe('initials', () => {
  it('takes the first two letters uppercased', () => {
    expect(initials('jan')).toBe('JA');
    expect(initials('  éva ')).toBe('ÉV');
    expect(initials('Q')).toBe('Q');
    expect(initials(undefined)).toBe('');
  });
});

describe('organisation names', () => {
  it('shows personal organisations with an empty name', () => {
    expect(displayOrganizationName('tmp_a1b2c3')).toBe('');
    expect(displayOrganizationName('Kwekerij Delta')).toBe('Kwekerij Delta');
  });
});

describe('dates', () => {
  it('formats in Europe/Amsterdam', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Amsterdam
    expect(formatDateSlashed('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    expect(formatDateDashed('2023-01-01T00:00:00Z')).toBe('01-01-2023');
  });
});

describe('titleCase', () => {
  it('capitalises statuses', () => {
    expect(titleCase('offline')).toBe('Offline');
    expect(titleCase('niet bereikbaar')).toBe('Niet Bereikbaar');
  });
});
