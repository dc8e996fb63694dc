import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 0045: SQL lives in repositories (and migrations, and the database plumbing); nowhere else.
const ROOT = join(__dirname, '..');
const ALLOWED = [/\.repository\.ts$/, /^database\//, /\.spec\.ts$/];
// `engine.query(` is the SPARQL engine of @datahub/sparql, not the database.
const SQL = [/(?<!engine)\.query\s*(<[^>]*>)?\s*\(/, /\bSELECT\s+[\s\S]{0,200}?\bFROM\s+[a-z_]+/, /\bINSERT\s+INTO\b/, /\bUPDATE\s+[a-z_]+\s+(\w+\s+)?SET\b/, /\bDELETE\s+FROM\b/, /createQueryBuilder|getRepository\(/];

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
    const offenders = files.filter((file) => SQL.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));
    expect(offenders).toEqual([]);
  });
});
