import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 0045: SQL lives in repositories (and migrations, and the database plumbing); nowhere else.
const ROOT = join(__dirname, '..');
const ALLOWED = [/\.repository\.ts$/, /^database\//, /\.spec\.ts$/];
const SQL = [/\.query\s*(<[^>]*>)?\s*\(/, /\bSELECT\s+[\s\S]{0,200}?\bFROM\s+[a-z_]+/, /\bINSERT\s+INTO\b/, /\bUPDATE\s+[a-z_]+\s+(\w+\s+)?SET\b/, /\bDELETE\s+FROM\b/, /createQueryBuilder|getRepository\(/];

/** Files still to move into repositories; the list only shrinks (issue 33). */
const PENDING = new Set<string>([
  "dataset-data/dataset-data.service.ts",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('SQL placement', () => {
  const files = sourceFiles(ROOT).filter((file) => !ALLOWED.some((rule) => rule.test(file)));

  it('keeps SQL out of services, controllers and helpers', () => {
    const offenders = files.filter((file) => !PENDING.has(file) && SQL.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));
    expect(offenders).toEqual([]);
  });

  it('lists no pending file that is already clean', () => {
    const clean = [...PENDING].filter((file) => !SQL.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));
    expect(clean).toEqual([]);
  });
});
