/**
 * Suggested mappings (issue 35): the shape of a climate-computer export and each column's meaning
 * read from its header, good enough to convert the file as it is.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readMapping } from './csvw';
import { convertTableFile } from './read';
import { suggestMapping, suggestMeaning } from './suggest';

function tempFile(name: string, content: string | Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'suggest-')), name);
  writeFileSync(file, content);
  return file;
}

const EXPORT =
  'Datum;Tijd;Kasluchttemperatuur (°C);RV kas (%);CO2 (ppm);Buistemperatuur onder (°C);EC drain (mS/cm);Energiescherm (%);Raamstand lijzijde (%);Opmerking\n' +
  '01-03-2026;00:00;18,4;82,1;650;45,2;3,1;100;0;\n' +
  '01-03-2026;00:05;18,3;-;655;45,0;3,1;100;1.000,5;storing\n';

describe('suggested mappings', () => {
  it('reads a semicolon export with decimal commas, its date and time columns, and each column\'s meaning from the header', async () => {
    const file = tempFile('export.csv', EXPORT);
    const { mapping, columns } = await suggestMapping(file, 'export.csv');
    expect(mapping.dialect).toEqual({ delimiter: ';', header: true });
    expect(mapping['datahub:timeZone']).toBe('Europe/Amsterdam');
    expect(columns.map((column) => [column.kind, column.category, column.unit])).toEqual([
      ['date', undefined, undefined],
      ['time', undefined, undefined],
      ['number', 'Other', 'degree Celsius'],
      ['number', 'Other', 'percent'],
      ['number', 'Other', 'parts per million'],
      ['number', 'Heating', 'degree Celsius'],
      ['number', 'Water', 'millisiemens per centimeter'],
      ['number', 'Glass', 'percent'],
      ['number', 'Roof', 'percent'],
      ['text', undefined, undefined],
    ]);
    expect(mapping.tableSchema.columns[0].datatype).toEqual({ base: 'date', format: 'dd-MM-yyyy' });
    expect(mapping.tableSchema.columns[1].datatype).toEqual({ base: 'time', format: 'HH:mm' });
    expect(mapping.tableSchema.columns[2].datatype).toEqual({ base: 'decimal', format: { decimalChar: ',', groupChar: '.' } });
    // The suggestion is a usable mapping: the file converts with it as it stands.
    const report = await convertTableFile(file, readMapping(mapping), 'urn:test:', () => undefined);
    expect(report).toMatchObject({ rows: 2, rowsWithoutTime: 0, observations: 13, categories: ['Other', 'Heating', 'Water', 'Glass', 'Roof'] });
    expect(report.missing['rv-kas']).toBe(1);
    expect(report.problems).toEqual([]);
  });

  it('reads an Excel sheet with date cells and a comma export with decimal points', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Blad1');
    sheet.addRow(['Datum/tijd', 'Temp buiten', 'Gift per m2 (l/m2)']);
    sheet.addRow([new Date(Date.UTC(2026, 2, 1, 8, 0)), 7.5, 0.4]);
    sheet.getColumn(1).numFmt = 'dd-mm-yyyy hh:mm';
    const excel = await suggestMapping(tempFile('blad.xlsx', Buffer.from(await workbook.xlsx.writeBuffer())), 'blad.xlsx');
    expect(excel.columns.map((column) => [column.kind, column.category, column.unit])).toEqual([
      ['dateTime', undefined, undefined],
      ['number', 'Other', 'degree Celsius'],
      ['number', 'Water', 'liter per square meter'],
    ]);
    const comma = await suggestMapping(tempFile('c.csv', 'Timestamp,Pipe temperature,PAR\n2026-03-01T08:00:00Z,45.5,120\n'), 'c.csv');
    expect(comma.mapping.dialect).toEqual({ delimiter: ',', header: true });
    expect(comma.mapping.tableSchema.columns[1]).toMatchObject({ datatype: 'decimal', 'cgo:hasCategory': 'Heating' });
  });

  it('falls back to Other with an unknown unit when the header says nothing', () => {
    expect(suggestMeaning('Kolom 7')).toEqual({ category: 'Other', unit: 'unknown', recognised: false });
    expect(suggestMeaning('Stengeldikte (mm)')).toEqual({ category: 'Crop', unit: 'millimeter', recognised: true });
  });
});
