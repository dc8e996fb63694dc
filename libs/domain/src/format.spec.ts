import { describe, expect, it } from 'vitest';
import {
  displayOrganizationName,
  hasTemporarySlug,
  formatDateDashed,
  formatDateLong,
  formatDateSlashed,
  formatDateTimeLong,
  formatWeek,
  initials,
  titleCase,
} from './format';
import { SEARCH_ACCENTED, SEARCH_PLAIN, searchFolded } from './search-fold';

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

  it('knows a personal organisation still on its tmp- slug (issue 37), and nobody else', () => {
    expect(hasTemporarySlug({ name: 'tmp_a1b2c3', slug: 'tmp-a1b2c3' })).toBe(true);
    expect(hasTemporarySlug({ name: 'Kwekerij Zon', slug: 'tmp-a1b2c3' })).toBe(false);
    expect(hasTemporarySlug({ name: 'Tmp Kassen', slug: 'tmp-kassen' })).toBe(false);
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

describe('the long date style and weeks', () => {
  it("writes 'd MMMM yyyy' in Dutch, in Europe/Amsterdam", () => {
    expect(formatDateLong('2026-11-24T10:00:00Z')).toBe('24 november 2026');
    expect(formatDateLong(new Date('2026-03-01T12:00:00Z'))).toBe('1 maart 2026');
    // 23:30 UTC on 31 December is already New Year's Day in Amsterdam.
    expect(formatDateLong('2025-12-31T23:30:00Z')).toBe('1 januari 2026');
  });

  it('adds the time of day for a moment', () => {
    expect(formatDateTimeLong('2026-11-24T13:05:00Z')).toBe('24 november 2026 om 14:05');
    expect(formatDateTimeLong('2026-07-01T06:00:00Z')).toBe('1 juli 2026 om 08:00');
    expect(formatDateTimeLong('2026-07-01T22:00:09Z', { seconds: true })).toBe('2 juli 2026 om 00:00:09');
  });

  it("names ISO weeks as 'week 48'", () => {
    expect(formatWeek('2026-11-24T10:00:00Z')).toBe('week 48');
    // 1 January 2027 is a Friday: it belongs to week 53 of 2026.
    expect(formatWeek('2027-01-01T10:00:00Z')).toBe('week 53');
    // 29 December 2025 is a Monday: week 1 of 2026.
    expect(formatWeek('2025-12-29T10:00:00Z')).toBe('week 1');
    expect(formatWeek('2026-01-04T22:30:00Z')).toBe('week 1');
    // Sunday 23:30 UTC is Monday in Amsterdam: the next week.
    expect(formatWeek('2026-01-04T23:30:00Z')).toBe('week 2');
  });
});

describe('search folding', () => {
  it('lowers case and takes accents off, letter for letter', () => {
    expect(searchFolded('Kas ÉÉN, café, Ëlla')).toBe('kas een, cafe, ella');
    expect(SEARCH_ACCENTED.length).toBe(SEARCH_PLAIN.length);
  });
});
