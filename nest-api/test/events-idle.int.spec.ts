import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

/**
 * Issue 26: an idle hub kept a core of PostgreSQL busy. The outbox's statement trigger notified on
 * every INSERT, also one of no rows — and the drainer's check for expired grants is such an INSERT,
 * so every drain woke the next one, without pause.
 */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** How often PostgreSQL has read the outbox table so far (each drain reads it). */
async function outboxReads(): Promise<number> {
  await api.db.query('SELECT pg_stat_clear_snapshot()');
  const [row]: { reads: string }[] = await api.db.query(
    `SELECT (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS reads FROM pg_stat_user_tables WHERE relname = 'event_outbox'`,
  );
  return Number(row.reads);
}

describe('the event outbox at rest', () => {
  it('notifies for an INSERT that adds rows, and not for one that adds none', async () => {
    const listener = new Client({ connectionString: (api.db.options as { url: string }).url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.channel));
    try {
      await listener.query('LISTEN datahub_events');
      await api.db.query(`INSERT INTO event_outbox (kind, object_id, parties, payload) SELECT 'test.none', 'x', '{}', '{}' WHERE false`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard).toEqual([]);
      await api.db.query(`INSERT INTO event_outbox (kind, object_id, parties, payload, drained_at) VALUES ('test.one', 'x', '{}', '{}', now())`);
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(['datahub_events']);
    } finally {
      await listener.end();
    }
  });

  it('is not drained again and again while nothing happens', async () => {
    // Let the start-up drain settle, then count the drains of three quiet seconds (the fallback runs every 10 s).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = await outboxReads();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Statistics reach the view within a second of each transaction: wait for them, then compare.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const after = await outboxReads();
    expect(after - before).toBeLessThan(10);
  });
});
