import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubDatasetStore } from '../src/dataset-data/hub-dataset-store.service';
import { startHubWithDataset, type HubWithDataset } from './hub-dataset';
import { until } from './waiting';

/** Issue 26: a dataset's copy is loaded when discovery sees it online, not by its first query (ADR 0031). */
let hub: HubWithDataset;

beforeAll(async () => {
  hub = await startHubWithDataset({ SPARQL_WORKERS: '2' });
}, 90_000);

afterAll(async () => {
  await hub?.close();
});

describe('copies of datasets loaded ahead', () => {
  it('loads the copy when the dataset comes online, before any query has been asked', async () => {
    const store = hub.api.app.get(HubDatasetStore);
    await until(async () => (store.engine.has(hub.datasetId) && store.cache.keys().includes(hub.datasetId) ? true : undefined), 'the copy to be loaded without a query');
    expect(store.engine.info(hub.datasetId)?.triples).toBeGreaterThan(0);
    expect((await hub.ask(hub.owner.user, 'ASK { ?s ?p ?o }')).status).toBe(200);
  }, 90_000);
});
