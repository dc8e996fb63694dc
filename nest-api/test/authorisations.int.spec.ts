import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORISATION_FIELD_ERRORS, amsterdamToday } from '@datahub/domain';
import { AuthorisationsService } from '../src/authorisations/authorisations.service';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let delta: { id: string; name: string; slug: string };
let west: { id: string; name: string; slug: string };
let noord: { id: string; name: string; slug: string };
let deltaOwner: TestUser;
let deltaMember: TestUser;
let westOwner: TestUser;
let noordOwner: TestUser;
let admin: TestUser;
let datasetId: string;
let offlineDatasetId: string;

function isoDay(offsetDays: number): string {
  const [year, month, day] = amsterdamToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}

async function dataset(organizationId: string, name: string, status: string): Promise<string> {
  const [{ id: datasourceId }] = await api.db.query(
    `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`,
    [`Bron ${name}`, organizationId],
  );
  const [{ id }] = await api.db.query(
    `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, $3, $4) RETURNING id`,
    [datasourceId, name.toLowerCase().replace(/\W+/g, '-'), name, status],
  );
  return id;
}

function grant(user: TestUser, id: string, body: Record<string, unknown>) {
  return api.request(`/api/datasets/${id}/authorisations`, { method: 'POST', token: user.token, json: { dataset: id, ...body } });
}

function revoke(user: TestUser, id: string, scope: string, organization: string) {
  return api.request(`/api/datasets/${id}/authorisations/${scope}/organizations/${organization}`, { method: 'DELETE', token: user.token });
}

async function list(user: TestUser, slug: string, side: 'received' | 'given') {
  const response = await api.request(`/api/organizations/${slug}/authorisations/${side}`, { token: user.token });
  expect(response.status).toBe(200);
  return (await response.json()) as { authorisation: string; dataset_name: string; assignee_organization_name: string; expired: boolean; expiration_date: string | null }[];
}

const scopesOf = (organizationId: string, id: string, ownerId: string) => api.app.get(AuthorisationsService).scopesFor(organizationId, id, ownerId);

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  noord = await api.createOrganization({ name: 'Glastuinbouw Noord' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'], email: 'eigenaar@delta.test' });
  deltaMember = await api.createUser({ organizationId: delta.id });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  noordOwner = await api.createUser({ organizationId: noord.id, roles: ['Authorisation.Contributor'] });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
  datasetId = await dataset(delta.id, 'Kas Delta', 'online');
  offlineDatasetId = await dataset(delta.id, 'Kas Delta Archief', 'offline');
});
afterAll(() => api?.close());

