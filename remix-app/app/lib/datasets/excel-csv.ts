import { CSV_BOM, csvLine } from '@datahub/domain';

/** The hub's W3C CSV as Dutch Excel opens it (BOM, semicolons, formulas neutralised), streamed record by record. */
export function excelCsvStream(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const reader = new CsvRecords();
  let started = false;
  const emit = (controller: TransformStreamDefaultController<Uint8Array>, records: string[][]) => {
    let text = started ? '' : CSV_BOM;
    started = true;
    for (const record of records) text += csvLine(record, ';') + '\r\n';
    if (text) controller.enqueue(encoder.encode(text));
  };
  return new TransformStream({
    transform(chunk, controller) {
      emit(controller, reader.push(decoder.decode(chunk, { stream: true })));
    },
    flush(controller) {
      emit(controller, reader.push(decoder.decode(), true));
    },
  });
}

export class CsvRecords {
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** Either the closing quote or the first of a doubled one. */
  private quoteSeen = false;
  /** A following LF belongs to the same line end. */
  private afterCr = false;
  private touched = false;

  push(text: string, end = false): string[][] {
    const records: string[][] = [];
    for (const char of text) {
      if (this.afterCr) {
        this.afterCr = false;
        if (char === '\n') continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (char === '"') {
            this.field += '"';
            continue;
          }
          this.quoted = false;
          // Falls through: the character after the closing quote is read as outside quotes.
        } else if (char === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          this.field += char;
          continue;
        }
      }
      this.touched = true;
      if (char === '"' && this.field === '') {
        this.quoted = true;
      } else if (char === ',') {
        this.record.push(this.field);
        this.field = '';
      } else if (char === '\r' || char === '\n') {
        this.afterCr = char === '\r';
        records.push(this.finish());
      } else {
        this.field += char;
      }
    }
    if (end) {
      if (this.quoteSeen) this.quoted = false;
      // A last line without its line end is still a record.
      if (this.touched || this.field !== '' || this.record.length > 0) records.push(this.finish());
    }
    return records;
  }

  private finish(): string[] {
    this.record.push(this.field);
    const record = this.record;
    this.record = [];
    this.field = '';
    this.touched = false;
    return record;
  }
}
