import { describe, expect, it } from 'vitest';
import { firstRow, rows, type Queryable } from './queryable';

const answering = (result: unknown): Queryable => ({ query: async () => result }) as unknown as Queryable;

describe('typed rows', () => {
  it('unwraps the [rows, count] answer of UPDATE … RETURNING', async () => {
    expect(await rows(answering([[{ id: 'a' }], 1]), 'UPDATE')).toEqual([{ id: 'a' }]);
    expect(await firstRow(answering([[], 0]), 'UPDATE')).toBeNull();
  });

  it('passes SELECT rows through, a two-row answer included', async () => {
    expect(await rows(answering([{ id: 'a' }, { id: 'b' }]), 'SELECT')).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(await firstRow(answering([{ id: 'a' }]), 'SELECT')).toEqual({ id: 'a' });
  });
});
