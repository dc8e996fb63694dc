import { describe, expect, it } from 'vitest';
import { moreHref, PAGE_SIZE, shownCount } from './paging';

const at = (search: string) => new Request(`http://portal.test/datasets${search}`);

describe('paging of long lists', () => {
  it('shows one page by default and whole pages up to the most', () => {
    expect(shownCount(at(''))).toBe(PAGE_SIZE);
    expect(shownCount(at('?aantal=100'))).toBe(100);
    expect(shownCount(at('?aantal=101'))).toBe(150);
    expect(shownCount(at('?aantal=7'))).toBe(PAGE_SIZE);
    expect(shownCount(at('?aantal=abc'))).toBe(PAGE_SIZE);
    expect(shownCount(at('?aantal=99999'))).toBe(500);
  });

  it("'Meer laden' asks for one more page and keeps the search", () => {
    expect(moreHref('', 50)).toBe('?aantal=100');
    expect(moreHref('kas & co', 100)).toBe('?q=kas+%26+co&aantal=150');
  });
});
