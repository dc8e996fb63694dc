/** Counted before any parser sees the text: sparqljs and oxigraph recurse per level and run out of stack (oxigraph ending the worker). */

const OPEN = new Set(['{', '(', '[']);
const CLOSE = new Set(['}', ')', ']']);
/** So `<` as "less than" is not taken for one. */
const IRIREF = /<[^<>"{}|^`\\\u0000-\u0020]*>/y;

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  const long = text.startsWith(quote.repeat(3), start);
  const closing = long ? quote.repeat(3) : quote;
  for (let index = start + closing.length; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') {
      index += 1;
    } else if (!long && (char === '\n' || char === '\r')) {
      return index; // unterminated: the parser reports it
    } else if (text.startsWith(closing, index)) {
      return index + closing.length;
    }
  }
  return text.length;
}

export function nestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"' || char === "'") {
      index = stringEnd(text, index) - 1;
    } else if (char === '#') {
      const newline = text.indexOf('\n', index);
      index = newline === -1 ? text.length : newline;
    } else if (char === '<') {
      IRIREF.lastIndex = index;
      if (IRIREF.test(text)) index = IRIREF.lastIndex - 1;
    } else if (OPEN.has(char)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return stopAbove + 1;
    } else if (CLOSE.has(char)) {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}
