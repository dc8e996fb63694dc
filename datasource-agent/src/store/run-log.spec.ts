import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { CategorySets, RunLog, subjectKey } from './run-log';

describe('RunLog', () => {
  it('finds exactly the subjects written under different sets, with their union, across spilled buckets', () => {
    const sets = new CategorySets();
    const log = new RunLog(sets);
    const water = sets.number(['Water']);
    const heating = sets.number(['Heating']);
    const none = sets.number([]);
    // 20,000 subjects (many times the per-bucket buffer), each written twice under the same set...
    for (let round = 0; round < 2; round++) for (let i = 0; i < 20_000; i++) log.record(`http://x/s${i}`, i % 2 ? water : none);
    // ...and three written again under another.
    log.record('http://x/s1', heating);
    log.record('http://x/s4', water);
    log.record('http://x/s4', heating);
    log.record('http://x/s7', none);
    const found = log.conflicts();
    expect(log.runs).toBe(40_004);
    expect(new Map([...found].map(([key, set]) => [key, [...set]]))).toEqual(
      new Map([
        [subjectKey('http://x/s1'), ['Heating', 'Water']],
        [subjectKey('http://x/s4'), ['Heating', 'Water']],
        [subjectKey('http://x/s7'), ['Water']],
      ]),
    );
    // Equal sets are one shared array (graph names are looked up by set number).
    expect(sets.number(['Water', 'Heating', 'Water'])).toBe(sets.number(['Heating', 'Water']));
    const dir = (log as unknown as { dir: string }).dir;
    expect(readdirSync(dir).length).toBeGreaterThan(100);
    log.dispose();
    expect(existsSync(dir)).toBe(false);
  });

  it('finds none when every subject kept its set', () => {
    const sets = new CategorySets();
    const log = new RunLog(sets);
    for (let i = 0; i < 5_000; i++) log.record(`http://x/s${i % 1000}`, sets.number([`C${i % 1000 % 7}`]));
    expect(log.conflicts().size).toBe(0);
    log.dispose();
  });
});
