import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let deltaMember: TestUser;
let westOwner: TestUser;
let admin: TestUser;
let deltaSlug: string;

async function dataset(datasourceId: string, slug: string, status: string) {
  await api.db.query(
    `INSERT INTO datasets (id, datasource_id, slug, name, about, status) VALUES (gen_random_uuid(), $1, $2, $3, 'Over deze set', $4)`,
    [datasourceId, slug, slug.replace(/-/g, ' '), status],
  );
}

beforeAll(async () => {
  api = await startTestApi();
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  const west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaSlug = delta.slug;
  const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  deltaMember = await api.createUser({ organizationId: delta.id });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  admin = await api.createUser({ organizationId: adminOrganization.id });
  const [{ id: deltaSource }] = await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Delta', $1, 'v1.x.y.z') RETURNING id`, [delta.id]);
  const [{ id: westSource }] = await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('West', $1, 'v1.x.y.z') RETURNING id`, [west.id]);
  await dataset(deltaSource, 'kasklimaat', 'online');
  await dataset(deltaSource, 'waterverbruik', 'offline');
  await dataset(westSource, 'glasdata', 'online');
});
afterAll(() => api?.close());

const slugs = (list: { slug: string }[]) => list.map((d) => d.slug).sort();

describe('the catalogue', () => {
  it('answers one page of a search by name with q, limit and offset, in name order, online only', async () => {
    const get = async (query: string) => {
      const response = await api.request(`/api/datasets?${query}`, { token: westOwner.token });
      expect(response.status).toBe(200);
      return ((await response.json()) as { slug: string }[]).map((d) => d.slug);
    };
    // Names are the slugs with spaces: 'glasdata', 'kasklimaat' online, 'waterverbruik' offline.
    expect(await get('q=KLIMA')).toEqual(['kasklimaat']);
    expect(await get('q=a')).toEqual(['glasdata', 'kasklimaat']);
    expect(await get('q=verbruik')).toEqual([]);
    expect(await get('q=a&limit=1')).toEqual(['glasdata']);
    expect(await get('q=a&limit=1&offset=1')).toEqual(['kasklimaat']);
    expect(await get('limit=5&offset=2')).toEqual([]);
    // % and _ are letters here, not wildcards.
    expect(await get('q=%25')).toEqual([]);
    expect(await get('q=_')).toEqual([]);
  });

  it("searches the description and the owner's name too, ignoring case and accents", async () => {
    const [{ id: deltaSource }] = await api.db.query(`SELECT id FROM datasources WHERE name = 'Delta'`);
    await api.db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, about, status) VALUES (gen_random_uuid(), $1, 'oogstcijfers', 'Oogstcijfers', 'Tomaten uit kas één, per CAFÉ-week', 'online')`,
      [deltaSource],
    );
    try {
      const get = async (q: string) => {
        const response = await api.request(`/api/datasets?q=${encodeURIComponent(q)}`, { token: westOwner.token });
        expect(response.status).toBe(200);
        return slugs(await response.json());
      };
      expect(await get('tomaten')).toEqual(['oogstcijfers']);
      expect(await get('KAS EEN')).toEqual(['oogstcijfers']);
      expect(await get('één')).toEqual(['oogstcijfers']);
      expect(await get('cafe-week')).toEqual(['oogstcijfers']);
      // The owner organisation's name: 'Kassenbouw West' owns glasdata, 'Kwekerij Delta' the others.
      expect(await get('kassenbouw')).toEqual(['glasdata']);
      expect(await get('kwekerij delta')).toEqual(['kasklimaat', 'oogstcijfers']);
      expect(await get('bestaat niet')).toEqual([]);
    } finally {
      await api.db.query(`DELETE FROM datasets WHERE slug = 'oogstcijfers'`);
    }
  });

  it('refuses a page size or offset that is not a whole number in range, in Dutch per field', async () => {
    for (const query of ['limit=0', 'limit=abc', 'limit=501', 'offset=-1', 'offset=1.5']) {
      const response = await api.request(`/api/datasets?${query}`, { token: westOwner.token });
      expect(response.status, query).toBe(422);
      const body = await response.json();
      expect(Object.keys(body.errors), query).toEqual([query.split('=')[0]]);
    }
  });

  it('lists only online datasets, with their owner', async () => {
    const list = await (await api.request('/api/datasets', { token: westOwner.token })).json();
    expect(slugs(list)).toEqual(['glasdata', 'kasklimaat']);
    expect(list.find((d: { slug: string }) => d.slug === 'kasklimaat')).toMatchObject({
      owner_organization_name: 'Kwekerij Delta',
      owner_organization_slug: deltaSlug,
      file_format: '.ttl',
      about: 'Over deze set',
    });
  });

  it("shows your own organisation's datasets whatever their status", async () => {
    expect(slugs(await (await api.request('/api/my-datasets', { token: deltaMember.token })).json())).toEqual(['kasklimaat', 'waterverbruik']);
    expect(slugs(await (await api.request(`/api/organizations/${deltaSlug}/datasets`, { token: deltaMember.token })).json())).toEqual([
      'kasklimaat',
      'waterverbruik',
    ]);
  });

  it("hides another organisation's offline datasets, except from admins", async () => {
    expect(slugs(await (await api.request(`/api/organizations/${deltaSlug}/datasets`, { token: westOwner.token })).json())).toEqual(['kasklimaat']);
    expect((await api.request('/api/datasets/waterverbruik', { token: westOwner.token })).status).toBe(404);
    expect((await api.request('/api/datasets/waterverbruik', { token: deltaMember.token })).status).toBe(200);
    expect((await api.request('/api/datasets/waterverbruik', { token: admin.token })).status).toBe(200);
    expect((await api.request('/api/datasets/kasklimaat', { token: westOwner.token })).status).toBe(200);
    expect((await api.request('/api/datasets/bestaat-niet', { token: westOwner.token })).status).toBe(404);
  });
});
