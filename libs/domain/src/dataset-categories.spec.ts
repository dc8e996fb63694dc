import { describe, expect, it } from 'vitest';
import { categoryLabel, presentCategories, reportedCategories } from './dataset-categories';

describe('categories present in a dataset', () => {
  it('keeps the known literals once, in the DATASET_SCOPES order, and drops unknown ones', () => {
    expect(presentCategories(['VenloGreenhouse', 'Onbekend', 'Water', 'Construction', 'Water'])).toEqual(['Construction', 'Water', 'VenloGreenhouse']);
  });

  it('takes what the metadata reports only when it is an array of known literals, else unknown (null)', () => {
    expect(reportedCategories(['Heating', 'Water', 'Heating'])).toEqual(['Water', 'Heating']);
    expect(reportedCategories([])).toEqual([]);
    expect(reportedCategories(undefined)).toBeNull();
    expect(reportedCategories('Water')).toBeNull();
    expect(reportedCategories(['Water', 'Onbekend'])).toBeNull();
    expect(reportedCategories(['Water', 3])).toBeNull();
    expect(reportedCategories(Array.from({ length: 9 }, () => 'Water'))).toBeNull();
  });

  it('labels a category in Dutch', () => {
    expect(categoryLabel('Heating')).toBe('Verwarming');
    expect(categoryLabel('VenloGreenhouse')).toBe('Venlo-kas');
  });
});
