import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';

/**
 * GET /api/datasets is kept in memory and forgotten through PostgreSQL notifications (ADR 0013):
 * every change shows on the next answer, an unchanged answer keeps its ETag (304 on If-None-Match).
 */
let api: TestApi;
let owner: TestUser;
let reader: TestUser;
let organizationId: string;
let datasourceId: string;

const names = async (query = '', headers: Record<string, string> = {}) => {
  const response = await api.request(`/api/datasets${query}`, { token: reader.token, headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string; owner_organization_name: string }[]).map((d) => `${d.name} (${d.owner_organization_name})`);
};

/** A change made straight in the database, as discovery makes it (no HTTP request to wait for). */
async function changeInDatabase(sql: string, params: unknown[]): Promise<void> {
  await api.db.query(sql, params);
}

/** The same change with the database's triggers off: what a change without a notification would look like. */
async function changeUnnoticed(sql: string, params: unknown[]): Promise<void> {
  await api.db.transaction(async (manager) => {
    await manager.query('SET LOCAL session_replication_role = replica');
    await manager.query(sql, params);
  });
}

beforeAll(async () => {
  api = await startTestApi();
  const organization = await api.createOrganization({ name: 'Kwekerij Cache' });
  organizationId = organization.id;
  owner = await api.createUser({ organizationId, roles: ['Organization.Owner'] });
  const other = await api.createOrganization({ name: 'Lezer B.V.' });
  reader = await api.createUser({ organizationId: other.id });
  [{ id: datasourceId }] = await api.db.query(
    `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Cachebron', $1, 'v1.x.y.z') RETURNING id`,
    [organizationId],
  );
  await api.db.query(
    `INSERT INTO datasets (id, datasource_id, slug, name, about, status) VALUES
       (gen_random_uuid(), $1, 'tomaat', 'Tomaat', '', 'online'), (gen_random_uuid(), $1, 'paprika', 'Paprika', '', 'offline')`,
    [datasourceId],
  );
});
afterAll(() => api?.close());

describe('the catalogue kept in memory', () => {
  it('answers with an ETag, 304 to If-None-Match while unchanged, and a new one after a change', async () => {
    const first = await api.request('/api/datasets?limit=10', { token: reader.token });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await api.request('/api/datasets?limit=10', { token: reader.token, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The ETag names the answer: another page with the same datasets is the same answer, one without is not.
    const same = await api.request('/api/datasets?limit=10&q=tom', { token: reader.token, headers: { 'if-none-match': etag! } });
    expect(same.status).toBe(304);
    const other = await api.request('/api/datasets?limit=10&q=zzz', { token: reader.token, headers: { 'if-none-match': etag! } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual([]);

    await changeInDatabase(`UPDATE datasets SET name = 'Tomaat trostomaat' WHERE slug = 'tomaat'`, []);
    await expect.poll(() => names('?limit=10'), { timeout: 2_000, interval: 20 }).toEqual(['Tomaat trostomaat (Kwekerij Cache)']);
    const changed = await api.request('/api/datasets?limit=10', { token: reader.token, headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // Still signed-in only: the cache sits behind the permission check.
    expect((await api.request('/api/datasets?limit=10', { headers: { 'if-none-match': changed.headers.get('etag')! } })).status).toBe(401);
  });

  it('keeps the answer while nothing notifies (so it is really kept), and forgets it on the next notification', async () => {
    expect(await names()).toEqual(['Tomaat trostomaat (Kwekerij Cache)']);
    await changeUnnoticed(`UPDATE datasets SET status = 'online' WHERE slug = 'paprika'`, []);
    // Nothing told this process: it still answers what it keeps.
    expect(await names()).toEqual(['Tomaat trostomaat (Kwekerij Cache)']);
    // Any change to the catalogue's tables notifies and brings the whole list up to date.
    await changeInDatabase(`UPDATE datasources SET name = 'Cachebron 2' WHERE id = $1`, [datasourceId]);
    await expect.poll(() => names(), { timeout: 2_000, interval: 20 }).toEqual(['Paprika (Kwekerij Cache)', 'Tomaat trostomaat (Kwekerij Cache)']);
  });

  it("follows the owner's name, datasets going offline, new ones and removed ones", async () => {
    await changeInDatabase(`UPDATE organizations SET name = 'Kwekerij Gewijzigd' WHERE id = $1`, [organizationId]);
    await expect.poll(() => names(), { timeout: 2_000, interval: 20 }).toEqual(['Paprika (Kwekerij Gewijzigd)', 'Tomaat trostomaat (Kwekerij Gewijzigd)']);
    await changeInDatabase(`UPDATE datasets SET status = 'offline' WHERE slug = 'paprika'`, []);
    await expect.poll(() => names(), { timeout: 2_000, interval: 20 }).toEqual(['Tomaat trostomaat (Kwekerij Gewijzigd)']);
    await changeInDatabase(`INSERT INTO datasets (id, datasource_id, slug, name, about, status) VALUES (gen_random_uuid(), $1, 'aardbei', 'Aardbei', '', 'online')`, [
      datasourceId,
    ]);
    await expect.poll(() => names(), { timeout: 2_000, interval: 20 }).toEqual(['Aardbei (Kwekerij Gewijzigd)', 'Tomaat trostomaat (Kwekerij Gewijzigd)']);
  });

  it('shows a write through the API on the very next request', async () => {
    expect(await names('?q=a')).toHaveLength(2);
    // Removing the data source removes its datasets; the answer waits until this process was notified.
    const removed = await api.request(`/api/datasources/${datasourceId}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(204);
    expect(await names('?q=a')).toEqual([]);
    expect(await names()).toEqual([]);
  });
});
