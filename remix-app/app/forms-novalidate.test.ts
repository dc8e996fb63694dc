import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .tsx file under app/, with its path. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [join(dir, entry.name)] : [],
  );
}

/** The opening tags of <Form> and <form> elements (up to the `>` outside JSX expressions), with their line. */
function formTags(source: string): { tag: string; line: number }[] {
  const tags: { tag: string; line: number }[] = [];
  for (const match of source.matchAll(/<(Form|form)\b/g)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < source.length; end += 1) {
      const c = source[end];
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      else if (c === '>' && depth === 0) break;
    }
    tags.push({ tag: source.slice(match.index, end + 1), line: source.slice(0, match.index).split('\n').length });
  }
  return tags;
}

describe('forms', () => {
  it('leave checking to the server, which answers in Dutch and keeps what was typed: every form says noValidate', () => {
    const root = join(__dirname);
    const found = sources(root).flatMap((file) => formTags(readFileSync(file, 'utf8')).map((form) => ({ ...form, file: file.slice(root.length + 1) })));
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter((form) => !/\bnoValidate\b(?!=\{false\})/.test(form.tag)).map((form) => `${form.file}:${form.line}`)).toEqual([]);
  });
});
