// A table's mapping: CSVW metadata in `{file}-metadata.json`, read as plain JSON; only the subset a climate-computer export needs
// (dialect, typed columns with formats, `cgo:hasUnit`/`cgo:hasCategory`, `datahub:timeZone`).
import { KNOWN_CATEGORIES } from '@datahub/domain';
import { LocalTimes } from './local-time';

export const CSVW_CONTEXT = 'http://www.w3.org/ns/csvw';
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

export interface CsvwNumberFormat {
  decimalChar?: string;
  groupChar?: string;
}

export interface CsvwDatatype {
  base: string;
  format?: string | CsvwNumberFormat;
}

export interface CsvwColumn {
  name: string;
  titles?: string | string[];
  datatype?: string | CsvwDatatype;
  null?: string | string[];
  suppressOutput?: boolean;
  'cgo:hasUnit'?: string;
  'cgo:hasCategory'?: string;
}

export interface CsvwDialect {
  delimiter?: string;
  quoteChar?: string;
  header?: boolean;
  headerRowCount?: number;
  skipRows?: number;
  trim?: boolean | 'true' | 'false' | 'start' | 'end';
  encoding?: string;
}

export interface CsvwTable {
  '@context': string | [string, Record<string, unknown>];
  url: string;
  'dc:title'?: string;
  dialect?: CsvwDialect;
  'datahub:timeZone'?: string;
  tableSchema: { columns: CsvwColumn[] };
}

export type ColumnRole =
  | { kind: 'date'; pattern: DatePattern }
  | { kind: 'time'; pattern: DatePattern }
  | { kind: 'dateTime'; pattern: DatePattern | null }
  | { kind: 'number'; xsd: 'decimal' | 'integer' | 'double'; decimalChar: string; groupChar: string | null; unit: string; category: string }
  | { kind: 'ignored' };

export interface MappedColumn {
  name: string;
  titles: string[];
  nulls: Set<string>;
  role: ColumnRole;
}

export interface Mapping {
  source: CsvwTable;
  base: string | undefined;
  timeZone: string;
  delimiter: string;
  quoteChar: string | null;
  headerRows: number;
  skipRows: number;
  trim: boolean;
  columns: MappedColumn[];
}

export interface DatePattern {
  source: string;
  regex: RegExp;
  fields: ('year' | 'month' | 'day' | 'hour' | 'minute' | 'second')[];
}

const NAME = /^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,63})$/;
const PATTERN_FIELDS: Record<string, [DatePattern['fields'][number], string]> = {
  yyyy: ['year', '(\\d{4})'],
  MM: ['month', '(\\d{2})'],
  M: ['month', '(\\d{1,2})'],
  dd: ['day', '(\\d{2})'],
  d: ['day', '(\\d{1,2})'],
  HH: ['hour', '(\\d{2})'],
  H: ['hour', '(\\d{1,2})'],
  mm: ['minute', '(\\d{2})'],
  ss: ['second', '(\\d{2})'],
};