describe('granting', () => {
  it('grants each scope once, with the fields of the cards, and writes an audit row per scope', async () => {
    const response = await grant(deltaOwner, datasetId, {
      authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop', 'Dataset.ReadWater'],
      assignee_organization: west.slug,
      expiration_date: isoDay(30),
    });
    expect(response.status).toBe(201);
    const views = await response.json();
    expect(views.map((view: { authorisation: string }) => view.authorisation)).toEqual(['Dataset.ReadCrop', 'Dataset.ReadWater']);
    expect(views[1]).toMatchObject({
      authorisation_label: 'Water',
      dataset_id: datasetId,
      dataset_name: 'Kas Delta',
      dataset_slug: 'kas-delta',
      assignee_organization: west.id,
      assignee_organization_name: 'Kassenbouw West',
      assignee_organization_slug: west.slug,
      assignee_organization_logo_url: null,
      owner_organization: delta.id,
      owner_organization_name: 'Kwekerij Delta',
      expiration_date: isoDay(30),
      expired: false,
    });
    const audit = await api.db.query(
      `SELECT kind, after->'authorisations'->>0 AS authorisation, actor_user_id, actor_email, client_address, after->>'expiration_date' AS expiration_date
       FROM audit_log WHERE kind LIKE 'grant.%' ORDER BY 2`,
    );
    expect(audit).toEqual([
      { kind: 'grant.created', authorisation: 'Dataset.ReadCrop', actor_user_id: deltaOwner.id, actor_email: 'eigenaar@delta.test', client_address: '127.0.0.1', expiration_date: isoDay(30) },
      { kind: 'grant.created', authorisation: 'Dataset.ReadWater', actor_user_id: deltaOwner.id, actor_email: 'eigenaar@delta.test', client_address: '127.0.0.1', expiration_date: isoDay(30) },
    ]);
  });

  it('granting one that exists sets its expiry instead of duplicating it', async () => {
    const response = await grant(deltaOwner, datasetId, { authorisations: ['Dataset.ReadWater'], assignee_organization: west.id });
    expect(response.status).toBe(201);
    const [{ count }] = await api.db.query(
      `SELECT count(*)::int AS count FROM authorisation_assignments WHERE dataset_id = $1 AND assignee_organization_id = $2 AND authorisation = 'Dataset.ReadWater'`,
      [datasetId, west.id],
    );
    expect(count).toBe(1);
    expect((await response.json())[0].expiration_date).toBeNull();
    const [last] = await api.db.query(`SELECT kind FROM audit_log WHERE kind LIKE 'grant.%' ORDER BY id DESC LIMIT 1`);
    expect(last.kind).toBe('grant.extended');
  });

  it('shows them to the receiving organisation under received and to the granting one under given', async () => {
    const received = await list(westOwner, west.slug, 'received');
    expect(received.map((view) => `${view.dataset_name}:${view.authorisation}`)).toEqual(['Kas Delta:Dataset.ReadCrop', 'Kas Delta:Dataset.ReadWater']);
    const given = await list(deltaOwner, delta.slug, 'given');
    expect(given.map((view) => `${view.assignee_organization_name}:${view.authorisation}`)).toEqual(['Kassenbouw West:Dataset.ReadCrop', 'Kassenbouw West:Dataset.ReadWater']);
    expect(await list(deltaOwner, delta.slug, 'received')).toEqual([]);
    expect(await list(westOwner, west.slug, 'given')).toEqual([]);
    // Another organisation sees neither list, nor one assignment by id.
    expect((await api.request(`/api/organizations/${delta.slug}/authorisations/given`, { token: noordOwner.token })).status).toBe(403);
    expect((await api.request(`/api/organizations/${west.slug}/authorisations/received`, { token: noordOwner.token })).status).toBe(403);
    const [{ id }] = await api.db.query(`SELECT id FROM authorisation_assignments WHERE authorisation = 'Dataset.ReadCrop'`);
    expect((await api.request(`/api/authorisations/${id}`, { token: noordOwner.token })).status).toBe(404);
    expect((await api.request(`/api/authorisations/${id}`, { token: westOwner.token })).status).toBe(200);
    expect((await api.request(`/api/authorisations/${id}`, { token: deltaOwner.token })).status).toBe(200);
    // A plain member lacks AuthorisationAssignment.Read.
    expect((await api.request(`/api/organizations/${delta.slug}/authorisations/given`, { token: deltaMember.token })).status).toBe(403);
  });

  it('refuses with Dutch field errors: unknown dataset, scope or organisation, the own organisation, a past or malformed expiry', async () => {
    const cases: [Record<string, unknown>, Record<string, string>, string?][] = [
      [{ authorisations: ['Dataset.ReadWater'], assignee_organization: west.slug }, { dataset: AUTHORISATION_FIELD_ERRORS.datasetUnknown }, '00000000-0000-4000-8000-000000000000'],
      [{ authorisations: ['Dataset.ReadEverything'], assignee_organization: west.slug }, { authorisations: AUTHORISATION_FIELD_ERRORS.scopeUnknown }],
      [{ authorisations: [], assignee_organization: west.slug }, { authorisations: AUTHORISATION_FIELD_ERRORS.scopesMissing }],
      [{ authorisations: ['Dataset.ReadWater'], assignee_organization: 'bestaat-niet' }, { assignee_organization: AUTHORISATION_FIELD_ERRORS.assigneeUnknown }],
      [{ authorisations: ['Dataset.ReadWater'], assignee_organization: '' }, { assignee_organization: AUTHORISATION_FIELD_ERRORS.assigneeMissing }],
      [{ authorisations: ['Dataset.ReadWater'], assignee_organization: delta.slug }, { assignee_organization: AUTHORISATION_FIELD_ERRORS.assigneeOwn }],
      [{ authorisations: ['Dataset.ReadWater'], assignee_organization: west.slug, expiration_date: isoDay(-1) }, { expiration_date: AUTHORISATION_FIELD_ERRORS.expirationPast }],
      [{ authorisations: ['Dataset.ReadWater'], assignee_organization: west.slug, expiration_date: '31-12-2099' }, { expiration_date: AUTHORISATION_FIELD_ERRORS.expirationInvalid }],
      [{ authorisations: ['Dataset.ReadWater'], assignee_organization: west.slug, expiration_date: '2099-02-30' }, { expiration_date: AUTHORISATION_FIELD_ERRORS.expirationInvalid }],
    ];
    for (const [body, errors, id] of cases) {
      const target = id ?? datasetId;
      const response = await api.request(`/api/datasets/${target}/authorisations`, { method: 'POST', token: deltaOwner.token, json: { dataset: target, ...body } });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).errors, JSON.stringify(body)).toEqual(errors);
    }
    // The body's dataset must be the path's.
    const mismatch = await api.request(`/api/datasets/${datasetId}/authorisations`, {
      method: 'POST',
      token: deltaOwner.token,
      json: { dataset: offlineDatasetId, authorisations: ['Dataset.ReadWater'], assignee_organization: west.slug },
    });
    expect(mismatch.status).toBe(422);
    const [personal] = await api.db.query(`INSERT INTO organizations (name, slug) VALUES ('tmp_abc123', 'tmp-abc123') RETURNING slug`);
    const toPersonal = await grant(deltaOwner, datasetId, { authorisations: ['Dataset.ReadWater'], assignee_organization: personal.slug });
    expect((await toPersonal.json()).errors).toEqual({ assignee_organization: AUTHORISATION_FIELD_ERRORS.assigneeUnknown });
    // Today is still allowed: valid through that date.
    expect((await grant(deltaOwner, datasetId, { authorisations: ['Dataset.ReadGlass'], assignee_organization: noord.slug, expiration_date: isoDay(0) })).status).toBe(201);
  });

  it("refuses another organisation's dataset: 403 on an online one, an unknown dataset when it cannot even see it", async () => {
    const online = await grant(westOwner, datasetId, { authorisations: ['Dataset.ReadAll'], assignee_organization: west.slug });
    expect(online.status).toBe(403);
    const offline = await grant(westOwner, offlineDatasetId, { authorisations: ['Dataset.ReadAll'], assignee_organization: west.slug });
    expect(offline.status).toBe(422);
    expect((await offline.json()).errors).toEqual({ dataset: AUTHORISATION_FIELD_ERRORS.datasetUnknown });
    expect((await revoke(westOwner, datasetId, 'Dataset.ReadWater', west.slug)).status).toBe(403);
    expect((await grant(deltaMember, datasetId, { authorisations: ['Dataset.ReadAll'], assignee_organization: west.slug })).status).toBe(403);
  });

  // Issue 19: a platform admin could grant his own organisation (or any) read access to another's dataset.
  it("refuses a platform admin granting on another organisation's dataset, in Dutch, storing and auditing nothing", async () => {
    const [{ id: adminOrganizationId, slug: adminSlug }] = await api.db.query('SELECT id, slug FROM organizations WHERE is_admin');
    const count = async () => (await api.db.query('SELECT (SELECT count(*)::int FROM authorisation_assignments) AS a, (SELECT count(*)::int FROM audit_log) AS b'))[0];
    const before = await count();
    for (const [id, assignee] of [
      [datasetId, adminSlug],
      [datasetId, adminOrganizationId],
      [offlineDatasetId, adminSlug],
      [offlineDatasetId, noord.slug],
    ]) {
      const response = await grant(admin, id, { authorisations: ['Dataset.ReadAll'], assignee_organization: assignee });
      expect(response.status).toBe(403);
      expect((await response.json()).errors).toEqual({ dataset: AUTHORISATION_FIELD_ERRORS.ownerGrantsOnly });
    }
    expect(await count()).toEqual(before);
    expect(await scopesOf(adminOrganizationId, datasetId, delta.id)).toEqual([]);
    // The owner organisation may grant, also to the admin organisation: it is its choice.
    expect((await grant(deltaOwner, offlineDatasetId, { authorisations: ['Dataset.ReadRoof'], assignee_organization: adminSlug })).status).toBe(201);
    expect(await scopesOf(adminOrganizationId, offlineDatasetId, delta.id)).toEqual(['Dataset.ReadRoof']);
    // The admin may revoke it (abuse handling); the audit row names the admin and his organisation.
    expect((await revoke(admin, offlineDatasetId, 'Dataset.ReadRoof', adminSlug)).status).toBe(200);
    const [last] = await api.db.query(`SELECT kind, actor_user_id, actor_organization_id FROM audit_log WHERE kind LIKE 'grant.%' ORDER BY id DESC LIMIT 1`);
    expect(last).toEqual({ kind: 'grant.revoked', actor_user_id: admin.id, actor_organization_id: adminOrganizationId });
  });
});

