import { describe, expect, it } from 'vitest';
import { parseCatalogue } from './catalogue';

describe('parseCatalogue', () => {
  it('reads a YAML list under datasets:', () => {
    const catalogue = parseCatalogue(
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
    expect(catalogue.problems).toEqual([]);
    expect(catalogue.entries).toEqual([
      { file: 'kas.ttl', name: 'Kas', about: 'Over: de kas', contact: 'teelt@kwekerij.test', additional_info: 'Meer info' },
      { file: 'water.ttl', dataset_id: 'water-2026', name: 'Water', about: '', contact: '', additional_info: '' },
    ]);
  });

  it('reads a JSON list', () => {
    const catalogue = parseCatalogue(JSON.stringify([{ file: 'a.ttl', name: 'A', about: 'x', contact: 'y', additional_info: 'z' }]), 'datasets.json');
    expect(catalogue.entries).toHaveLength(1);
    expect(catalogue.entries[0].name).toBe('A');
  });

  it('skips bad entries with a reason and keeps the good ones', () => {
    const catalogue = parseCatalogue(
      `- file: ../etc/passwd.ttl
  name: escape
- file: data.json
  name: not a dataset file (.ttl, .csv, .xlsx)
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
    expect(catalogue.entries.map((entry) => entry.file)).toEqual(['ok.ttl']);
    expect(catalogue.problems).toHaveLength(5);
  });

  it('accepts CSV and Excel files, named after the file without its extension', () => {
    const catalogue = parseCatalogue('- file: klimaat.csv\n- file: Oogst.XLSX\n', 'datasets.yaml');
    expect(catalogue.entries.map((entry) => [entry.file, entry.name])).toEqual([
      ['klimaat.csv', 'klimaat'],
      ['Oogst.XLSX', 'Oogst'],
    ]);
  });

  it('uses the file name when the name is missing, and accepts an empty file', () => {
    expect(parseCatalogue('- file: kas-1.ttl', 'datasets.yaml').entries[0].name).toBe('kas-1');
    expect(parseCatalogue('', 'datasets.yaml').entries).toEqual([]);
  });

  it('throws on unparseable files', () => {
    expect(() => parseCatalogue('{ not json', 'datasets.json')).toThrow(/datasets.json/);
    expect(() => parseCatalogue('datasets: 3', 'datasets.yaml')).toThrow(/list/);
  });
});