export function compileDatePattern(source: string): DatePattern {
  const fields: DatePattern['fields'] = [];
  let regex = '';
  for (const token of source.match(/yyyy|MM|M|dd|d|HH|H|mm|ss|[A-Za-z]+|[^A-Za-z]+/g) ?? []) {
    const field = PATTERN_FIELDS[token];
    if (field) {
      fields.push(field[0]);
      regex += field[1];
    } else if (/^[A-Za-z]/.test(token)) {
      throw new Error(`date format "${source}": "${token}" is not supported (use yyyy, MM, M, dd, d, HH, H, mm, ss)`);
    } else {
      regex += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  if (fields.length === 0) throw new Error(`date format "${source}" has no fields`);
  return { source, regex: new RegExp(`^${regex}$`), fields };
}

function list(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
}

function oneChar(value: unknown, what: string, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.length !== 1) throw new Error(`${what} must be one character`);
  return value;
}

function columnRole(column: CsvwColumn, where: string): ColumnRole {
  if (column.suppressOutput === true) return { kind: 'ignored' };
  const datatype = typeof column.datatype === 'string' ? { base: column.datatype } : column.datatype;
  const base = (datatype?.base ?? 'string').replace(/^xsd:/, '');
  const format = datatype?.format;
  if (base === 'date' || base === 'time' || base === 'dateTime' || base === 'datetime') {
    if (format !== undefined && typeof format !== 'string') throw new Error(`${where}: a date or time format is a pattern such as "dd-MM-yyyy"`);
    const fallback = base === 'date' ? 'yyyy-MM-dd' : base === 'time' ? 'HH:mm:ss' : undefined;
    const pattern = format ? compileDatePattern(format) : fallback ? compileDatePattern(fallback) : null;
    if (base === 'date') return { kind: 'date', pattern: pattern! };
    if (base === 'time') return { kind: 'time', pattern: pattern! };
    return { kind: 'dateTime', pattern };
  }
  if (base === 'decimal' || base === 'integer' || base === 'double' || base === 'number') {
    const numberFormat = typeof format === 'object' && format !== null ? format : {};
    const unit = column['cgo:hasUnit'];
    const category = column['cgo:hasCategory'];
    if (typeof unit !== 'string' || !unit.trim()) throw new Error(`${where}: a measured column needs "cgo:hasUnit"`);
    if (typeof category !== 'string' || !KNOWN_CATEGORIES.includes(category)) {
      throw new Error(`${where}: "cgo:hasCategory" must be one of ${KNOWN_CATEGORIES.join(', ')}`);
    }
    const decimalChar = oneChar(numberFormat.decimalChar, `${where}: decimalChar`, '.');
    const groupChar = numberFormat.groupChar === undefined ? null : oneChar(numberFormat.groupChar, `${where}: groupChar`, '');
    if (groupChar === decimalChar) throw new Error(`${where}: groupChar and decimalChar must differ`);
    const xsd = base === 'integer' ? 'integer' : base === 'double' ? 'double' : 'decimal';
    return { kind: 'number', xsd, decimalChar, groupChar, unit: unit.trim(), category };
  }
  return { kind: 'ignored' };
}

/** Untrusted input; throws with a reason when it cannot be used. */
export function readMapping(json: unknown): Mapping {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('the mapping is not a JSON object');
  const table = json as CsvwTable;
  const context = Array.isArray(table['@context']) ? table['@context'] : [table['@context']];
  if (context[0] !== CSVW_CONTEXT) throw new Error(`the mapping's "@context" must start with "${CSVW_CONTEXT}"`);
  const extra = (context[1] ?? {}) as Record<string, unknown>;
  const base = typeof extra['@base'] === 'string' ? extra['@base'] : undefined;
  if (base !== undefined && !/^(https?|urn):\S+$/.test(base)) throw new Error('"@base" must be an http(s) or urn IRI');
  const timeZone = table['datahub:timeZone'] ?? DEFAULT_TIME_ZONE;
  if (typeof timeZone !== 'string' || !LocalTimes.isValidZone(timeZone)) throw new Error(`unknown time zone: ${String(timeZone)}`);
  const dialect = table.dialect ?? {};
  const columnsJson = table.tableSchema?.columns;
  if (!Array.isArray(columnsJson) || columnsJson.length === 0) throw new Error('the mapping has no tableSchema.columns');
  if (columnsJson.length > 500) throw new Error('the mapping has more than 500 columns');
  const names = new Set<string>();
  const columns = columnsJson.map((column, index): MappedColumn => {
    const where = `column ${index + 1}`;
    if (typeof column !== 'object' || column === null || typeof column.name !== 'string' || !NAME.test(column.name)) {
      throw new Error(`${where}: "name" must be letters, digits, '_', '.' or '-'`);
    }
    if (names.has(column.name)) throw new Error(`${where}: the name "${column.name}" occurs twice`);
    names.add(column.name);
    const nulls = list(column.null);
    return {
      name: column.name,
      titles: list(column.titles),
      nulls: new Set(nulls.length ? nulls : ['']),
      role: columnRole(column, `${where} (${column.name})`),
    };
  });
  const kinds = columns.map((column) => column.role.kind);
  const count = (kind: ColumnRole['kind']) => kinds.filter((k) => k === kind).length;
  const timed = (count('dateTime') === 1 && count('date') === 0 && count('time') === 0) || (count('dateTime') === 0 && count('date') === 1 && count('time') === 1);
  if (!timed) throw new Error('the mapping needs one dateTime column, or one date and one time column');
  if (count('number') === 0) throw new Error('the mapping has no measured (number) column');
  const trim = dialect.trim === undefined ? true : dialect.trim === true || dialect.trim === 'true';
  const headerRows = dialect.header === false ? 0 : (dialect.headerRowCount ?? 1);
  const skipRows = dialect.skipRows ?? 0;
  if (!Number.isInteger(headerRows) || headerRows < 0 || headerRows > 20) throw new Error('headerRowCount must be 0 to 20');
  if (!Number.isInteger(skipRows) || skipRows < 0 || skipRows > 100) throw new Error('skipRows must be 0 to 100');
  if (dialect.encoding !== undefined && !/^utf-?8$/i.test(dialect.encoding) && !/^(latin1|iso-8859-1|windows-1252)$/i.test(dialect.encoding)) {
    throw new Error('encoding must be utf-8 or windows-1252');
  }
  return {
    source: table,
    base,
    timeZone,
    delimiter: oneChar(dialect.delimiter, 'delimiter', ','),
    quoteChar: dialect.quoteChar === undefined ? '"' : oneChar(dialect.quoteChar, 'quoteChar', '"'),
    headerRows,
    skipRows,
    trim,
    columns,
  };
}
