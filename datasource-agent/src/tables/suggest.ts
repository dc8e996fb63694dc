/** The export's shape read from its first rows and each column's meaning guessed from its header; the grower checks it on the local page. */
import { open, stat } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { CSVW_CONTEXT, DEFAULT_TIME_ZONE, type CsvwColumn, type CsvwTable } from './csvw';
import type { Cell } from './convert';
import { MAX_XLSX_BYTES } from './read';

interface Meaning {
  test: RegExp;
  category: string;
  unit?: string;
}

/** First match wins: the specific words before the general ones. */
const MEANINGS: Meaning[] = [
  { test: /buis|verwarm|ketel|wkk|warmte|buffer|heating|pipe|boiler|\bgas/, category: 'Heating', unit: 'degree Celsius' },
  { test: /\bec\b|geleidbaar/, category: 'Water', unit: 'millisiemens per centimeter' },
  { test: /\bph\b/, category: 'Water', unit: 'pH' },
  { test: /drain|gift|water|druppel|irrigat|dosering|afvoer|bassin/, category: 'Water', unit: 'liter' },
  { test: /scherm|screen|doek/, category: 'Glass', unit: 'percent' },
  { test: /raam|vent|lijzijde|windzijde|luwe|nok/, category: 'Roof', unit: 'percent' },
  { test: /gewas|plant|stengel|blad|\blai\b|vrucht|oogst|\bcrop|tros|kop\b/, category: 'Crop' },
  { test: /temp|°c/, category: 'Other', unit: 'degree Celsius' },
  { test: /\brv\b|vocht|humid|\brh\b/, category: 'Other', unit: 'percent' },
  { test: /co2|co₂/, category: 'Other', unit: 'parts per million' },
  { test: /straling|radiation|\bpar\b|licht|light|zon/, category: 'Other', unit: 'watt per square meter' },
  { test: /wind/, category: 'Other', unit: 'meter per second' },
];

const UNITS: [RegExp, string][] = [
  [/°\s*c|graden|deg\s*c/, 'degree Celsius'],
  [/ms\/cm/, 'millisiemens per centimeter'],
  [/µmol|umol/, 'micromole per square meter per second'],
  [/w\/m2|w\/m²|w\/m\^2/, 'watt per square meter'],
  [/j\/cm2|j\/cm²/, 'joule per square centimeter'],
  [/ppm/, 'parts per million'],
  [/m3|m³/, 'cubic meter'],
  [/m\/s/, 'meter per second'],
  [/g\/m3|g\/m³/, 'gram per cubic meter'],
  [/\bkpa\b/, 'kilopascal'],
  [/\bmm\b/, 'millimeter'],
  [/\bkg\b/, 'kilogram'],
  [/\bl\/m2|l\/m²/, 'liter per square meter'],
  [/\bl\b|liter/, 'liter'],
  [/%|procent|percent/, 'percent'],
];

export interface ColumnSuggestion {
  title: string;
  kind: 'date' | 'time' | 'dateTime' | 'number' | 'text';
  category?: string;
  unit?: string;
  recognised: boolean;
}

