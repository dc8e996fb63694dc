/** A plain number ('-3.5', '+2', '1e-3'): no formula, so it keeps its sign (issue 37, SPARQL results). */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One CSV cell: a leading =, +, - or @ (or a tab or carriage return) would make a spreadsheet
 * read a formula, so such a cell gets a leading apostrophe (a plain number excepted); cells holding
 * the separator, quotes or line breaks are quoted.
 */
export function csvCell(value: string | number | null | undefined, separator: ',' | ';' = ','): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line of cells joined by the separator. */
export function csvLine(values: readonly (string | number | null | undefined)[], separator: ',' | ';' = ','): string {
  return values.map((value) => csvCell(value, separator)).join(separator);
}

/** The byte-order mark that makes Excel (Dutch locale included) read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
