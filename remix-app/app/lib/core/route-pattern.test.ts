import { describe, expect, it } from 'vitest';
import { routePattern, subjectSlug } from './route-pattern';

describe('routePattern', () => {
  it('names pages by pattern, without ids, slugs or layout segments', () => {
    expect(routePattern('routes/_shell.dataset.$slug')).toBe('/dataset/:slug');
    expect(routePattern('routes/_shell._index')).toBe('/');
    expect(routePattern('routes/_shell.datasets._index')).toBe('/datasets');
    expect(routePattern('routes/_shell.gebruiker.$userId_.verwijderen')).toBe('/gebruiker/:userId/verwijderen');
    expect(routePattern('routes/_shell.beheer-inzicht')).toBe('/beheer-inzicht');
  });
  it('keeps the slug only of dataset and application pages', () => {
    expect(subjectSlug('/dataset/:slug', { slug: 'kas' })).toBe('kas');
    expect(subjectSlug('/organisatie/:slug', { slug: 'delta' })).toBeUndefined();
  });
});
