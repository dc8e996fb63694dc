export interface SyntaxPosition {
  line: number;
  column: number;
  found: string;
  /** A rule the query breaks though every token fits (sparqljs checks these after parsing), and the variable it names. */
  problem?: SyntaxProblem;
}

export type SyntaxProblemKind = 'ungrouped_variable' | 'duplicate_column' | 'variable_bound_twice' | 'values_length';

export interface SyntaxProblem {
  kind: SyntaxProblemKind;
  variable: string;
}

/** sparqljs's own (English) messages for the rules it checks after parsing. */
const PROBLEMS: readonly { pattern: RegExp; kind: SyntaxProblemKind; at: 'use' | 'as' | 'values' }[] = [
  { pattern: /^(?:Projection of ungrouped variable|Use of ungrouped variable in projection of operation) \(\?(\w+)\)/, kind: 'ungrouped_variable', at: 'use' },
  { pattern: /^Two or more of the resulting columns have the same name \(\?(\w+)\)/, kind: 'duplicate_column', at: 'as' },
  { pattern: /^Target id of 'AS' \(\?(\w+)\) already used in subquery/, kind: 'duplicate_column', at: 'as' },
  { pattern: /^Variable used to bind is already bound \(\?(\w+)\)/, kind: 'variable_bound_twice', at: 'as' },
  { pattern: /^Inconsistent VALUES length/, kind: 'values_length', at: 'values' },
];

interface ParserErrorHash {
  text?: unknown;
  token?: unknown;
  loc?: { last_line?: unknown; last_column?: unknown };
}

function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

function wordAt(text: string, offset: number): string {
  const rest = text.slice(offset);
  const word = /^[^\s{}()[\],;.]+/.exec(rest)?.[0] ?? rest.slice(0, 1);
  return word.slice(0, 40);
}

function skipBlank(text: string, offset: number): number {
  const rest = /^(?:\s|#[^\n]*)*/.exec(text.slice(offset));
  return offset + (rest?.[0].length ?? 0);
}

/** After the last token read (`hash.loc`, 0-based column) for grammar errors; an unknown prefix has no location, so its first use. */
export function syntaxPosition(error: unknown, text: string): SyntaxPosition | undefined {
  const hash = (error as { hash?: ParserErrorHash } | null)?.hash;
  const line = hash?.loc?.last_line;
  const column = hash?.loc?.last_column;
  if (typeof line === 'number' && typeof column === 'number') {
    const lineStart = text.split('\n').slice(0, line - 1).reduce((sum, before) => sum + before.length + 1, 0);
    const offset = skipBlank(text, lineStart + column);
    // The whole word, not the lexer's first character ('LIMT', not 'L').
    const found = hash?.token === 'EOF' || offset >= text.length ? '' : wordAt(text, offset);
    return { ...positionAt(text, offset), found };
  }
  const problem = problemPosition(error instanceof Error ? error.message : '', text);
  if (problem) return problem;
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

function problemPosition(message: string, text: string): SyntaxPosition | undefined {
  for (const { pattern, kind, at } of PROBLEMS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const name = match[1] ?? '';
    let offset = -1;
    let variable = name ? `?${name}` : '';
    if (at === 'values') offset = /\bVALUES\b/i.exec(text)?.index ?? -1;
    if (at === 'as') {
      // The last `AS ?x` is the one that clashes with what came before.
      const last = [...text.matchAll(new RegExp(`\\bAS\\s+([?$]${name})(?!\\w)`, 'gi'))].pop();
      if (last) [offset, variable] = [last.index + last[0].length - last[1]!.length, last[1]!];
    }
    if (offset < 0 && name) {
      const use = new RegExp(`[?$]${name}(?!\\w)`).exec(text);
      if (use) [offset, variable] = [use.index, use[0]];
    }
    const at0 = Math.max(offset, 0);
    return { ...positionAt(text, at0), found: wordAt(text, at0), problem: { kind, variable } };
  }
  return undefined;
}
