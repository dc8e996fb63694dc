import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';

/** The page reads of the organisation, data-source and application pages answer what their separate reads did, refused where those were. */
let api: TestApi;
let delta: { id: string; name: string; slug: string };
let west: { id: string; name: string; slug: string };
let deltaOwner: TestUser;
let deltaMember: TestUser;
let westOwner: TestUser;
let admin: TestUser;
let deltaSourceId: string;
let applicationSlug: string;

const status = async (path: string, user: TestUser) => (await api.request(path, { token: user.token })).status;
const json = async (path: string, user: TestUser) => {
  const response = await api.request(path, { token: user.token });
  expect(response.status, path).toBe(200);
  return response.json();
};

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  deltaMember = await api.createUser({ organizationId: delta.id, email: 'lid@delta.test' });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
  [{ id: deltaSourceId }] = await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Kasdata Delta', $1, 'v1.x.y.z') RETURNING id`, [delta.id]);
  await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Bron West', $1, 'v1.x.y.z')`, [west.id]);
  [{ slug: applicationSlug }] = await api.db.query(
    `INSERT INTO applications (slug, name, about, usage, owner_organization_id, url, datasource_id) VALUES ('teeltplan', 'Teeltplan', 'Over', 'Gebruik', $1, 'https://app.example.nl', $2) RETURNING slug`,
    [delta.id, deltaSourceId],
  );
  await api.db.query(`INSERT INTO applications (slug, name, about, usage, owner_organization_id, url) VALUES ('kasrooster', 'Kasrooster', 'Over', 'Gebruik', $1, 'https://rooster.example.nl')`, [delta.id]);
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/pages/organization/{slug}', () => {
  it('answers the organisation, its users and licences as the separate reads, with the user', async () => {
    const page = await json(`/api/pages/organization/${delta.slug}`, deltaMember);
    expect(page).toEqual({
      user: await json('/api/current_user', deltaMember),
      organization: await json(`/api/organizations/${delta.slug}`, deltaMember),
      users: await json(`/api/organizations/${delta.slug}/users`, deltaMember),
      licences: await json(`/api/organizations/${delta.slug}/licences`, deltaMember),
    });
    expect(page.users).toHaveLength(2);
    // Any organisation for an organisation admin.
    expect((await json(`/api/pages/organization/${delta.slug}`, admin)).organization.organization_id).toBe(delta.id);
  });

  it("refuses another organisation's page (403) and an unknown slug to an admin (404), as GET /api/organizations/{slug}", async () => {
    expect(await status(`/api/pages/organization/${delta.slug}`, westOwner)).toBe(403);
    expect(await status(`/api/organizations/${delta.slug}`, westOwner)).toBe(403);
    expect(await status('/api/pages/organization/bestaat-niet', admin)).toBe(404);
    expect((await api.request(`/api/pages/organization/${delta.slug}`)).status).toBe(401);
  });

  it('answers 304 to the ETag it gave while nothing changed', async () => {
    const first = await api.request(`/api/pages/organization/${delta.slug}`, { token: deltaOwner.token });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await api.request(`/api/pages/organization/${delta.slug}`, { token: deltaOwner.token, headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('the data-source pages', () => {
  it('answers one data source as GET /api/datasources/{id}, with the user; another organisation gets 404', async () => {
    const page = await json(`/api/pages/datasource/${deltaSourceId}`, deltaOwner);
    expect(page).toEqual({ user: await json('/api/current_user', deltaOwner), datasource: await json(`/api/datasources/${deltaSourceId}`, deltaOwner) });
    expect(await status(`/api/pages/datasource/${deltaSourceId}`, westOwner)).toBe(404);
    expect(await status('/api/pages/datasource/geen-uuid', deltaOwner)).toBe(404);
    // Without Datasource.Read, as GET /api/datasources/{id}.
    expect(await status(`/api/pages/datasource/${deltaSourceId}`, deltaMember)).toBe(await status(`/api/datasources/${deltaSourceId}`, deltaMember));
    expect(await status(`/api/pages/datasource/${deltaSourceId}`, deltaMember)).toBe(403);
  });

  it("answers the organisation's own data sources, or null without Datasource.Read", async () => {
    expect(await json('/api/pages/datasources', deltaOwner)).toEqual({ datasources: await json('/api/my-datasources', deltaOwner) });
    expect((await json('/api/pages/datasources', westOwner)).datasources.map((source: { name: string }) => source.name)).toEqual(['Bron West']);
    expect(await json('/api/pages/datasources', deltaMember)).toEqual({ datasources: null });
  });

  it('answers the manage-datasets page: all data sources for an admin, only its own for an owner, none without the right', async () => {
    const owner = await json('/api/pages/manage-datasets', deltaOwner);
    expect(owner.datasources).toEqual(await json('/api/datasources', deltaOwner));
    expect(owner.datasources.map((source: { name: string }) => source.name)).toEqual(['Kasdata Delta']);
    const all = (await json('/api/pages/manage-datasets', admin)).datasources.map((source: { name: string }) => source.name);
    expect(all).toEqual(expect.arrayContaining(['Kasdata Delta', 'Bron West']));
    expect((await json('/api/pages/manage-datasets', deltaMember)).datasources).toBeNull();
  });
});

describe('the application pages', () => {
  it("answers the application with its owner's applications", async () => {
    const page = await json(`/api/pages/application/${applicationSlug}`, westOwner);
    expect(page).toEqual({
      application: await json(`/api/application/${applicationSlug}`, westOwner),
      owner_applications: await json(`/api/organizations/${delta.slug}/applications`, westOwner),
    });
    expect(page.owner_applications).toHaveLength(2);
    expect(await status('/api/pages/application/bestaat-niet', westOwner)).toBe(404);
  });

  it("answers an organisation's applications with the user, and your own organisation's", async () => {
    expect(await json(`/api/pages/organization/${delta.slug}/applications`, westOwner)).toEqual({
      user: await json('/api/current_user', westOwner),
      applications: await json(`/api/organizations/${delta.slug}/applications`, westOwner),
    });
    expect(await status('/api/pages/organization/bestaat-niet/applications', westOwner)).toBe(404);
    expect(await json('/api/pages/my-applications', deltaMember)).toEqual({ applications: await json(`/api/organizations/${delta.slug}/applications`, deltaMember) });
    expect(await json('/api/pages/my-applications', westOwner)).toEqual({ applications: [] });
  });

  it('answers the management pages to organisation admins only', async () => {
    expect(await json('/api/pages/manage-applications', admin)).toEqual({ applications: await json('/api/applications', admin) });
    expect(await status('/api/pages/manage-applications', deltaOwner)).toBe(403);
    expect(await json('/api/pages/new-application', admin)).toEqual({ organizations: await json('/api/organizations', admin), datasources: await json('/api/datasources', admin) });
    expect(await status('/api/pages/new-application', deltaOwner)).toBe(403);
    const page = await json(`/api/pages/manage-application/${applicationSlug}`, admin);
    expect(page.application).toEqual(await json(`/api/application/${applicationSlug}`, admin));
    expect(page.organizations).toEqual(await json('/api/organizations', admin));
    expect(page.datasources).toEqual(await json('/api/datasources', admin));
    expect(page.datasource.datasource_id).toBe(deltaSourceId);
    expect(page.path_overrides).toEqual(await json(`/api/datasources/${deltaSourceId}/path-overrides`, admin));
    expect(await status(`/api/pages/manage-application/${applicationSlug}`, deltaOwner)).toBe(403);
    expect(await status('/api/pages/manage-application/bestaat-niet', admin)).toBe(404);
  });
});
