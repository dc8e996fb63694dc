import { describe, expect, it } from 'vitest';
import { readJsonResults, type RawBinding } from './json-results-reader';
import { ntriplesLines } from './ntriples-lines';

/** The text in pieces of `size` bytes (a multi-byte character may be cut in two). */
async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const ANSWER = JSON.stringify({
  head: { link: [], vars: ['s', 'o'] },
  results: {
    distinct: false,
    bindings: [
      { s: { type: 'uri', value: 'http://x/{a}' }, o: { type: 'literal', value: 'he said "}]{[" \\ ok', 'xml:lang': 'en' } },
      { s: { type: 'bnode', value: 'b1' }, o: { type: 'typed-literal', datatype: 'http://www.w3.org/2001/XMLSchema#integer', value: '3' } },
      { s: { type: 'uri', value: 'http://x/kas€' } },
      { o: { type: 'literal', value: 'x"} y' } },
    ],
  },
});

describe('readJsonResults', () => {
  it('finds every binding however the answer is cut into pieces', async () => {
    const expected = (JSON.parse(ANSWER) as { results: { bindings: RawBinding[] } }).results.bindings;
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      const rows: RawBinding[] = [];
      let vars: string[] = [];
      const outcome = await readJsonResults(pieces(ANSWER, size), { vars: (names) => (vars = names), row: (row) => rows.push(row) > 0 });
      expect({ vars, rows, outcome }, `pieces of ${size}`).toEqual({ vars: ['s', 'o'], rows: expected, outcome: { stopped: false } });
    }
  });

  it('stops reading when the handler has enough, and reads an ASK answer', async () => {
    let rows = 0;
    expect(await readJsonResults(pieces(ANSWER, 5), { vars: () => undefined, row: () => ++rows < 2 })).toEqual({ stopped: true });
    expect(rows).toBe(2);
    expect(await readJsonResults(pieces('{ "head": {}, "boolean": true }', 3), { vars: () => undefined, row: () => true })).toEqual({ boolean: true, stopped: false });
  });
});

describe('ntriplesLines', () => {
  it('gives whole lines however the answer is cut, blank nodes back from their skolem IRIs', async () => {
    const text = '<http://x/a> <http://x/p> "één" .\n<urn:datahub:bnode:ds-1.xb0> <http://x/p> <urn:datahub:bnode:ds-1.a7> .\n\n# comment\n<http://x/b> <http://x/p> "x"';
    for (const size of [1, 4, 1000]) {
      const lines: string[] = [];
      for await (const line of ntriplesLines(pieces(text, size))) lines.push(line);
      expect(lines, `pieces of ${size}`).toEqual(['<http://x/a> <http://x/p> "één" .\n', '_:ds_1_xb0 <http://x/p> _:ds_1_a7 .\n', '<http://x/b> <http://x/p> "x"\n']);
    }
  });
});
