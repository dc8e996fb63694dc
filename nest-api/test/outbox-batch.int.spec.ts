import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsRepository } from '../src/events/events.repository';
import { startTestApi, type TestApi } from './harness';

/**
 * The drainer's batch rule, with two open transactions standing for two API processes: what one
 * holds the other skips without waiting, and it never takes a later event of an object whose
 * earlier event the first one holds.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ EVENTS_DRAIN_INTERVAL_MS: '0' });
});
afterAll(async () => {
  await api?.close();
});

async function record(objectId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const [row] = await api.db.query(
      `INSERT INTO event_outbox (kind, object_id, parties, payload) VALUES ('organization.changed', $1, '{}', '{}') RETURNING id::text AS id`,
      [objectId],
    );
    ids.push(row.id);
  }
  return ids;
}

describe('the outbox batch of one drainer', () => {
  it('skips what another drainer holds, and never overtakes an object it holds', async () => {
    const x = await record('object-x', 3);
    const y = await record('object-y', 2);
    const first = api.db.createQueryRunner();
    const second = api.db.createQueryRunner();
    try {
      await first.startTransaction();
      await second.startTransaction();
      // Statement timeout: a drainer that waited for the other's locks would fail here instead of hanging.
      await second.query(`SET LOCAL statement_timeout = '5s'`);
      const held = await api.app.get(EventsRepository).lockNextBatch(1, first.manager);
      expect(held.map((row) => row.id)).toEqual(x);
      // A new event of the held object, committed meanwhile, is not for the second drainer either.
      const [late] = await record('object-x', 1);
      const taken = await api.app.get(EventsRepository).lockNextBatch(10, second.manager);
      expect(taken.map((row) => row.id)).toEqual(y);
      await first.query('UPDATE event_outbox SET drained_at = now() WHERE id = ANY($1::bigint[])', [held.map((row) => row.id)]);
      await first.commitTransaction();
      await second.rollbackTransaction();
      await second.startTransaction();
      expect((await api.app.get(EventsRepository).lockNextBatch(10, second.manager)).map((row) => row.id)).toEqual([...y, late]);
      await second.rollbackTransaction();
    } finally {
      await first.release();
      await second.release();
    }
  });
});
