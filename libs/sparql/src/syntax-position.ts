/** Where a query text stops parsing: 1-based line and column, and the text found there (if any). */
export interface SyntaxPosition {
  line: number;
  column: number;
  /** The token the parser did not expect ('' at the end of the text). */
  found: string;
}

interface ParserErrorHash {
  text?: unknown;
  token?: unknown;
  loc?: { last_line?: unknown; last_column?: unknown };
}

/** The 1-based line and column of a character offset in `text`. */
function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** The offset of the first character after `offset` that is neither white space nor inside a comment. */
function skipBlank(text: string, offset: number): number {
  const rest = /^(?:\s|#[^\n]*)*/.exec(text.slice(offset));
  return offset + (rest?.[0].length ?? 0);
}

/**
 * The position of a sparqljs parse error: after the last token it read (`hash.loc`, whose column
 * is 0-based), past white space and comments, for grammar errors; for
 * an unknown prefix (which has no location) the first use of that prefix outside a PREFIX line.
 */
export function syntaxPosition(error: unknown, text: string): SyntaxPosition | undefined {
  const hash = (error as { hash?: ParserErrorHash } | null)?.hash;
  const line = hash?.loc?.last_line;
  const column = hash?.loc?.last_column;
  if (typeof line === 'number' && typeof column === 'number') {
    const lineStart = text.split('\n').slice(0, line - 1).reduce((sum, before) => sum + before.length + 1, 0);
    const found = hash?.token === 'EOF' ? '' : typeof hash?.text === 'string' ? hash.text : '';
    return { ...positionAt(text, skipBlank(text, lineStart + column)), found };
  }
  const prefix = /^Unknown prefix: (\S*)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (prefix === undefined) return undefined;
  const use = new RegExp(`(^|[^\\w:-])${prefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}:`, 'gm');
  for (const match of text.matchAll(use)) {
    const offset = match.index + match[1]!.length;
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    if (/^\s*PREFIX\s/i.test(text.slice(lineStart, offset))) continue;
    return { ...positionAt(text, offset), found: `${prefix}:` };
  }
  return undefined;
}
