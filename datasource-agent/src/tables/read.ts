import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { Writer, type Quad } from 'n3';
import { readSheet } from 'read-excel-file/node';
import { readMapping, type Mapping } from './csvw';
import { TableConverter, type Cell, type ConversionReport } from './convert';

export const TABLE_EXTENSIONS = ['.csv', '.xlsx'] as const;
/** About a month of 5-minute data with 50 columns; CSV is streamed, no limit. */
export const MAX_XLSX_BYTES = 2 * 1_048_576;

export function isTableFileName(file: string): boolean {
  return TABLE_EXTENSIONS.some((extension) => file.toLowerCase().endsWith(extension));
}

export function mappingFileName(file: string): string {
  return `${file}-metadata.json`;
}

export async function* tableRows(path: string, mapping: Pick<Mapping, 'delimiter' | 'quoteChar' | 'trim' | 'source'>): AsyncGenerator<{ cells: Cell[]; line: number }> {
  if (path.toLowerCase().endsWith('.xlsx')) {
    // The Excel reader holds the whole sheet: a month of 50 columns took 636 MB (BENCHMARKS.md).
    const { size } = await stat(path);
    if (size > MAX_XLSX_BYTES) throw new Error(`the Excel file is larger than ${MAX_XLSX_BYTES / 1_048_576} MB; save it as CSV`);
    const sheet = await readSheet(await readFile(path));
    let line = 0;
    for (const cells of sheet) {
      line += 1;
      yield { cells: cells as Cell[], line };
    }
    return;
  }
  const encoding = mapping.source.dialect?.encoding && !/^utf-?8$/i.test(mapping.source.dialect.encoding) ? 'latin1' : 'utf8';
  const parser = createReadStream(path).pipe(
    parse({
      delimiter: mapping.delimiter,
      quote: mapping.quoteChar,
      bom: true,
      encoding,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: mapping.trim,
      info: true,
    }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { cells: record.record, line: record.info.lines };
  }
}

export async function convertTableFile(path: string, mapping: Mapping, base: string, emit: (quad: Quad) => void): Promise<ConversionReport> {
  const converter = new TableConverter(mapping, base, emit);
  let seen = 0;
  for await (const { cells, line } of tableRows(path, mapping)) {
    seen += 1;
    if (seen <= mapping.skipRows) continue;
    if (seen <= mapping.skipRows + mapping.headerRows) {
      if (seen === mapping.skipRows + mapping.headerRows) converter.header(cells);
      continue;
    }
    converter.row(cells, line);
  }
  return converter.finish();
}

export async function readMappingFile(path: string): Promise<Mapping> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`the mapping ${path} is not readable JSON: ${(error as Error).message}`);
  }
  return readMapping(json);
}

/** For the in-memory engine; refuses to grow past `maxTriples`, as the converted form is many times the file's size. */
export async function tableToNTriples(path: string, mapping: Mapping, base: string, maxTriples = Number.POSITIVE_INFINITY): Promise<{ text: string; report: ConversionReport }> {
  const writer = new Writer({ format: 'N-Triples' });
  const pieces: string[] = [];
  const report = await convertTableFile(path, mapping, base, (q) => {
    if (pieces.length >= maxTriples) throw new Error(`the table gives more than ${maxTriples} triples, too many for the in-memory mode; use store mode`);
    pieces.push(writer.quadToString(q.subject, q.predicate, q.object));
  });
  return { text: pieces.join(''), report };
}
