import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, stopProcess, type TestApi, type TestUser } from './harness';
import { startSecondApi } from './second-api';

/**
 * Every kept cache (ADR 0061) follows a write made through another API process on the very next
 * request: this file's API (A) writes, a second nest-api from dist (B) answers from what it keeps.
 */
let api: TestApi;
let second: ChildProcess;
let secondUrl: string;
let organizationId: string;
let owner: TestUser;
let reader: TestUser;
let datasourceId: string;

function onB(path: string, token?: string): Promise<Response> {
  return fetch(`${secondUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function catalogueNamesOnB(token: string): Promise<string[]> {
  const response = await onB('/api/datasets', token);
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((dataset) => dataset.name);
}

beforeAll(async () => {
  api = await startTestApi();
  organizationId = (await api.createOrganization({ name: 'Kwekerij Cluster' })).id;
  owner = await api.createUser({ organizationId, roles: ['Organization.Owner'] });
  reader = await api.createUser({ organizationId: (await api.createOrganization({ name: 'Lezer Cluster' })).id });
  [{ id: datasourceId }] = await api.db.query(
    `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Clusterbron', $1, 'v1.x.y.z') RETURNING id`,
    [organizationId],
  );
  await api.db.query(`INSERT INTO datasets (id, datasource_id, slug, name, about, status) VALUES (gen_random_uuid(), $1, 'komkommer', 'Komkommer', '', 'online')`, [
    datasourceId,
  ]);
  ({ child: second, url: secondUrl } = await startSecondApi(api));
}, 120_000);

afterAll(async () => {
  await stopProcess(second);
  await api?.close();
});

describe('kept caches across processes', () => {
  it('an organisation API token kept on B is refused there as soon as A has answered its revocation', async () => {
    const made = await api.request(`/api/organizations/${organizationId}/api-tokens`, {
      method: 'POST',
      token: owner.token,
      json: { name: 'Kasdashboard', scopes: ['catalogue:read'], expires_in_days: 30 },
    });
    expect(made.status).toBe(201);
    const { id, token } = (await made.json()) as { id: string; token: string };
    for (let i = 0; i < 2; i += 1) expect((await onB('/api/datasets', token)).status).toBe(200);
    const revoked = await api.request(`/api/organizations/${organizationId}/api-tokens/${id}`, { method: 'DELETE', token: owner.token });
    expect(revoked.status).toBe(204);
    expect((await onB('/api/datasets', token)).status).toBe(401);
  });

  it("the catalogue and the open DCAT catalogue kept on B lose a removed data source's datasets as soon as A has answered", async () => {
    // Twice each: the second answer comes from what B keeps.
    for (let i = 0; i < 2; i += 1) {
      expect(await catalogueNamesOnB(reader.token)).toContain('Komkommer');
      const dcat = await onB('/api/catalog');
      expect(dcat.status).toBe(200);
      expect(await dcat.text()).toContain('Komkommer');
    }
    const removed = await api.request(`/api/datasources/${datasourceId}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(204);
    expect(await catalogueNamesOnB(reader.token)).not.toContain('Komkommer');
    expect(await (await onB('/api/catalog')).text()).not.toContain('Komkommer');
  });
});
