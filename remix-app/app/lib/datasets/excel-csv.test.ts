import { describe, expect, it } from 'vitest';
import { CsvRecords, excelCsvStream } from './excel-csv';

async function converted(pieces: string[]): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(excelCsvStream())).arrayBuffer());
}

describe('the CSV for Dutch Excel made from the W3C SPARQL CSV', () => {
  const w3c = 'naam,hoogte,opmerking\r\n"Kas 1, west",1.5,"zegt ""hoi""\r\nen meer"\r\n=SOM(A1),-3.25,\r\n';

  it('starts with a byte-order mark, separates with semicolons, quotes per RFC 4180 and keeps decimals as they are', async () => {
    const bytes = await converted([w3c]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe(
      'naam;hoogte;opmerking\r\nKas 1, west;1.5;"zegt ""hoi""\r\nen meer"\r\n\'=SOM(A1);-3.25;\r\n',
    );
  });

  it('gives the same bytes whatever the pieces the answer arrives in (a multi-byte character split too)', async () => {
    const whole = await converted([w3c + 'één,€,\r\n']);
    const text = w3c + 'één,€,\r\n';
    const bytes = new TextEncoder().encode(text);
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const piecewise = new Uint8Array(await new Response(source.pipeThrough(excelCsvStream())).arrayBuffer());
    expect(piecewise).toEqual(whole);
  });

  it('reads a last line without its line end, and an empty line as one empty value', () => {
    const reader = new CsvRecords();
    expect([...reader.push('a\r\n\r\n'), ...reader.push('"b"', true)]).toEqual([['a'], [''], ['b']]);
  });
});
