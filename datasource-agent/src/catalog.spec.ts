import { describe, expect, it } from 'vitest';
import { parseCatalog } from './catalog';

describe('parseCatalog', () => {
  it('reads a YAML list under datasets:', () => {
    const catalog = parseCatalog(
      `datasets:
  - file: kas.ttl
    name: Kas
    about: "Over: de kas"
    contact: teelt@kwekerij.test
    additional_info: Meer info
  - file: water.ttl
    dataset_id: water-2026
    name: Water
`,
      'datasets.yaml',
    );
    expect(catalog.problems).toEqual([]);
    expect(catalog.entries).toEqual([
      { file: 'kas.ttl', name: 'Kas', about: 'Over: de kas', contact: 'teelt@kwekerij.test', additional_info: 'Meer info' },
      { file: 'water.ttl', dataset_id: 'water-2026', name: 'Water', about: '', contact: '', additional_info: '' },
    ]);
  });

  it('reads a JSON list', () => {
    const catalog = parseCatalog(JSON.stringify([{ file: 'a.ttl', name: 'A', about: 'x', contact: 'y', additional_info: 'z' }]), 'datasets.json');
    expect(catalog.entries).toHaveLength(1);
    expect(catalog.entries[0].name).toBe('A');
  });

  it('skips bad entries with a reason and keeps the good ones', () => {
    const catalog = parseCatalog(
      `- file: ../etc/passwd.ttl
  name: escape
- file: data.csv
  name: not turtle
- file: ok.ttl
  name: OK
- file: ok.ttl
  name: twice
- file: id.ttl
  dataset_id: "has spaces"
- file: .hidden.ttl
`,
      'datasets.yaml',
    );
    expect(catalog.entries.map((entry) => entry.file)).toEqual(['ok.ttl']);
    expect(catalog.problems).toHaveLength(5);
  });

  it('uses the file name when the name is missing, and accepts an empty file', () => {
    expect(parseCatalog('- file: kas-1.ttl', 'datasets.yaml').entries[0].name).toBe('kas-1');
    expect(parseCatalog('', 'datasets.yaml').entries).toEqual([]);
  });

  it('throws on unparseable files', () => {
    expect(() => parseCatalog('{ not json', 'datasets.json')).toThrow(/datasets.json/);
    expect(() => parseCatalog('datasets: 3', 'datasets.yaml')).toThrow(/list/);
  });
});
