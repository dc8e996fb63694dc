import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage';

const MB = 1024 * 1024;

describe('collectGarbage', () => {
  it.each(['full', 'minor'] as const)('gives an unreferenced large buffer back at once (%s)', async (kind) => {
    let bytes: Uint8Array | undefined = new Uint8Array(64 * MB).fill(1);
    const held = process.memoryUsage().arrayBuffers;
    expect(held).toBeGreaterThanOrEqual(64 * MB);
    expect(bytes.length).toBe(64 * MB);
    bytes = undefined;
    collectGarbage(kind);
    // Backing stores are released by V8's sweeper just after the collection.
    for (let wait = 0; wait < 20 && process.memoryUsage().arrayBuffers > held - 60 * MB; wait += 1) await new Promise((r) => setTimeout(r, 25));
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(held - 60 * MB);
  });
});
