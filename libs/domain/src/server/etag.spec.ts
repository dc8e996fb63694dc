import { describe, expect, it } from 'vitest';
import { etagOf, ifNoneMatchNames } from './etag';

describe('etagOf', () => {
  it('names the same bytes alike and other bytes otherwise', () => {
    expect(etagOf('abc')).toBe(etagOf(Buffer.from('abc')));
    expect(etagOf('abc')).not.toBe(etagOf('abd'));
    expect(etagOf('abc')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});

describe('ifNoneMatchNames', () => {
  const etag = etagOf('page');
  it('matches the ETag itself, its weak form, one in a list, and *', () => {
    expect(ifNoneMatchNames(etag, etag)).toBe(true);
    expect(ifNoneMatchNames(`W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchNames(`"other", ${etag}`, etag)).toBe(true);
    expect(ifNoneMatchNames('*', etag)).toBe(true);
  });
  it('does not match nothing, another ETag or the bare value', () => {
    expect(ifNoneMatchNames(undefined, etag)).toBe(false);
    expect(ifNoneMatchNames(null, etag)).toBe(false);
    expect(ifNoneMatchNames('"other"', etag)).toBe(false);
    expect(ifNoneMatchNames(etag.slice(1, -1), etag)).toBe(false);
  });
});
