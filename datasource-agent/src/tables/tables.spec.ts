/**
 * Table files to linked data (issue 35): CSV and Excel with CSVW mappings against reference Turtle,
 * compared by graph isomorphism — decimal commas and thousands separators, missing values,
 * Europe/Amsterdam wall-clock times across both daylight-saving changes, Excel date cells.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { Parser, type Quad } from 'n3';
import { isomorphic } from 'rdf-isomorphic';
import { describe, expect, it } from 'vitest';
import { CSVW_CONTEXT, readMapping, type CsvwTable } from './csvw';
import { convertTableFile } from './read';
import { tableAsText, withTableAsFile } from './table-dataset';
import { createLogger } from '../log';
import { readFileSync } from 'node:fs';

const BASE = 'https://data.kwekerij.test/klimaat/';
const PREFIXES = `
PREFIX : <${BASE}>
PREFIX cgo: <https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#>
PREFIX sosa: <http://www.w3.org/ns/sosa/>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
`;

/** The usual climate-computer export: semicolons, decimal commas, Dutch headers, date and time apart. */
function klimaatMapping(overrides: Partial<CsvwTable> = {}): CsvwTable {
  return {
    '@context': [CSVW_CONTEXT, { '@base': BASE }],
    url: 'klimaat.csv',
    dialect: { delimiter: ';', header: true },
    'datahub:timeZone': 'Europe/Amsterdam',
    tableSchema: {
      columns: [
        { name: 'datum', titles: ['Datum'], datatype: { base: 'date', format: 'dd-MM-yyyy' } },
        { name: 'tijd', titles: ['Tijd'], datatype: { base: 'time', format: 'HH:mm' } },
        {
          name: 'kasluchttemperatuur',
          titles: ['Kasluchttemperatuur (°C)'],
          datatype: { base: 'decimal', format: { decimalChar: ',', groupChar: '.' } },
          null: ['', '-'],
          'cgo:hasUnit': 'degree Celsius',
          'cgo:hasCategory': 'Other',
        },
        {
          name: 'ec-drain',
          titles: ['EC drain (mS/cm)'],
          datatype: { base: 'decimal', format: { decimalChar: ',' } },
          null: ['', '-'],
          'cgo:hasUnit': 'millisiemens per centimeter',
          'cgo:hasCategory': 'Water',
        },
        {
          name: 'buiswatergift',
          titles: ['Buiswatergift (m3)'],
          datatype: { base: 'decimal', format: { decimalChar: ',', groupChar: '.' } },
          null: ['', '-'],
          'cgo:hasUnit': 'cubic meter',
          'cgo:hasCategory': 'Water',
        },
      ],
    },
    ...overrides,
  };
}

const PROPERTIES = `
:kasluchttemperatuur a sosa:ObservableProperty ; cgo:hasName 'Kasluchttemperatuur (°C)' ;
  cgo:hasUnit 'degree Celsius' ; cgo:hasCategory 'Other' .
:ec-drain a sosa:ObservableProperty ; cgo:hasName 'EC drain (mS/cm)' ;
  cgo:hasUnit 'millisiemens per centimeter' ; cgo:hasCategory 'Water' .
:buiswatergift a sosa:ObservableProperty ; cgo:hasName 'Buiswatergift (m3)' ;
  cgo:hasUnit 'cubic meter' ; cgo:hasCategory 'Water' .
`;

function observation(name: string, utc: string, value: string, category: string): string {
  const stamp = utc.replace(/[-:]/g, '');
  return `<${BASE}${name}/${stamp}> a sosa:Observation ; sosa:observedProperty :${name} ;
  sosa:resultTime '${utc}'^^xsd:dateTime ; sosa:hasSimpleResult '${value}'^^xsd:decimal ; cgo:hasCategory '${category}' .\n`;
}

function turtle(text: string): Quad[] {
  return new Parser().parse(PREFIXES + text);
}

function tempFile(name: string, content: string | Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tables-')), name);
  writeFileSync(file, content);
  return file;
}

async function convert(file: string, mapping: CsvwTable) {
  const quads: Quad[] = [];
  const report = await convertTableFile(file, readMapping(mapping), 'urn:unused/', (q) => quads.push(q));
  return { quads, report };
}

function expectIsomorphic(actual: Quad[], expected: Quad[]): void {
  const show = (quads: Quad[]) => quads.map((q) => `${q.subject.value} ${q.predicate.value} ${q.object.value}`).sort();
  // The sorted listings make a failure readable; isomorphism is the check itself.
  if (!isomorphic(actual, expected)) expect(show(actual)).toEqual(show(expected));
  expect(isomorphic(actual, expected)).toBe(true);
}

const HEADER = 'Datum;Tijd;Kasluchttemperatuur (°C);EC drain (mS/cm);Buiswatergift (m3)\n';

