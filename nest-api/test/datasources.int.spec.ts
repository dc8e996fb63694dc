import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, ERROR_TEXTS } from '@datahub/domain';
import { DatasourcesService } from '../src/datasources/datasources.service';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let owner: TestUser;
let westOwner: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
});
afterAll(() => api?.close());

const create = (json: unknown, token = owner.token) => api.request('/api/datasources', { method: 'POST', token, json });

describe('creating data sources', () => {
  it('answers credentials and a cloud-init config once, and keeps the secret encrypted', async () => {
    const response = await create({ name: 'Kasdata', hostname: 'Data.Kwekerij-Delta.nl' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ name: 'Kasdata', hostname: 'data.kwekerij-delta.nl', owner_organization_name: 'Kwekerij Delta' });
    expect(body.credentials.datasource_id).toBe(body.datasource_id);
    expect(Buffer.from(body.credentials.secret, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(body.cloud_init_config.startsWith('#cloud-config\n')).toBe(true);
    expect(body.cloud_init_config).toContain(body.credentials.secret);
    const [row] = await api.db.query('SELECT secret_encrypted FROM datasources WHERE id = $1', [body.datasource_id]);
    expect(row.secret_encrypted).not.toContain(body.credentials.secret);
    expect(await api.app.get(DatasourcesService).secretOf(body.datasource_id)).toBe(body.credentials.secret);
    const fetched = await (await api.request(`/api/datasources/${body.datasource_id}`, { token: owner.token })).json();
    expect(fetched).not.toHaveProperty('credentials');
  });

  it("links the host's dashboard where the hub calls it: https, its host path override applied", async () => {
    const body = await (await create({ name: 'Dashboardbron', hostname: 'kas.kwekerij-delta.nl:8443' })).json();
    expect(body.dashboard_url).toBe('https://kas.kwekerij-delta.nl:8443/');
    const put = await api.request(`/api/datasources/${body.datasource_id}/path-overrides/host`, {
      method: 'PUT',
      token: owner.token,
      json: { path_override_pattern: 'https://{host}/hub' },
    });
    expect(put.status).toBe(200);
    const fetched = await (await api.request(`/api/datasources/${body.datasource_id}`, { token: owner.token })).json();
    expect(fetched.dashboard_url).toBe('https://kas.kwekerij-delta.nl:8443/hub/');
    const listed = await (await api.request('/api/my-datasources', { token: owner.token })).json();
    expect(listed.find((row: { datasource_id: string }) => row.datasource_id === body.datasource_id).dashboard_url).toBe('https://kas.kwekerij-delta.nl:8443/hub/');
    const cloud = await (await create({ name: 'Zonder host', hostname: '' })).json();
    expect(cloud.dashboard_url).toBeNull();
  });

  it('accepts an empty hostname (the cloud variant)', async () => {
    const body = await (await create({ name: 'Cloudbron', hostname: '' })).json();
    expect(body.hostname).toBeNull();
  });

  it('answers each catalogue error with its detail', async () => {
    const missing = await create({ name: '  ' });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ name: ERROR_TEXTS.datasourceCreate.nameMissing });
    const invalid = await create({ name: 'Fout', hostname: 'geen hostnaam' });
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).detail).toBe(DETAILS.invalidHostname);
    const duplicateHost = await create({ name: 'Anders', hostname: 'data.kwekerij-delta.nl' }, westOwner.token);
    expect(duplicateHost.status).toBe(409);
    expect((await duplicateHost.json()).detail).toBe(DETAILS.datasourceHostnameTaken);
    const duplicateName = await create({ name: 'KASDATA' });
    expect(duplicateName.status).toBe(409);
    expect((await duplicateName.json()).detail).toBe(DETAILS.datasourceNameTaken);
    // Another organisation may use the same name.
    expect((await create({ name: 'Kasdata' }, westOwner.token)).status).toBe(201);
  });

  it('rotates the key: the new secret replaces the old one', async () => {
    const created = await (await create({ name: 'Roteer' })).json();
    const rotated = await (await api.request(`/api/datasources/${created.datasource_id}/new-key`, { token: owner.token })).json();
    expect(rotated.credentials.secret).not.toBe(created.credentials.secret);
    expect(await api.app.get(DatasourcesService).secretOf(created.datasource_id)).toBe(rotated.credentials.secret);
  });

  it("never shows or touches another organisation's data sources", async () => {
    const created = await (await create({ name: 'Privé' })).json();
    expect((await api.request(`/api/datasources/${created.datasource_id}`, { token: westOwner.token })).status).toBe(404);
    expect((await api.request(`/api/datasources/${created.datasource_id}`, { method: 'DELETE', token: westOwner.token })).status).toBe(404);
    const theirs = await (await api.request('/api/datasources', { token: westOwner.token })).json();
    expect(theirs.map((d: { name: string }) => d.name)).toEqual(['Kasdata']);
    expect((await api.request(`/api/datasources/${created.datasource_id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
  });
});
