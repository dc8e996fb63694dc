import type { SparqlJsonResults } from '../authorisations/authorisations';

export const PAGE_SIZE = 100;

/** One cell: the text shown, and the full IRI when the text is a prefixed name. */
export interface TableCell {
  text: string;
  iri?: string;
  /** An XSD numeric literal: shown unbroken, aligned right. */
  numeric?: boolean;
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';
const NUMERIC_TYPES = new Set(
  ['integer', 'decimal', 'double', 'float', 'int', 'long', 'short', 'byte', 'nonNegativeInteger', 'positiveInteger', 'negativeInteger', 'nonPositiveInteger', 'unsignedInt', 'unsignedLong', 'unsignedShort', 'unsignedByte'].map((name) => XSD + name),
);

export interface WorkbenchTable {
  vars: string[];
  rows: TableCell[][];
  total: number;
  page: number;
  pages: number;
}

/** BASE is not followed. */
export function queryPrefixes(query: string): [string, string][] {
  const found: [string, string][] = [];
  for (const match of query.matchAll(/(?:^|\s)PREFIX\s+([A-Za-z][\w.-]*)?:\s*<([^>\s]*)>/gi)) {
    found.push([match[1] ?? '', match[2]!]);
  }
  return found;
}

export function prefixedName(iri: string, prefixes: [string, string][]): string | null {
  let best: [string, string] | null = null;
  for (const entry of prefixes) {
    if (entry[1] !== '' && iri.startsWith(entry[1]) && (!best || entry[1].length > best[1].length)) best = entry;
  }
  if (!best) return null;
  const local = iri.slice(best[1].length);
  // Only local names a reader can paste back into a query.
  return /^[\w-]*$/.test(local) ? `${best[0]}:${local}` : null;
}

function cell(value: { type: string; value: string; datatype?: string } | undefined, prefixes: [string, string][]): TableCell {
  if (!value) return { text: '' };
  if (value.type === 'uri') {
    const short = prefixedName(value.value, prefixes);
    return short === null ? { text: value.value } : { text: short, iri: value.value };
  }
  if (value.type === 'bnode') return { text: `_:${value.value}` };
  return value.datatype && NUMERIC_TYPES.has(value.datatype) ? { text: value.value, numeric: true } : { text: value.value };
}

/** `page` is 1-based, kept within the pages there are. */
export function workbenchTable(results: SparqlJsonResults, query: string, page: number): WorkbenchTable | null {
  if (!results.results || !results.head.vars) return null;
  const vars = results.head.vars;
  const prefixes = queryPrefixes(query);
  const bindings = results.results.bindings;
  const pages = Math.max(1, Math.ceil(bindings.length / PAGE_SIZE));
  const shown = Math.min(Math.max(1, Number.isInteger(page) ? page : 1), pages);
  return {
    vars,
    rows: bindings.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE).map((binding) => vars.map((name) => cell(binding[name], prefixes))),
    total: bindings.length,
    page: shown,
    pages,
  };
}
