import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

/** The start page's welcome: for whoever has not yet used the hub, until they dismiss it (ADR 0034). */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const shown = async (token: string) => {
  const response = await api.request('/api/profile/welcome', { token });
  expect(response.status).toBe(200);
  return (await response.json()).show as boolean;
};

describe('the welcome', () => {
  it('greets a new organisation until it has a data source', async () => {
    const organization = await api.createOrganization({ name: 'Kwekerij Nieuw' });
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    const member = await api.createUser({ organizationId: organization.id });
    expect(await shown(owner.token)).toBe(true);
    expect(await shown(member.token)).toBe(true);
    const created = await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Eerste bron', hostname: '' } });
    expect(created.status).toBe(201);
    expect(await shown(owner.token)).toBe(false);
    expect(await shown(member.token)).toBe(false);
  });

  it('greets an organisation that received a machtiging no more', async () => {
    const owner = await api.createOrganization({ name: 'Kwekerij Bron' });
    const grantee = await api.createOrganization({ name: 'Kwekerij Ontvanger' });
    const granteeUser = await api.createUser({ organizationId: grantee.id });
    expect(await shown(granteeUser.token)).toBe(true);
    const [{ id: source }] = await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Bron', $1, 'v1.x.y.z') RETURNING id`, [owner.id]);
    const [{ id: dataset }] = await api.db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, about, status) VALUES (gen_random_uuid(), $1, 'ontvangen', 'Ontvangen', '', 'online') RETURNING id`,
      [source],
    );
    await api.db.query(`INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation) VALUES ($1, $2, 'Dataset.ReadAll')`, [dataset, grantee.id]);
    expect(await shown(granteeUser.token)).toBe(false);
  });

  it('is dismissed per user, for good', async () => {
    const organization = await api.createOrganization({ name: 'Kwekerij Weg' });
    const one = await api.createUser({ organizationId: organization.id });
    const other = await api.createUser({ organizationId: organization.id });
    const dismissed = await api.request('/api/profile/welcome/dismiss', { method: 'POST', token: one.token });
    expect(dismissed.status).toBe(204);
    expect(await shown(one.token)).toBe(false);
    expect(await shown(other.token)).toBe(true);
    // Again: nothing changes, still 204.
    expect((await api.request('/api/profile/welcome/dismiss', { method: 'POST', token: one.token })).status).toBe(204);
    expect((await api.request('/api/profile/welcome')).status).toBe(401);
  });
});
