import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SparqlSlots } from '../src/dataset-data/sparql-slots';
import { SparqlSlotsRepository } from '../src/dataset-data/sparql-slots.repository';
import { startTestApi, type TestApi } from './harness';

/** What a query's running slots cost in statements and WAL (ADR 0042); the cluster's limits are in sparql-cluster.int.spec.ts. */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
}, 90_000);

afterAll(async () => {
  await api?.close();
});

const rowsOf = async (ownerId: string) =>
  (await api.db.query(`SELECT slot, process_id FROM sparql_slots WHERE kind = 'organization' AND owner_id = $1`, [ownerId])) as { slot: number; process_id: string }[];

describe('SPARQL running slots: the cost per query', () => {
  it('sparql_slots is UNLOGGED: taking or freeing a slot waits for no WAL flush', async () => {
    const [table] = (await api.db.query(`SELECT relpersistence FROM pg_class WHERE relname = 'sparql_slots'`)) as { relpersistence: string }[];
    expect(table.relpersistence).toBe('u');
  });

  it("a freed organisation slot goes to this process's next waiter with its row; the last one frees the row", async () => {
    const slots = api.app.get(SparqlSlots);
    const released = vi.spyOn(api.app.get(SparqlSlotsRepository), 'release');
    const organization = await api.createOrganization({ name: 'Wachtrij' });
    const first = await slots.take(organization.id, 1);
    const waiting = [0, 1, 2].map(() => slots.take(organization.id, 1));
    expect(slots.waiting).toBe(3);

    await first.release();
    const second = await waiting[0];
    expect(await rowsOf(organization.id)).toEqual([{ slot: 1, process_id: slots.processId }]);
    await second.release();
    const third = await waiting[1];
    await third.release();
    const fourth = await waiting[2];
    await fourth.release();

    expect(await rowsOf(organization.id)).toEqual([]);
    // Four queries, one DELETE (each its own before); a stall of over a second on a loaded machine may end the local turn early.
    expect(released.mock.calls.length).toBeLessThan(4);
    released.mockRestore();
  });
});
