import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_FIELD_ERRORS, DETAILS, ERROR_TEXTS, FIELD_ERRORS, applicationErrorText } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let admin: TestUser;
let contributor: TestUser;
let deltaOwner: TestUser;
let westOwner: TestUser;
let delta: { id: string; slug: string };
let west: { id: string; slug: string };
let deltaSourceId: string;
let westSourceId: string;

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
  contributor = await api.createUser({ organizationId: adminOrganizationId, roles: ['Application.Contributor'] });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  const source = (name: string, organizationId: string) =>
    api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`, [name, organizationId]);
  [{ id: deltaSourceId }] = await source('Kasdata Delta', delta.id);
  [{ id: westSourceId }] = await source('Bron West', west.id);
});
afterAll(() => api?.close());

const valid = (fields: Record<string, unknown> = {}) => ({
  name: `Applicatie ${Math.random().toString(36).slice(2, 8)}`,
  owner_organization: delta.id,
  about: 'Plant de teelt.',
  usage: 'Maakt een teeltplan.',
  url: 'https://teeltplan.example.nl/start',
  ...fields,
});
const create = (json: unknown, token = admin.token) => api.request('/api/applications', { method: 'POST', token, json });
const update = (id: string, json: unknown, token = admin.token) => api.request(`/api/applications/${id}`, { method: 'PUT', token, json });
/** How many applications are stored: a refused create must not change it. */
const count = async (): Promise<number> => (await api.db.query('SELECT count(*)::int AS n FROM applications'))[0].n;
/** The stored row, as the database has it (not as the API answers it). */
const row = async (id: string) =>
  (
    await api.db.query(
      'SELECT name, slug, category, price_per_year::float AS price, url, owner_organization_id AS owner, datasource_id AS datasource FROM applications WHERE id = $1',
      [id],
    )
  )[0];

describe('creating applications', () => {
  it('stores every field of the spec and derives a unique slug from the name', async () => {
    const response = await create(
      valid({
        name: 'Kasklimaat Planner',
        category: 'Gewas registratie',
        price_per_year: 1250.5,
        url_terms_of_delivery: 'https://example.nl/voorwaarden',
        url_privacy_statement: 'http://example.nl/privacy',
        url_licence_server: 'Licenties.Example.nl:8443/api/',
        datasource_id: deltaSourceId,
      }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      application_id: expect.any(String),
      slug: 'kasklimaat-planner',
      name: 'Kasklimaat Planner',
      about: 'Plant de teelt.',
      usage: 'Maakt een teeltplan.',
      owner_organization: delta.id,
      owner_organization_name: 'Kwekerij Delta',
      owner_organization_slug: delta.slug,
      category: 'Gewas registratie',
      url: 'https://teeltplan.example.nl/start',
      url_licence_server: 'https://licenties.example.nl:8443/api',
      url_privacy_statement: 'http://example.nl/privacy',
      url_terms_of_delivery: 'https://example.nl/voorwaarden',
      price_per_year: 1250.5,
      logo_url: null,
      datasource_id: deltaSourceId,
    });
    const again = await (await api.request('/api/application/kasklimaat-planner', { token: westOwner.token })).json();
    expect(again).toEqual(body);
  });

  it('leaves category, price and the optional links empty when they are not given', async () => {
    const body = await (await create(valid({ category: '', price_per_year: null, url_privacy_statement: '' }))).json();
    expect(body).toMatchObject({ category: null, price_per_year: null, url_privacy_statement: null, url_terms_of_delivery: null, url_licence_server: null, datasource_id: null });
    expect(await (await create(valid({ price_per_year: 0 }))).json()).toMatchObject({ price_per_year: 0 });
  });

  it("refuses a name that exists in any case with the spec's detail", async () => {
    expect((await create(valid({ name: 'Gewasmonitor' }))).status).toBe(201);
    const before = await count();
    const response = await create(valid({ name: '  gewasMONITOR ', owner_organization: west.id }));
    expect(response.status).toBe(409);
    expect(await count()).toBe(before);
    const body = await response.json();
    expect(body.detail).toBe(DETAILS.applicationNameTaken);
    expect(applicationErrorText(body)).toBe('Er bestaat al een applicatie met deze naam');
  });

  it('answers 422 with Dutch per-field messages for missing required fields', async () => {
    const before = await count();
    const response = await create({});
    expect(response.status).toBe(422);
    expect(await count()).toBe(before);
    const body = await response.json();
    expect(applicationErrorText(body)).toBe(ERROR_TEXTS.application.unprocessable);
    expect(ERROR_TEXTS.application.unprocessable).toBe('Niet alle verplichte velden zijn ingevuld.');
    expect(body.errors).toEqual({
      name: FIELD_ERRORS.required,
      owner_organization: APPLICATION_FIELD_ERRORS.ownerOrganization,
      about: FIELD_ERRORS.required,
      usage: FIELD_ERRORS.required,
      url: FIELD_ERRORS.required,
    });
  });

  it('holds about to 1000 and usage to 500 characters, and accepts exactly those', async () => {
    const before = await count();
    const tooLong = await (await create(valid({ about: 'a'.repeat(1001), usage: 'u'.repeat(501) }))).json();
    expect(tooLong.errors).toEqual({ about: FIELD_ERRORS.maxLength(1000), usage: FIELD_ERRORS.maxLength(500) });
    expect(await count()).toBe(before);
    const exact = await (await create(valid({ about: 'a'.repeat(1000), usage: 'u'.repeat(500) }))).json();
    const [stored] = await api.db.query('SELECT about, usage FROM applications WHERE id = $1', [exact.application_id]);
    expect(stored).toEqual({ about: 'a'.repeat(1000), usage: 'u'.repeat(500) });
  });

  it('takes a price only as a non-negative number', async () => {
    const before = await count();
    for (const price of ['twaalf', '12', true]) {
      const body = await (await create(valid({ price_per_year: price }))).json();
      expect(body.errors).toEqual({ price_per_year: 'prijs per jaar moet in cijfers zijn' });
    }
    expect((await (await create(valid({ price_per_year: -1 }))).json()).errors).toEqual({ price_per_year: APPLICATION_FIELD_ERRORS.priceNegative });
    expect(await count()).toBe(before);
    const priced = await (await create(valid({ price_per_year: 1250.5 }))).json();
    expect((await row(priced.application_id)).price).toBe(1250.5);
  });

  it('takes a category only from the spec list', async () => {
    const before = await count();
    const body = await (await create(valid({ category: 'Bloemen' }))).json();
    expect(body.errors).toEqual({ category: APPLICATION_FIELD_ERRORS.category });
    expect(await count()).toBe(before);
    for (const category of ['Kassenbouw', 'IPM']) {
      const created = await create(valid({ category }));
      expect(created.status).toBe(201);
      expect((await row((await created.json()).application_id)).category).toBe(category);
    }
  });

  it('takes links only as http(s) addresses', async () => {
    const body = await (
      await create(valid({ url: 'javascript:alert(1)', url_terms_of_delivery: 'ftp://example.nl/x', url_privacy_statement: 'https://user:pw@example.nl' }))
    ).json();
    expect(body.errors).toEqual({ url: APPLICATION_FIELD_ERRORS.link, url_terms_of_delivery: APPLICATION_FIELD_ERRORS.link, url_privacy_statement: APPLICATION_FIELD_ERRORS.link });
    expect(await api.db.query("SELECT id FROM applications WHERE url LIKE 'javascript:%'")).toEqual([]);
  });

  it('takes a licence server only as an FQDN or IP address, public and over https while private hosts are not allowed', async () => {
    const errorFor = async (url_licence_server: string) => (await (await create(valid({ url_licence_server }))).json()).errors?.url_licence_server;
    expect(await errorFor('geen host')).toBe(APPLICATION_FIELD_ERRORS.licenceServer);
    expect(await errorFor('localhost')).toBe(APPLICATION_FIELD_ERRORS.licenceServer);
    expect(await errorFor('https://lic.example.nl/?x=1')).toBe(APPLICATION_FIELD_ERRORS.licenceServer);
    expect(await errorFor('ftp://lic.example.nl')).toBe(APPLICATION_FIELD_ERRORS.licenceServer);
    expect(await errorFor('10.0.0.5')).toBe(APPLICATION_FIELD_ERRORS.licenceServerPrivate);
    expect(await errorFor('https://169.254.169.254')).toBe(APPLICATION_FIELD_ERRORS.licenceServerPrivate);
    expect(await errorFor('https://[::1]:8080')).toBe(APPLICATION_FIELD_ERRORS.licenceServerPrivate);
    expect(await errorFor('http://lic.example.nl')).toBe(APPLICATION_FIELD_ERRORS.licenceServerInsecure);
    // Documentation and other reserved ranges are not public either (the hub's SSRF rules).
    expect(await errorFor('203.0.113.7')).toBe(APPLICATION_FIELD_ERRORS.licenceServerPrivate);
    const ok = await (await create(valid({ url_licence_server: 'licenties.example.nl/api' }))).json();
    expect(ok.url_licence_server).toBe('https://licenties.example.nl/api');
  });

  it('refuses a personal organisation or an unknown one as owner', async () => {
    const personal = await api.createOrganization({ name: 'tmp_abcdef' });
    for (const owner_organization of [personal.id, '00000000-0000-4000-8000-000000000009']) {
      const body = await (await create(valid({ owner_organization }))).json();
      expect(body.errors).toEqual({ owner_organization: APPLICATION_FIELD_ERRORS.ownerOrganizationUnknown });
    }
  });

  it("links only a data source of the owner organisation", async () => {
    const body = await (await create(valid({ datasource_id: westSourceId }))).json();
    expect(body.errors).toEqual({ datasource_id: APPLICATION_FIELD_ERRORS.datasource });
  });

  it('lets Application.Contributor of the admin organisation create for any organisation, and no one without Application.Create', async () => {
    const forWest = await create(valid({ owner_organization: west.id }), contributor.token);
    expect(forWest.status).toBe(201);
    expect((await row((await forWest.json()).application_id)).owner).toBe(west.id);
    const refused = valid();
    expect((await create(refused, deltaOwner.token)).status).toBe(403);
    expect(await api.db.query('SELECT id FROM applications WHERE name = $1', [refused.name])).toEqual([]);
    expect((await create(valid())).status).toBe(201);
  });
});

describe('reading applications', () => {
  it("lists all applications by name, an organisation's own, and 404 for an unknown organisation", async () => {
    await create(valid({ name: 'Aaa Eerste', owner_organization: west.id }));
    const all = await (await api.request('/api/applications', { token: deltaOwner.token })).json();
    const names = all.map((application: { name: string }) => application.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toContain('Aaa Eerste');
    const ofWest = await (await api.request(`/api/organizations/${west.slug}/applications`, { token: deltaOwner.token })).json();
    expect(ofWest.length).toBeGreaterThan(0);
    expect(ofWest.every((application: { owner_organization: string }) => application.owner_organization === west.id)).toBe(true);
    expect((await api.request('/api/organizations/bestaat-niet/applications', { token: deltaOwner.token })).status).toBe(404);
    expect((await api.request('/api/application/bestaat-niet', { token: deltaOwner.token })).status).toBe(404);
  });

  it("answers the linked data source to its organisation and admins, 404 otherwise", async () => {
    const linked = await (await create(valid({ datasource_id: deltaSourceId }))).json();
    const path = `/api/applications/${linked.application_id}/datasource`;
    const own = await api.request(path, { token: deltaOwner.token });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ datasource_id: deltaSourceId, name: 'Kasdata Delta', owner_organization: delta.id });
    expect((await api.request(path, { token: admin.token })).status).toBe(200);
    expect((await api.request(path, { token: westOwner.token })).status).toBe(404);
    const unlinked = await (await create(valid())).json();
    expect((await api.request(`/api/applications/${unlinked.application_id}/datasource`, { token: deltaOwner.token })).status).toBe(404);
  });
});

describe('changing and deleting applications', () => {
  it('changes every field, keeps the slug, and refuses a name that another application has', async () => {
    const first = await (await create(valid({ name: 'Oogstplanner', datasource_id: deltaSourceId }))).json();
    await create(valid({ name: 'Bezet' }));
    const changed = await update(first.application_id, valid({ name: 'Oogstplanner Pro', category: 'IPM', price_per_year: 99, url: 'https://oogst.example.nl' }));
    expect(changed.status).toBe(200);
    const body = await changed.json();
    expect(body).toMatchObject({ slug: 'oogstplanner', name: 'Oogstplanner Pro', category: 'IPM', price_per_year: 99, url: 'https://oogst.example.nl/' });
    expect(body.datasource_id).toBe(deltaSourceId);
    const changedRow = {
      name: 'Oogstplanner Pro',
      slug: 'oogstplanner',
      category: 'IPM',
      price: 99,
      url: 'https://oogst.example.nl/',
      owner: delta.id,
      datasource: deltaSourceId,
    };
    expect(await row(first.application_id)).toEqual(changedRow);
    const taken = await update(first.application_id, valid({ name: 'BEZET' }));
    expect(taken.status).toBe(409);
    expect((await taken.json()).detail).toBe(DETAILS.applicationNameTaken);
    expect(await row(first.application_id)).toEqual(changedRow);
    expect((await update(first.application_id, valid({ name: 'Oogstplanner Pro' }))).status).toBe(200);
  });

  it("unlinks the data source with null, and when the new owner does not own it", async () => {
    const application = await (await create(valid({ datasource_id: deltaSourceId }))).json();
    const moved = await (await update(application.application_id, valid({ name: application.name, owner_organization: west.id }))).json();
    expect(moved.datasource_id).toBeNull();
    const relinked = await (await update(application.application_id, valid({ name: application.name, datasource_id: westSourceId, owner_organization: west.id }))).json();
    expect(relinked.datasource_id).toBe(westSourceId);
    const unlinked = await (await update(application.application_id, valid({ name: application.name, owner_organization: west.id, datasource_id: null }))).json();
    expect(unlinked.datasource_id).toBeNull();
  });

  it('takes logo_url only as the current logo or null', async () => {
    const application = await (await create(valid())).json();
    const refused = await update(application.application_id, valid({ name: application.name, logo_url: 'https://evil.example/x.svg' }));
    expect(refused.status).toBe(422);
    const [{ logo_url: kept }] = await api.db.query('SELECT logo_url FROM applications WHERE id = $1', [application.application_id]);
    expect(kept).toBeNull();
    expect((await update(application.application_id, valid({ name: application.name, logo_url: null }))).status).toBe(200);
  });

  it('refuses changes and deletion without Application.* and for unknown ids', async () => {
    const application = await (await create(valid())).json();
    const before = await row(application.application_id);
    expect((await update(application.application_id, valid({ name: application.name, category: 'IPM' }), deltaOwner.token)).status).toBe(403);
    expect((await api.request(`/api/applications/${application.application_id}`, { method: 'DELETE', token: deltaOwner.token })).status).toBe(403);
    expect(await row(application.application_id)).toEqual(before);
    expect((await update('00000000-0000-4000-8000-000000000001', valid())).status).toBe(404);
    expect((await api.request('/api/applications/geen-uuid', { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('deletes an application', async () => {
    const application = await (await create(valid())).json();
    const deleted = await api.request(`/api/applications/${application.application_id}`, { method: 'DELETE', token: contributor.token });
    expect(deleted.status).toBe(204);
    expect(await row(application.application_id)).toBeUndefined();
    expect((await api.request(`/api/application/${application.slug}`, { token: admin.token })).status).toBe(404);
  });
});
