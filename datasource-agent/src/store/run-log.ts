// Runs go to disk (14 bytes each, read back one bucket at a time by `conflicts()`): in memory they take 890 MB at 100M triples.
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BUCKETS = 256;
const RECORD = 14;
/** 256 × 585 × 14 bytes ≈ 2 MB in all. */
const BUFFERED = 585;

/** Sorted and shared, so equal sets are the same array; 0 is none. */
export class CategorySets {
  private readonly sets: string[][] = [[]];
  private readonly numbers = new Map<string, number>([['', 0]]);

  number(categories: Iterable<string>): number {
    const sorted = [...new Set(categories)].sort();
    const key = sorted.join('\n');
    let number = this.numbers.get(key);
    if (number === undefined) {
      number = this.sets.length;
      if (number > 0xffff) throw new Error('more than 65535 category combinations');
      this.sets.push(sorted);
      this.numbers.set(key, number);
    }
    return number;
  }

  set(number: number): readonly string[] {
    return this.sets[number];
  }

  all(): readonly (readonly string[])[] {
    return this.sets;
  }
}

function digest(subject: string): Buffer {
  return createHash('sha1').update(subject).digest();
}

export function subjectKey(subject: string): string {
  return digest(subject).toString('latin1', 0, 12);
}

export class RunLog {
  private readonly dir = mkdtempSync(path.join(os.tmpdir(), 'datahub-load-'));
  private readonly buffers = Array.from({ length: BUCKETS }, () => Buffer.alloc(BUFFERED * RECORD));
  private readonly used = new Uint16Array(BUCKETS);
  private readonly files: (number | undefined)[] = new Array(BUCKETS);
  runs = 0;

  constructor(private readonly sets: CategorySets) {}

  record(subject: string, setNumber: number): void {
    const hash = digest(subject);
    const bucket = hash[0];
    const buffer = this.buffers[bucket];
    const at = this.used[bucket] * RECORD;
    hash.copy(buffer, at, 0, 12);
    buffer.writeUInt16LE(setNumber, at + 12);
    this.runs += 1;
    if ((this.used[bucket] += 1) === BUFFERED) this.spill(bucket);
  }

  private spill(bucket: number): void {
    const fd = (this.files[bucket] ??= openSync(path.join(this.dir, `${bucket}.runs`), 'a'));
    writeSync(fd, this.buffers[bucket], 0, this.used[bucket] * RECORD);
    this.used[bucket] = 0;
  }

  conflicts(): Map<string, readonly string[]> {
    for (let bucket = 0; bucket < BUCKETS; bucket++) if (this.used[bucket] > 0) this.spill(bucket);
    const found = new Map<string, readonly string[]>();
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      if (this.files[bucket] === undefined) continue;
      const records = readFileSync(path.join(this.dir, `${bucket}.runs`));
      // The first set each subject was written under, and the subjects that differ from it (with every set seen).
      const first = new Map<string, number>();
      const differing = new Map<string, Set<number>>();
      for (let at = 0; at < records.length; at += RECORD) {
        const key = records.toString('latin1', at, at + 12);
        const number = records.readUInt16LE(at + 12);
        const before = first.get(key);
        if (before === undefined) first.set(key, number);
        else if (before !== number || differing.has(key)) {
          const numbers = differing.get(key) ?? new Set([before]);
          numbers.add(number);
          differing.set(key, numbers);
        }
      }
      for (const [key, numbers] of differing) {
        const union = this.sets.number([...numbers].flatMap((number) => this.sets.set(number)));
        found.set(key, this.sets.set(union));
      }
    }
    return found;
  }

  dispose(): void {
    for (const fd of this.files) if (fd !== undefined) closeSync(fd);
    this.files.fill(undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