describe('CSV with a CSVW mapping', () => {
  it('reads decimal commas and thousands separators, leaves missing values out, and turns spring wall-clock times into UTC', async () => {
    const csv =
      HEADER +
      '29-03-2026;01:55;18,4;3,1;1.234,5\n' + // CET (+01:00)
      '29-03-2026;02:30;18,3;3,1;1,0\n' + // does not exist: the clocks jump from 02:00 to 03:00
      '29-03-2026;03:00;-;3,0;\n' + // CEST (+02:00); two values missing
      '\n' +
      '29-03-2026;03:05;19;abc;0,5\n';
    const { quads, report } = await convert(tempFile('klimaat.csv', `\uFEFF${csv}`), klimaatMapping());
    const expected = turtle(
      PROPERTIES +
        observation('kasluchttemperatuur', '2026-03-29T00:55:00Z', '18.4', 'Other') +
        observation('ec-drain', '2026-03-29T00:55:00Z', '3.1', 'Water') +
        observation('buiswatergift', '2026-03-29T00:55:00Z', '1234.5', 'Water') +
        observation('ec-drain', '2026-03-29T01:00:00Z', '3.0', 'Water') +
        observation('kasluchttemperatuur', '2026-03-29T01:05:00Z', '19', 'Other') +
        observation('buiswatergift', '2026-03-29T01:05:00Z', '0.5', 'Water'),
    );
    expectIsomorphic(quads, expected);
    expect(report).toMatchObject({
      rows: 4,
      rowsWithoutTime: 1,
      observations: 6,
      missing: { kasluchttemperatuur: 1, 'ec-drain': 0, buiswatergift: 1 },
      unreadable: { 'ec-drain': 1 },
      categories: ['Other', 'Water'],
    });
    expect(report.problems).toEqual([
      'rij 3: 02:30 bestaat niet op 29-03-2026 (overgang naar zomertijd)',
      'rij 6: "abc" in kolom EC drain (mS/cm) is geen getal',
    ]);
  });

  it('gives the hour that occurs twice in October its two different UTC times, in row order', async () => {
    const csv =
      HEADER +
      '25-10-2026;02:30;15,0;;\n' + // first 02:30, still summer time (+02:00)
      '25-10-2026;02:55;15,1;;\n' +
      '25-10-2026;02:00;15,2;;\n' + // the clocks went back: 02:00 again, now +01:00
      '25-10-2026;02:30;15,3;;\n' +
      '25-10-2026;03:00;15,4;;\n';
    const { quads } = await convert(tempFile('herfst.csv', csv), klimaatMapping());
    const expected = turtle(
      PROPERTIES +
        observation('kasluchttemperatuur', '2026-10-25T00:30:00Z', '15.0', 'Other') +
        observation('kasluchttemperatuur', '2026-10-25T00:55:00Z', '15.1', 'Other') +
        observation('kasluchttemperatuur', '2026-10-25T01:00:00Z', '15.2', 'Other') +
        observation('kasluchttemperatuur', '2026-10-25T01:30:00Z', '15.3', 'Other') +
        observation('kasluchttemperatuur', '2026-10-25T02:00:00Z', '15.4', 'Other'),
    );
    expectIsomorphic(quads, expected);
  });

  it('takes one date-and-time column in another zone, and keeps an explicit offset as written', async () => {
    const mapping = klimaatMapping({ 'datahub:timeZone': 'UTC', dialect: { delimiter: ',' } });
    mapping.tableSchema.columns = [
      { name: 'tijdstip', titles: ['Tijdstip'], datatype: 'dateTime' },
      { name: 'kasluchttemperatuur', titles: ['Kasluchttemperatuur (°C)'], datatype: 'decimal', 'cgo:hasUnit': 'degree Celsius', 'cgo:hasCategory': 'Other' },
    ];
    const csv = 'Tijdstip,Kasluchttemperatuur (°C)\n2026-07-01T12:00,25.5\n2026-07-01T14:05:00+02:00,26\n';
    const { quads } = await convert(tempFile('utc.csv', csv), mapping);
    const expected = turtle(
      `:kasluchttemperatuur a sosa:ObservableProperty ; cgo:hasName 'Kasluchttemperatuur (°C)' ;
         cgo:hasUnit 'degree Celsius' ; cgo:hasCategory 'Other' .\n` +
        observation('kasluchttemperatuur', '2026-07-01T12:00:00Z', '25.5', 'Other') +
        observation('kasluchttemperatuur', '2026-07-01T12:05:00Z', '26', 'Other'),
    );
    expectIsomorphic(quads, expected);
  });

  it('refuses mappings it cannot honour, saying why', () => {
    const unknownCategory = klimaatMapping();
    unknownCategory.tableSchema.columns[2]['cgo:hasCategory'] = 'Weather';
    expect(() => readMapping(unknownCategory)).toThrow(/cgo:hasCategory" must be one of Construction/);
    const noUnit = klimaatMapping();
    delete noUnit.tableSchema.columns[3]['cgo:hasUnit'];
    expect(() => readMapping(noUnit)).toThrow(/needs "cgo:hasUnit"/);
    const noTime = klimaatMapping();
    noTime.tableSchema.columns.splice(1, 1);
    expect(() => readMapping(noTime)).toThrow(/one dateTime column, or one date and one time column/);
    expect(() => readMapping(klimaatMapping({ 'datahub:timeZone': 'Europe/Amsterdamm' }))).toThrow(/unknown time zone/);
    expect(() => readMapping({ ...klimaatMapping(), '@context': 'http://schema.org' })).toThrow(/@context/);
  });
});

describe('Excel with a CSVW mapping', () => {
  it('reads date cells as wall-clock times and number cells as they are', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Klimaat');
    sheet.addRow(['Datum', 'Tijd', 'Kasluchttemperatuur (°C)', 'EC drain (mS/cm)', 'Buiswatergift (m3)']);
    // Excel keeps no time zone: these are the grower's wall-clock times (exceljs writes UTC fields).
    const wall = (month: number, day: number, hour: number, minute: number) => new Date(Date.UTC(2026, month - 1, day, hour, minute));
    sheet.addRow([wall(10, 25, 0, 0), wall(1, 1, 2, 30), 15, 3.1, null]);
    sheet.addRow([wall(10, 25, 0, 0), wall(1, 1, 2, 0), 15.25, null, 1234.5]);
    sheet.getColumn(1).numFmt = 'dd-mm-yyyy';
    sheet.getColumn(2).numFmt = 'hh:mm';
    const file = tempFile('klimaat.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const { quads } = await convert(file, klimaatMapping({ url: 'klimaat.xlsx' }));
    const expected = turtle(
      PROPERTIES +
        observation('kasluchttemperatuur', '2026-10-25T00:30:00Z', '15', 'Other') +
        observation('ec-drain', '2026-10-25T00:30:00Z', '3.1', 'Water') +
        observation('kasluchttemperatuur', '2026-10-25T01:00:00Z', '15.25', 'Other') +
        observation('buiswatergift', '2026-10-25T01:00:00Z', '1234.5', 'Water'),
    );
    expectIsomorphic(quads, expected);
  });
});

describe('a table for store mode', () => {
  it('is written as a Turtle file holding the same graph as the in-memory text', async () => {
    const file = tempFile('klimaat.csv', `${HEADER}29-03-2026;01:55;18,4;3,1;1.234,5\n29-03-2026;03:00;-;3,0;\n`);
    writeFileSync(`${file}-metadata.json`, JSON.stringify(klimaatMapping()));
    const dir = path.dirname(file);
    const log = createLogger('error');
    const { text } = await tableAsText(dir, 'klimaat.csv', 'kas-1', log);
    const turtleFile = await withTableAsFile(dir, 'klimaat.csv', 'kas-1', log, async (target, size) => {
      expect(size).toBeGreaterThan(0);
      return readFileSync(target, 'utf8');
    });
    expect(turtleFile).toMatch(/^@prefix sosa:/m);
    expectIsomorphic(new Parser().parse(turtleFile), new Parser().parse(text));
    expect(new Parser().parse(text)).toHaveLength(3 * 4 + 4 * 5);
  });
});

describe('the ready mappings for the usual export shapes (src/tables/mappings)', () => {
  const folder = path.join(__dirname, 'mappings');
  const cases: [string, string][] = [
    ['datum-en-tijd.csv', '2026-10-25'], // semicolons, decimal commas, date and time apart; the October repeated hour
    ['datum-tijd-in-een-kolom.csv', '2026-03-29'], // one date-and-time column; across the spring change
    ['iso-tijdstempel.csv', '2026-10-25'], // commas, decimal points, ISO 8601 with Z or an offset
  ];
  it.each(cases)('%s converts its sample without problems, one instant per row', async (file, day) => {
    const mapping = readMapping(JSON.parse(readFileSync(path.join(folder, `${file}-metadata.json`), 'utf8')));
    const quads: Quad[] = [];
    const report = await convertTableFile(path.join(folder, file), mapping, 'urn:test:', (q) => quads.push(q));
    expect(report).toMatchObject({ rows: 2, rowsWithoutTime: 0, observations: 13, problems: [], categories: ['Other', 'Heating', 'Water', 'Glass', 'Roof'] });
    const times = new Set(quads.filter((q) => q.predicate.value === 'http://www.w3.org/ns/sosa/resultTime').map((q) => q.object.value));
    expect([...times].sort()).toEqual([`${day}T00:55:00Z`, `${day}T01:00:00Z`]);
    const values = quads.filter((q) => q.predicate.value === 'http://www.w3.org/ns/sosa/hasSimpleResult').map((q) => q.object.value);
    expect(values).toContain('18.4');
    expect(values).not.toContain('18,4');
  });
});
