import { describe, expect, it } from 'vitest';
import { formatHostname, parseHostname, readAddress } from './hostname';

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

// Issue 35: an address as people paste it is understood, or the answer says what to change.
describe('readAddress', () => {
  it.each([
    ['https://data.kwekerij.nl', 'data.kwekerij.nl'],
    ['HTTPS://Data.Kwekerij.nl/', 'data.kwekerij.nl'],
    ['http://data.kwekerij.nl:8443/sparql?x=1#y', 'data.kwekerij.nl:8443'],
    ['data.kwekerij.nl/datasets', 'data.kwekerij.nl'],
    ['  data.kwekerij.nl:8080 ', 'data.kwekerij.nl:8080'],
    ['https://[2001:db8::1]:8443/', '[2001:db8::1]:8443'],
  ])('understands %s', (input, expected) => {
    const read = readAddress(input);
    expect('problem' in read ? read : formatHostname(read)).toBe(expected);
  });

  it.each([
    ['ftp://data.kwekerij.nl', 'scheme'],
    ['https://gebruiker@data.kwekerij.nl', 'userinfo'],
    ['met spatie.nl', 'characters'],
    ['https://localhost:3000', 'incomplete'],
    ['data', 'incomplete'],
    ['data.kwekerij.nl:70000', 'port'],
  ])('says what to change in %s', (input, problem) => {
    expect(readAddress(input)).toEqual({ problem });
  });
});
