/**
 * Every categorised subject's category set, for a load's second pass, in little memory: an
 * open-addressing table of 96-bit SHA-1 prefixes of the subject (typed arrays, ≈ 14 bytes a slot)
 * to a category-set number. A string-keyed Map of sets took ≈ 400 bytes a subject (over 1 GB for
 * 20M triples); this takes ≈ 40 MB for 2M subjects. Two subjects sharing 96 bits is a 1-in-10¹⁶
 * event at that size.
 */
import { createHash } from 'node:crypto';

export class SubjectTable {
  private keys: Uint32Array;
  private values: Uint16Array;
  private size = 0;
  /** Category sets by number (0: none), sorted; and numbers by their joined text. */
  private readonly sets: string[][] = [[]];
  private readonly numbers = new Map<string, number>([['', 0]]);

  constructor(private capacity = 1 << 16) {
    this.keys = new Uint32Array(capacity * 3);
    this.values = new Uint16Array(capacity);
  }

  private static hash(subject: string): [number, number, number] {
    const digest = createHash('sha1').update(subject).digest();
    return [digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8)];
  }

  /** Slots hold a set number + 1: 0 is an empty slot, 1 a subject seen without categories. */
  private slot(k: [number, number, number]): number {
    const mask = this.capacity - 1;
    for (let i = k[0] & mask; ; i = (i + 1) & mask) {
      if (this.values[i] === 0) return i;
      if (this.keys[i * 3] === k[0] && this.keys[i * 3 + 1] === k[1] && this.keys[i * 3 + 2] === k[2]) return i;
    }
  }

  private setNumber(categories: string[]): number {
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

  /** Sets a subject's categories (replacing what it had). */
  set(subject: string, categories: readonly string[]): void {
    if ((this.size + 1) * 10 > this.capacity * 6) this.grow();
    const k = SubjectTable.hash(subject);
    const i = this.slot(k);
    if (this.values[i] === 0) {
      this.keys.set(k, i * 3);
      this.size += 1;
    }
    this.values[i] = this.setNumber([...categories]) + 1;
  }

  /** Adds a category to a subject's set. */
  add(subject: string, category: string): void {
    this.set(subject, [...(this.known(subject) ?? []), category]);
  }

  /** The subject's categories, sorted, or undefined for a subject never set. */
  known(subject: string): readonly string[] | undefined {
    const value = this.values[this.slot(SubjectTable.hash(subject))];
    return value === 0 ? undefined : this.sets[value - 1];
  }

  /** The subject's categories, sorted ([] when it has none). */
  categories(subject: string): readonly string[] {
    return this.known(subject) ?? [];
  }

  /** Every category set seen ([] included). */
  allSets(): readonly (readonly string[])[] {
    return this.sets;
  }

  private grow(): void {
    const { keys, values } = this;
    this.capacity *= 2;
    this.keys = new Uint32Array(this.capacity * 3);
    this.values = new Uint16Array(this.capacity);
    for (let i = 0; i < values.length; i++) {
      if (values[i] === 0) continue;
      const k: [number, number, number] = [keys[i * 3], keys[i * 3 + 1], keys[i * 3 + 2]];
      const j = this.slot(k);
      this.keys.set(k, j * 3);
      this.values[j] = values[i];
    }
  }
}