describe('assignees', () => {
  it('offers every other organisation, not personal ones and not the own one', async () => {
    const response = await api.request('/api/authorisation-assignees', { token: deltaOwner.token });
    expect(response.status).toBe(200);
    const names = (await response.json()).map((organization: { name: string }) => organization.name);
    expect(names).toEqual(expect.arrayContaining(['Kassenbouw West', 'Glastuinbouw Noord']));
    expect(names).not.toContain('Kwekerij Delta');
    expect(names.some((name: string) => name.startsWith('tmp_'))).toBe(false);
    expect((await api.request('/api/authorisation-assignees', { token: deltaMember.token })).status).toBe(403);
  });
});

describe('validity and revoking', () => {
  it('the owner reads everything, a grantee the union of its valid assignments, others nothing; expired ones are listed as expired', async () => {
    expect(await scopesOf(delta.id, datasetId, delta.id)).toEqual(['Dataset.ReadAll']);
    expect(await scopesOf(west.id, datasetId, delta.id)).toEqual(['Dataset.ReadCrop', 'Dataset.ReadWater']);
    expect(await scopesOf(noord.id, datasetId, delta.id)).toEqual(['Dataset.ReadGlass']);
    const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    expect(await scopesOf(adminOrganizationId, datasetId, delta.id)).toEqual([]);
    await api.db.query(`UPDATE authorisation_assignments SET expiration_date = $1 WHERE authorisation = 'Dataset.ReadCrop'`, [isoDay(-1)]);
    expect(await scopesOf(west.id, datasetId, delta.id)).toEqual(['Dataset.ReadWater']);
    const received = await list(westOwner, west.slug, 'received');
    expect(received.map((view) => [view.authorisation, view.expired])).toEqual([
      ['Dataset.ReadCrop', true],
      ['Dataset.ReadWater', false],
    ]);
  });

  it('revokes one scope, answers with its id, writes the audit row; it is gone from both lists at once', async () => {
    const [{ id }] = await api.db.query(`SELECT id FROM authorisation_assignments WHERE authorisation = 'Dataset.ReadWater' AND assignee_organization_id = $1`, [west.id]);
    const response = await revoke(deltaOwner, datasetId, 'Dataset.ReadWater', west.slug);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authorisation_assignment_id: id });
    const [last] = await api.db.query(`SELECT kind, subject_id, actor_user_id FROM audit_log WHERE kind LIKE 'grant.%' ORDER BY id DESC LIMIT 1`);
    expect(last).toEqual({ kind: 'grant.revoked', subject_id: id, actor_user_id: deltaOwner.id });
    expect((await list(westOwner, west.slug, 'received')).map((view) => view.authorisation)).toEqual(['Dataset.ReadCrop']);
    expect((await list(deltaOwner, delta.slug, 'given')).some((view) => view.authorisation === 'Dataset.ReadWater' && view.assignee_organization_name === 'Kassenbouw West')).toBe(false);
    expect(await scopesOf(west.id, datasetId, delta.id)).toEqual([]);
    expect((await revoke(deltaOwner, datasetId, 'Dataset.ReadWater', west.slug)).status).toBe(404);
    expect((await revoke(deltaOwner, datasetId, 'Dataset.ReadNothing', west.slug)).status).toBe(404);
    // The expired one can be revoked too, by organisation id.
    expect((await revoke(deltaOwner, datasetId, 'Dataset.ReadCrop', west.id)).status).toBe(200);
    expect(await list(westOwner, west.slug, 'received')).toEqual([]);
  });
});
