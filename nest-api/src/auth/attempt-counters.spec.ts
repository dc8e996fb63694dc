import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './attempt-counters';

/** Resolves when `release` is called: a task that stays open until the test says so. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

describe('KeyedQueue (one sign-in attempt per account at a time)', () => {
  it('runs the tasks of one key one after another, in arrival order; another key does not wait', async () => {
    const queue = new KeyedQueue();
    const events: string[] = [];
    const first = gate();
    const a1 = queue.run('a', async () => {
      events.push('a1 start');
      await first.opened;
      events.push('a1 end');
    });
    const a2 = queue.run('a', async () => {
      events.push('a2 start');
    });
    const b1 = queue.run('b', async () => {
      events.push('b1 start');
    });
    await b1;
    expect(events).toEqual(['a1 start', 'b1 start']);
    first.release();
    await Promise.all([a1, a2]);
    expect(events).toEqual(['a1 start', 'b1 start', 'a1 end', 'a2 start']);
  });

  it('goes on after a task that fails, passes its error to its own caller only, and forgets idle keys', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', async () => {
      throw new Error('fout');
    });
    const next = queue.run('a', async () => 'daarna');
    await expect(failed).rejects.toThrow('fout');
    expect(await next).toBe('daarna');
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue.size).toBe(0);
  });
});