const DATE_FORMATS: [RegExp, string][] = [
  [/^\d{2}-\d{2}-\d{4}$/, 'dd-MM-yyyy'],
  [/^\d{1,2}-\d{1,2}-\d{4}$/, 'd-M-yyyy'],
  [/^\d{2}\/\d{2}\/\d{4}$/, 'dd/MM/yyyy'],
  [/^\d{1,2}\/\d{1,2}\/\d{4}$/, 'd/M/yyyy'],
  [/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd'],
];
const TIME_FORMATS: [RegExp, string][] = [
  [/^\d{2}:\d{2}:\d{2}$/, 'HH:mm:ss'],
  [/^\d{1,2}:\d{2}:\d{2}$/, 'H:mm:ss'],
  [/^\d{2}:\d{2}$/, 'HH:mm'],
  [/^\d{1,2}:\d{2}$/, 'H:mm'],
];

function slug(title: string, taken: Set<string>): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\(.*?\)|\[.*?\]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'kolom';
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

function commonFormat(values: string[], formats: [RegExp, string][]): string | undefined {
  if (values.length === 0) return undefined;
  return formats.find(([test]) => values.every((value) => test.test(value)))?.[1];
}

function dateTimeFormat(values: string[]): string | undefined {
  if (values.length === 0) return undefined;
  for (const [dateTest, date] of DATE_FORMATS) {
    for (const [timeTest, time] of TIME_FORMATS) {
      const fits = values.every((value) => {
        const [d, t, ...rest] = value.split(' ');
        return rest.length === 0 && t !== undefined && dateTest.test(d) && timeTest.test(t);
      });
      if (fits) return `${date} ${time}`;
    }
  }
  return undefined;
}

export function suggestMeaning(title: string): { category: string; unit: string; recognised: boolean } {
  const text = title.toLowerCase();
  const meaning = MEANINGS.find((entry) => entry.test.test(text));
  const unit = UNITS.find(([test]) => test.test(text))?.[1] ?? meaning?.unit ?? 'unknown';
  return { category: meaning?.category ?? 'Other', unit, recognised: meaning !== undefined };
}

/** ';' and tab first, since a ',' splits decimal commas as well. */
export function detectDelimiter(lines: string[]): string {
  for (const delimiter of [';', '\t', ',', '|']) {
    const counts = lines.map((line) => line.split(delimiter).length);
    if (counts.length && counts[0] > 1 && counts.every((count) => count === counts[0])) return delimiter;
  }
  return ',';
}

export function suggestFromRows(url: string, rows: Cell[][], delimiter: string): { mapping: CsvwTable; columns: ColumnSuggestion[] } {
  const [header = [], ...data] = rows;
  const taken = new Set<string>();
  const columns: CsvwColumn[] = [];
  const suggestions: ColumnSuggestion[] = [];
  const texts = (index: number) =>
    data.map((row) => row[index]).filter((cell): cell is string => typeof cell === 'string' && cell.trim() !== '' && cell.trim() !== '-').map((cell) => cell.trim());
  const allTexts = data.flatMap((row) => row.filter((cell): cell is string => typeof cell === 'string'));
  const decimalComma = allTexts.some((cell) => /^-?\d{1,3}(\.\d{3})*,\d+$|^-?\d+,\d+$/.test(cell.trim())) && !allTexts.some((cell) => /^-?\d+\.\d+$/.test(cell.trim()));
  const groupDot = decimalComma && allTexts.some((cell) => /^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(cell.trim()));
  let hasDate = false;
  let hasTime = false;
  let hasDateTime = false;
  header.forEach((cell, index) => {
    const title = cell === null || cell === undefined ? '' : String(cell).trim();
    const values = texts(index);
    const cells = data.map((row) => row[index]).filter((value) => value !== null && value !== undefined && value !== '');
    const lower = title.toLowerCase();
    const name = slug(title || `kolom-${index + 1}`, taken);
    const titles = title ? [title] : [];
    const allDates = cells.length > 0 && cells.every((value) => value instanceof Date);
    const dateTimeText = dateTimeFormat(values);
    const dateText = commonFormat(values, DATE_FORMATS);
    const timeText = commonFormat(values, TIME_FORMATS);
    if (!hasDateTime && !hasDate && (dateTimeText || (values.length && values.every((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value))) || (allDates && /datum.*tijd|date.*time|tijdstip|timestamp/.test(lower)))) {
      hasDateTime = true;
      columns.push({ name, titles, datatype: dateTimeText ? { base: 'dateTime', format: dateTimeText } : { base: 'dateTime' } });
      suggestions.push({ title, kind: 'dateTime', recognised: true });
    } else if (!hasDate && !hasDateTime && (dateText || (allDates && /datum|date|dag/.test(lower)))) {
      hasDate = true;
      columns.push({ name, titles, datatype: dateText ? { base: 'date', format: dateText } : { base: 'date' } });
      suggestions.push({ title, kind: 'date', recognised: true });
    } else if (!hasTime && !hasDateTime && (timeText || (allDates && /tijd|time|uur/.test(lower)))) {
      hasTime = true;
      columns.push({ name, titles, datatype: timeText ? { base: 'time', format: timeText } : { base: 'time' } });
      suggestions.push({ title, kind: 'time', recognised: true });
    } else if (cells.length > 0 && cells.every((value) => typeof value === 'number' || (typeof value === 'string' && (/^-?[\d.,]+$/.test(value.trim()) || value.trim() === '-')))) {
      const meaning = suggestMeaning(title);
      const format = decimalComma ? { decimalChar: ',', ...(groupDot ? { groupChar: '.' } : {}) } : undefined;
      columns.push({ name, titles, datatype: format ? { base: 'decimal', format } : 'decimal', null: ['', '-'], 'cgo:hasUnit': meaning.unit, 'cgo:hasCategory': meaning.category });
      suggestions.push({ title, kind: 'number', category: meaning.category, unit: meaning.unit, recognised: meaning.recognised });
    } else {
      columns.push({ name, titles, suppressOutput: true });
      suggestions.push({ title, kind: 'text', recognised: false });
    }
  });
  const mapping: CsvwTable = {
    '@context': CSVW_CONTEXT,
    url,
    dialect: { delimiter, header: true },
    'datahub:timeZone': DEFAULT_TIME_ZONE,
    tableSchema: { columns },
  };
  return { mapping, columns: suggestions };
}

export async function suggestMapping(path: string, url: string): Promise<{ mapping: CsvwTable; columns: ColumnSuggestion[] }> {
  if (path.toLowerCase().endsWith('.xlsx')) {
    if ((await stat(path)).size > MAX_XLSX_BYTES) throw new Error(`the Excel file is larger than ${MAX_XLSX_BYTES / 1_048_576} MB; save it as CSV`);
    const rows = (await readSheet(path)) as Cell[][];
    return suggestFromRows(url, rows.slice(0, 201), ',');
  }
  const handle = await open(path, 'r');
  let sample: string;
  try {
    const buffer = Buffer.alloc(65_536);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    sample = buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '');
  } finally {
    await handle.close();
  }
  // Whole lines only: the last one may be cut off by the sample's end.
  const lines = sample.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (sample.length === 65_536) lines.pop();
  const kept = lines.slice(0, 201);
  const delimiter = detectDelimiter(kept.slice(0, 20));
  const rows = parse(kept.join('\n'), { delimiter, relax_column_count: true, relax_quotes: true, trim: true }) as string[][];
  return suggestFromRows(url, rows, delimiter);
}
