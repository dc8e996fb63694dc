import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { parseTurtle, splitByCategory } from '@datahub/sparql';
import { CATEGORIES, generateGreenhouse, writeDemoData } from './generate-greenhouse';
import { FIXTURE_TTL_PATH } from './testing/fixtures';

describe('generate-greenhouse', () => {
  const first = generateGreenhouse();

  it('is deterministic', () => {
    expect(generateGreenhouse().turtle).toBe(first.turtle);
  });

  it('writes at least 100 000 triples, every subject with a category, all eight categories used', () => {
    const quads = parseTurtle(first.turtle);
    expect(quads.length).toBe(first.triples);
    expect(quads.length).toBeGreaterThanOrEqual(100_000);
    const split = splitByCategory(quads);
    expect(split.uncategorised).toHaveLength(0);
    expect([...split.byCategory.keys()].sort()).toEqual([...CATEGORIES].sort());
    expect(new Set(quads.map((quad) => quad.subject.value)).size).toBe(first.subjects);
  });

  it('writes the demo folder: both datasets and a Dutch datasets.yaml', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'demo-'));
    try {
      const result = writeDemoData(dir, { scale: 0.05 });
      expect(result.files).toEqual(['kas-delta.ttl', 'voorbeeldkas.ttl']);
      const yaml = YAML.parse(readFileSync(path.join(dir, 'datasets.yaml'), 'utf8')) as { datasets: Record<string, string>[] };
      expect(yaml.datasets.map((entry) => entry.file)).toEqual(['kas-delta.ttl', 'voorbeeldkas.ttl']);
      for (const entry of yaml.datasets) {
        expect(entry.name).toBeTruthy();
        expect(entry.about).toBeTruthy();
        expect(entry.contact).toMatch(/Kwekerij Delta/);
        expect(entry.additional_info).toBeTruthy();
      }
      expect(readFileSync(path.join(dir, 'voorbeeldkas.ttl'), 'utf8')).toBe(readFileSync(FIXTURE_TTL_PATH, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
