import { describe, expect, it } from 'vitest';
import { insightCsv, insightTables } from './insight';

const overview = {
  days: 30,
  dropped_events: 0,
  max_rating: 5,
  visits_per_day: [{ day: '2026-11-24', visits: 3 }],
  active_per_week: [{ week: '2026-11-23', users: 2, organizations: 1 }],
  top_datasets: [],
  top_applications: [],
  dataset_use: [],
  satisfaction: [],
};

describe('insight tables', () => {
  it("name days in the long Dutch style and weeks as 'week 48'", () => {
    const [visits, active] = insightTables(overview as Parameters<typeof insightTables>[0]);
    expect(visits.labels).toEqual(['24 november 2026']);
    expect(active.labels).toEqual(['week 48']);
    expect(insightCsv(overview as Parameters<typeof insightCsv>[0])).toContain('week 48,2,1');
  });
});
