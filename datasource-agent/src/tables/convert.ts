// Shaped as in fixtures/voorbeeldkas.ttl (an ObservableProperty per column), so the hub's category scopes apply per column.
import { DataFactory, type Quad } from 'n3';
import type { MappedColumn, Mapping } from './csvw';
import { LocalTimes } from './local-time';

const { namedNode, literal, quad } = DataFactory;
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const CGO = 'https://www.tno.nl/agrifood/ontology/common-greenhouse-ontology#';
const SOSA = 'http://www.w3.org/ns/sosa/';
const RDF_TYPE = namedNode('http://www.w3.org/1999/02/22-rdf-syntax-ns#type');
const OBSERVATION = namedNode(`${SOSA}Observation`);
const OBSERVABLE_PROPERTY = namedNode(`${SOSA}ObservableProperty`);
const OBSERVED_PROPERTY = namedNode(`${SOSA}observedProperty`);
const RESULT_TIME = namedNode(`${SOSA}resultTime`);
const SIMPLE_RESULT = namedNode(`${SOSA}hasSimpleResult`);
const HAS_CATEGORY = namedNode(`${CGO}hasCategory`);
const HAS_UNIT = namedNode(`${CGO}hasUnit`);
const HAS_NAME = namedNode(`${CGO}hasName`);
const DATE_TIME = namedNode(`${XSD}dateTime`);

export type Cell = string | number | boolean | Date | null | undefined;

export interface ConversionReport {
  rows: number;
  /** Missing, unreadable, or in the spring daylight-saving gap. */
  rowsWithoutTime: number;
  observations: number;
  triples: number;
  missing: Record<string, number>;
  unreadable: Record<string, number>;
  problems: string[];
  categories: string[];
  columns: { name: string; title: string; unit: string; category: string }[];
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;
const DOUBLE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function numberText(value: number, xsd: string): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  if (xsd === 'integer') return Number.isInteger(value) ? value.toFixed(0) : undefined;
  const text = String(value);
  if (xsd === 'double' || !/e/i.test(text)) return text;
  return value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '.0');
}

function readNumber(cell: Cell, role: Extract<MappedColumn['role'], { kind: 'number' }>): string | undefined {
  if (typeof cell === 'number') return numberText(cell, role.xsd);
  if (typeof cell !== 'string') return undefined;
  let text = cell.trim();
  if (role.groupChar) text = text.split(role.groupChar).join('');
  if (role.decimalChar !== '.') {
    if (text.includes('.')) return undefined; // "1.5" in a decimal-comma column is not a number here
    text = text.replace(role.decimalChar, '.');
  }
  const pattern = role.xsd === 'integer' ? INTEGER : role.xsd === 'double' ? DOUBLE : DECIMAL;
  return pattern.test(text) ? text : undefined;
}

