import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HubClient, HubError } from './hub-client';
import { AgentState } from './state';
import { startFakeHub, type FakeHub } from './testing/fake-hub';
import { TEST_DATASOURCE_ID, TEST_SECRET } from './testing/fixtures';

const credentials = { datasourceId: TEST_DATASOURCE_ID, secret: TEST_SECRET };

describe('HubClient', () => {
  let hub: FakeHub;
  beforeEach(async () => {
    hub = await startFakeHub(TEST_SECRET, TEST_DATASOURCE_ID);
  });
  afterEach(() => hub.close());

  it('makes the protocol calls with a fresh data-source token each', async () => {
    const client = new HubClient({ hubUrl: `${hub.url}/`, credentials });
    await client.registerHost('kas.kwekerij-delta.test:8443');
    expect(await client.registerDataset('proposed-id')).toBe('proposed-id');
    hub.assignNextId('hub-id');
    expect(await client.registerDataset(undefined)).toBe('hub-id');
    expect((await client.listDatasets()).map((dataset) => dataset.dataset_id).sort()).toEqual(['hub-id', 'proposed-id']);
    await client.deleteDataset('proposed-id');
    await client.deleteDataset('proposed-id'); // 404: already gone, fine

    expect(hub.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/datasource-protocol/host',
      'POST /api/datasource-protocol/datasets',
      'POST /api/datasource-protocol/datasets',
      'GET /api/datasource-protocol/datasets',
      'DELETE /api/datasource-protocol/datasets/proposed-id',
      'DELETE /api/datasource-protocol/datasets/proposed-id',
    ]);
    expect(hub.calls[0].body).toEqual({ hostname: 'kas.kwekerij-delta.test:8443' });
    expect(hub.calls[1].body).toEqual({ dataset_id: 'proposed-id', file_format: '.ttl' });
    expect(hub.calls[2].body).toEqual({ file_format: '.ttl' });
    for (const call of hub.calls) {
      expect(call.claims).toMatchObject({
        iss: `datahub-datasource:${TEST_DATASOURCE_ID}`,
        aud: 'datahub-portal-api',
        sub: TEST_DATASOURCE_ID,
      });
      expect(call.claims!.exp! - call.claims!.iat!).toBeLessThanOrEqual(300);
    }
  });

  it('reports failures as HubError with the status', async () => {
    const client = new HubClient({ hubUrl: hub.url, credentials });
    hub.failNext(1);
    await expect(client.registerDataset('x')).rejects.toMatchObject({ status: 503 });
    const wrong = new HubClient({ hubUrl: hub.url, credentials: { ...credentials, secret: 'another-secret-another-secret' } });
    await expect(wrong.listDatasets()).rejects.toMatchObject({ status: 401 });
    await hub.close();
    const error = await client.listDatasets().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HubError);
    expect((error as HubError).status).toBeUndefined();
  });
});

describe('AgentState', () => {
  it('keeps ids, registrations and pending deletions across restarts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'state-'));
    try {
      const state = AgentState.load(dir);
      state.setId('kas.ttl', 'id-1');
      state.setId('kas.ttl', 'id-1', true);
      state.addPendingDelete('old-id');
      state.hostRegistered = 'kas.test:80';
      await state.flush();
      const again = AgentState.load(dir);
      expect(again.idFor('kas.ttl')).toBe('id-1');
      expect(again.isRegistered('kas.ttl', 'id-1')).toBe(true);
      expect(again.pendingDeletes).toEqual(['old-id']);
      expect(again.hostRegistered).toBe('kas.test:80');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
