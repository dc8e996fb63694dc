/** Reads bindings as they arrive, parsing one binding object at a time, and stops once the caller has enough rows. */
export type RawTerm = { type: string; value: string; datatype?: string; 'xml:lang'?: string };
export type RawBinding = Record<string, RawTerm>;

export interface ResultsHandler {
  vars(names: string[]): void;
  row(binding: RawBinding): boolean;
}

export interface ReadOutcome {
  boolean?: boolean;
  stopped: boolean;
}

const BINDINGS = /"bindings"\s*:\s*\[/;

export async function readJsonResults(body: AsyncIterable<Uint8Array>, handler: ResultsHandler): Promise<ReadOutcome> {
  const decoder = new TextDecoder();
  let text = '';
  let inRows = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let scanned = 0;
  for await (const chunk of body) {
    text += decoder.decode(chunk, { stream: true });
    if (!inRows) {
      const match = BINDINGS.exec(text);
      if (!match) continue;
      const vars = /"vars"\s*:\s*\[([^\]]*)\]/.exec(text.slice(0, match.index));
      handler.vars(vars ? (JSON.parse(`[${vars[1]}]`) as string[]) : []);
      inRows = true;
      text = text.slice(match.index + match[0].length);
      scanned = 0;
    }
    for (let i = scanned; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === '{') {
        if (depth++ === 0) start = i;
      } else if (c === '}') {
        if (--depth === 0) {
          if (!handler.row(JSON.parse(text.slice(start, i + 1)) as RawBinding)) return { stopped: true };
          start = -1;
        }
      } else if (c === ']' && depth === 0) return { stopped: false };
    }
    if (depth > 0 && start >= 0) {
      text = text.slice(start);
      scanned = text.length;
      start = 0;
    } else {
      text = '';
      scanned = 0;
    }
  }
  text += decoder.decode();
  if (inRows) return { stopped: false };
  const parsed = JSON.parse(text) as { boolean?: boolean; head?: { vars?: string[] } };
  if (typeof parsed.boolean === 'boolean') return { boolean: parsed.boolean, stopped: false };
  handler.vars(parsed.head?.vars ?? []);
  return { stopped: false };
}
