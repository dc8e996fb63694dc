import { describe, expect, it } from 'vitest';
import { applicationBody, parsePrice } from './applications';

describe('parsePrice', () => {
  it('reads Dutch and plain numbers, empty as none, and leaves anything else for the API to refuse', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('  ')).toBeNull();
    expect(parsePrice('1250')).toBe(1250);
    expect(parsePrice('1.250,50')).toBe(1250.5);
    expect(parsePrice('€ 99,95')).toBe(99.95);
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice('twaalf')).toBe('twaalf');
    expect(parsePrice('12 euro')).toBe('12 euro');
  });
});

describe('applicationBody', () => {
  it('sends empty optional fields as null and leaves the data source out when the form has none', () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'App', owner_organization: 'o', about: 'a', usage: 'u', url: 'https://x.nl', category: '', price_per_year: '' }))
      form.set(name, value);
    const body = applicationBody(form);
    expect(body).toMatchObject({ category: null, price_per_year: null, url_licence_server: null });
    expect(body).not.toHaveProperty('datasource_id');
    form.set('datasource_id', '');
    expect(applicationBody(form).datasource_id).toBeNull();
  });
});
