/** No formula, so it keeps its sign. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A leading =, +, -, @, tab or CR would be a formula in a spreadsheet: such cells get a leading apostrophe (plain numbers excepted). */
export function csvCell(value: string | number | null | undefined, separator: ',' | ';' = ','): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly (string | number | null | undefined)[], separator: ',' | ';' = ','): string {
  return values.map((value) => csvCell(value, separator)).join(separator);
}

/** Makes Excel (Dutch locale included) read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
