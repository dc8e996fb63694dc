import { describe, expect, it } from 'vitest';
import { formatHostname, parseHostname } from './hostname';

describe('parseHostname', () => {
  it.each([
    ['data.kwekerij-delta.nl', 'data.kwekerij-delta.nl'],
    ['Data.Kwekerij.NL', 'data.kwekerij.nl'],
    ['10.0.0.5', '10.0.0.5'],
    ['127.0.0.1:4010', '127.0.0.1:4010'],
    ['[::1]:8080', '[::1]:8080'],
    ['::1', '[::1]'],
    ['bron.example.com:443', 'bron.example.com:443'],
  ])('accepts %s', (input, expected) => {
    const parsed = parseHostname(input);
    expect(parsed && formatHostname(parsed)).toBe(expected);
  });

  it.each(['localhost', 'kwekerij', 'http://data.nl', 'data.nl/pad', '-a.nl', 'a..nl', 'data.nl:0', 'data.nl:70000', 'data.123', 'met spatie.nl', ''])(
    'refuses %s',
    (input) => {
      expect(parseHostname(input)).toBeNull();
    },
  );
});