interface Wall {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  offsetMinutes?: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

function readWall(cell: Cell, role: MappedColumn['role']): Wall | undefined {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return undefined;
    // Excel stores times as fractions of a day: 02:00 may come back as 01:59:59.9996.
    cell = new Date(Math.round(cell.getTime() / 1000) * 1000);
    // Excel keeps wall-clock times; the reader puts them in the Date's UTC fields.
    const wall: Wall = {};
    if (role.kind !== 'time') Object.assign(wall, { year: cell.getUTCFullYear(), month: cell.getUTCMonth() + 1, day: cell.getUTCDate() });
    if (role.kind !== 'date') Object.assign(wall, { hour: cell.getUTCHours(), minute: cell.getUTCMinutes(), second: cell.getUTCSeconds() });
    return wall;
  }
  if (typeof cell === 'number' && role.kind === 'time' && cell >= 0 && cell < 1) {
    const seconds = Math.round(cell * 86_400);
    return { hour: Math.floor(seconds / 3600), minute: Math.floor(seconds / 60) % 60, second: seconds % 60 };
  }
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim();
  if (role.kind !== 'date' && role.kind !== 'time' && role.kind !== 'dateTime') return undefined;
  if (role.kind === 'dateTime' && role.pattern === null) {
    const match = ISO.exec(text);
    if (!match) return undefined;
    const [, y, mo, d, h, mi, s, zone] = match;
    const offsetMinutes = zone === undefined ? undefined : zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
    return { year: +y, month: +mo, day: +d, hour: +h, minute: +mi, second: s ? +s : 0, offsetMinutes };
  }
  const pattern = role.pattern!;
  const match = pattern.regex.exec(text);
  if (!match) return undefined;
  const wall: Wall = {};
  pattern.fields.forEach((field, index) => (wall[field] = Number(match[index + 1])));
  return wall;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export class TableConverter {
  private readonly times: LocalTimes;
  private readonly base: string;
  private readonly report: ConversionReport;
  private indexes: number[] | undefined;
  private readonly measured: { column: MappedColumn; role: Extract<MappedColumn['role'], { kind: 'number' }>; property: ReturnType<typeof namedNode>; category: ReturnType<typeof literal>; index: number }[] = [];

  constructor(
    private readonly mapping: Mapping,
    /** When the mapping gives no `@base`; ends in '/' or '#'. */
    base: string,
    private readonly emit: (quad: Quad) => void,
  ) {
    this.base = mapping.base ?? base;
    this.times = new LocalTimes(mapping.timeZone);
    this.report = { rows: 0, rowsWithoutTime: 0, observations: 0, triples: 0, missing: {}, unreadable: {}, problems: [], categories: [], columns: [] };
  }

  private out(q: Quad): void {
    this.report.triples += 1;
    this.emit(q);
  }

  private problem(text: string): void {
    if (this.report.problems.length < 20) this.report.problems.push(text);
  }

  /** The last row names the columns; call before the first data row. */
  header(cells: Cell[]): void {
    const titles = cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim().toLowerCase()));
    this.indexes = this.mapping.columns.map((column, position) => {
      const found = column.titles.map((title) => titles.indexOf(title.trim().toLowerCase())).find((index) => index >= 0);
      if (found !== undefined) return found;
      if (column.titles.length === 0 || titles.length === 0) return position;
      if (column.role.kind === 'ignored') return -1;
      throw new Error(`kolom "${column.titles[0]}" staat niet in de kopregel`);
    });
    this.describeColumns();
  }

  private describeColumns(): void {
    const indexes = this.indexes ?? this.mapping.columns.map((_, position) => position);
    this.indexes = indexes;
    const categories = new Set<string>();
    this.mapping.columns.forEach((column, position) => {
      if (column.role.kind !== 'number') return;
      const property = namedNode(`${this.base}${encodeURIComponent(column.name)}`);
      const category = literal(column.role.category);
      const title = column.titles[0] ?? column.name;
      this.measured.push({ column, role: column.role, property, category, index: indexes[position] });
      this.report.missing[column.name] = 0;
      this.report.unreadable[column.name] = 0;
      this.report.columns.push({ name: column.name, title, unit: column.role.unit, category: column.role.category });
      categories.add(column.role.category);
      this.out(quad(property, RDF_TYPE, OBSERVABLE_PROPERTY));
      this.out(quad(property, HAS_NAME, literal(title)));
      this.out(quad(property, HAS_UNIT, literal(column.role.unit)));
      this.out(quad(property, HAS_CATEGORY, category));
    });
    this.report.categories = [...categories];
  }

  private rowTime(cells: Cell[], rowNumber: number): number | undefined {
    const indexes = this.indexes!;
    const wall: Wall = {};
    for (const [position, column] of this.mapping.columns.entries()) {
      const kind = column.role.kind;
      if (kind !== 'date' && kind !== 'time' && kind !== 'dateTime') continue;
      const cell = cells[indexes[position]];
      if (cell === null || cell === undefined || (typeof cell === 'string' && column.nulls.has(cell.trim()))) return undefined;
      const part = readWall(cell, column.role);
      if (!part) {
        this.problem(`rij ${rowNumber}: "${String(cell)}" in kolom ${column.titles[0] ?? column.name} is geen ${kind === 'time' ? 'tijd' : 'datum'} in de vorm ${'pattern' in column.role && column.role.pattern ? column.role.pattern.source : 'jjjj-mm-ddTuu:mm'}`);
        return undefined;
      }
      Object.assign(wall, part);
    }
    const { year, month, day, hour = 0, minute = 0, second = 0 } = wall;
    if (year === undefined || month === undefined || day === undefined) return undefined;
    const wallMs = Date.UTC(year, month - 1, day, hour, minute, second);
    const check = new Date(wallMs);
    if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59) {
      this.problem(`rij ${rowNumber}: de datum of tijd bestaat niet`);
      return undefined;
    }
    if (wall.offsetMinutes !== undefined) return wallMs - wall.offsetMinutes * 60_000;
    const instant = this.times.instant(wallMs);
    if (instant === undefined) this.problem(`rij ${rowNumber}: ${pad(hour)}:${pad(minute)} bestaat niet op ${pad(day)}-${pad(month)}-${year} (overgang naar zomertijd)`);
    return instant;
  }

  row(cells: Cell[], rowNumber: number): void {
    if (!this.indexes) this.describeColumns();
    if (cells.every((cell) => cell === null || cell === undefined || cell === '')) return; // blank line
    this.report.rows += 1;
    const instant = this.rowTime(cells, rowNumber);
    if (instant === undefined) {
      this.report.rowsWithoutTime += 1;
      return;
    }
    const iso = new Date(instant).toISOString().replace(/\.000Z$/, 'Z');
    const time = literal(iso, DATE_TIME);
    const stamp = iso.replace(/[-:]/g, '');
    for (const { column, role, property, category, index } of this.measured) {
      const cell = cells[index];
      if (cell === null || cell === undefined || (typeof cell === 'string' && column.nulls.has(cell.trim()))) {
        this.report.missing[column.name] += 1;
        continue;
      }
      const value = readNumber(cell, role);
      if (value === undefined) {
        this.report.unreadable[column.name] += 1;
        this.problem(`rij ${rowNumber}: "${String(cell)}" in kolom ${column.titles[0] ?? column.name} is geen getal`);
        continue;
      }
      const subject = namedNode(`${this.base}${encodeURIComponent(column.name)}/${stamp}`);
      this.out(quad(subject, RDF_TYPE, OBSERVATION));
      this.out(quad(subject, OBSERVED_PROPERTY, property));
      this.out(quad(subject, RESULT_TIME, time));
      this.out(quad(subject, SIMPLE_RESULT, literal(value, namedNode(`${XSD}${role.xsd}`))));
      this.out(quad(subject, HAS_CATEGORY, category));
      this.report.observations += 1;
    }
  }

  finish(): ConversionReport {
    if (!this.indexes) this.describeColumns();
    return this.report;
  }
}
