import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORISATION_FIELD_ERRORS, amsterdamToday } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';

/**
 * Machtiging cards (issue 23 item 3): all grants of one dataset to one organisation, changed or
 * revoked as a whole. Real PostgreSQL; a failure is forced inside the transaction with a trigger.
 */
let api: TestApi;
let delta: { id: string; slug: string };
let west: { id: string; slug: string };
let noord: { id: string };
let deltaOwner: TestUser;
let deltaContributor: TestUser;
let deltaMember: TestUser;
let westOwner: TestUser;
let admin: TestUser;
let datasetId: string;

function isoDay(offsetDays: number): string {
  const [year, month, day] = amsterdamToday().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offsetDays)).toISOString().slice(0, 10);
}

const groupPath = (dataset: string, organization: string) => `/api/authorisation-groups/${dataset}/${organization}`;
const replace = (user: TestUser, body: unknown, dataset = datasetId, organization = west.id) => api.request(groupPath(dataset, organization), { method: 'PUT', token: user.token, json: body });
const revokeGroup = (user: TestUser, dataset = datasetId, organization = west.id) => api.request(groupPath(dataset, organization), { method: 'DELETE', token: user.token });

/** The group's grants as (scope, expiry), in scope order. */
async function grants(dataset = datasetId, organization = west.id): Promise<{ authorisation: string; expiration_date: string | null }[]> {
  return api.db.query(
    `SELECT authorisation, expiration_date::text AS expiration_date FROM authorisation_assignments WHERE dataset_id = $1 AND assignee_organization_id = $2 ORDER BY authorisation`,
    [dataset, organization],
  );
}

async function seed(scopes: string[], expiration: string | null, dataset = datasetId, organization = west.id) {
  await api.db.query('DELETE FROM authorisation_assignments WHERE dataset_id = $1 AND assignee_organization_id = $2', [dataset, organization]);
  for (const scope of scopes)
    await api.db.query(`INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation, expiration_date) VALUES ($1, $2, $3, $4)`, [dataset, organization, scope, expiration]);
}

const lastIds = async () => (await api.db.query('SELECT (SELECT coalesce(max(id), 0) FROM audit_log)::text AS audit, (SELECT coalesce(max(id), 0) FROM event_outbox)::text AS event'))[0] as { audit: string; event: string };
const auditSince = (id: string) => api.db.query(`SELECT kind, organization_id, other_organization_id, dataset_id, before, after FROM audit_log WHERE id > $1 ORDER BY id`, [id]);
const eventsSince = (id: string) => api.db.query(`SELECT kind, payload->>'authorisation' AS scope, payload->>'expiration_date' AS expiration FROM event_outbox WHERE id > $1 ORDER BY id`, [id]);

async function dataset(organizationId: string, name: string): Promise<string> {
  const [{ id: datasourceId }] = await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`, [`Bron ${name}`, organizationId]);
  const [{ id }] = await api.db.query(
    `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, $3, 'online') RETURNING id`,
    [datasourceId, name.toLowerCase().replace(/\W+/g, '-'), name],
  );
  return id;
}

beforeAll(async () => {
  api = await startTestApi({ EVENTS_DRAIN_INTERVAL_MS: '0' });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  noord = await api.createOrganization({ name: 'Glastuinbouw Noord' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  deltaContributor = await api.createUser({ organizationId: delta.id, roles: ['Authorisation.Contributor'] });
  deltaMember = await api.createUser({ organizationId: delta.id });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
  datasetId = await dataset(delta.id, 'Kas Delta');
});
afterAll(() => api?.close());

describe('changing a card', () => {
  beforeEach(() => seed(['Dataset.ReadWater', 'Dataset.ReadCrop'], isoDay(30)));

  it('adds, removes and re-dates in one go, with one audit row (before → after) and an event per grant', async () => {
    const since = await lastIds();
    const response = await replace(deltaContributor, { authorisations: ['Dataset.ReadWater', 'Dataset.ReadHeating'], expiration_date: isoDay(60) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      dataset_id: datasetId, assignee_organization: west.id, authorisations: ['Dataset.ReadWater', 'Dataset.ReadHeating'], expiration_date: isoDay(60), changed: true,
    });
    expect(await grants()).toEqual([
      { authorisation: 'Dataset.ReadHeating', expiration_date: isoDay(60) },
      { authorisation: 'Dataset.ReadWater', expiration_date: isoDay(60) },
    ]);
    expect(await auditSince(since.audit)).toEqual([
      {
        kind: 'grant.changed', organization_id: delta.id, other_organization_id: west.id, dataset_id: datasetId,
        before: { authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop'], expiration_date: isoDay(30) },
        after: { authorisations: ['Dataset.ReadWater', 'Dataset.ReadHeating'], expiration_date: isoDay(60) },
      },
    ]);
    expect(await eventsSince(since.event)).toEqual([
      { kind: 'authorisation.revoked', scope: 'Dataset.ReadCrop', expiration: isoDay(30) },
      { kind: 'authorisation.changed', scope: 'Dataset.ReadWater', expiration: isoDay(60) },
      { kind: 'authorisation.created', scope: 'Dataset.ReadHeating', expiration: isoDay(60) },
    ]);
  });

  it('an empty expiry makes it indefinite; the same state again changes nothing and writes nothing', async () => {
    expect((await replace(deltaOwner, { authorisations: ['Dataset.ReadCrop', 'Dataset.ReadWater'], expiration_date: '' })).status).toBe(200);
    expect((await grants()).map((grant) => grant.expiration_date)).toEqual([null, null]);
    const since = await lastIds();
    const again = await replace(deltaOwner, { authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop'] });
    expect(again.status).toBe(200);
    expect((await again.json()).changed).toBe(false);
    expect(await auditSince(since.audit)).toEqual([]);
    expect(await eventsSince(since.event)).toEqual([]);
  });

  it("refuses 'Alle data' with categories, unknown scopes, no scopes and a past date in Dutch; nothing changes", async () => {
    const since = await lastIds();
    const cases: [unknown, string, string][] = [
      [{ authorisations: ['Dataset.ReadAll', 'Dataset.ReadWater'] }, 'authorisations', AUTHORISATION_FIELD_ERRORS.scopesExclusive],
      [{ authorisations: ['Dataset.ReadBestaatNiet'] }, 'authorisations', AUTHORISATION_FIELD_ERRORS.scopeUnknown],
      [{ authorisations: [] }, 'authorisations', AUTHORISATION_FIELD_ERRORS.scopesMissing],
      [{ authorisations: ['Dataset.ReadWater'], expiration_date: isoDay(-1) }, 'expiration_date', AUTHORISATION_FIELD_ERRORS.expirationPast],
      [{ authorisations: ['Dataset.ReadWater'], expiration_date: '31-12-2099' }, 'expiration_date', AUTHORISATION_FIELD_ERRORS.expirationInvalid],
    ];
    for (const [body, field, error] of cases) {
      const response = await replace(deltaOwner, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).errors[field]).toBe(error);
    }
    expect(await grants()).toEqual([
      { authorisation: 'Dataset.ReadCrop', expiration_date: isoDay(30) },
      { authorisation: 'Dataset.ReadWater', expiration_date: isoDay(30) },
    ]);
    expect(await auditSince(since.audit)).toEqual([]);
    // 'Alle data' alone replaces the categories.
    expect((await replace(deltaOwner, { authorisations: ['Dataset.ReadAll'], expiration_date: isoDay(30) })).status).toBe(200);
    expect((await grants()).map((grant) => grant.authorisation)).toEqual(['Dataset.ReadAll']);
  });

  it('an expired card keeps its past date when only its categories change', async () => {
    await seed(['Dataset.ReadWater'], isoDay(-3));
    expect((await replace(deltaOwner, { authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop'], expiration_date: isoDay(-3) })).status).toBe(200);
    expect((await grants()).map((grant) => grant.expiration_date)).toEqual([isoDay(-3), isoDay(-3)]);
  });

  it('the same change sent many times at once: all succeed, one changes the card (one audit row), the rest find nothing to change', async () => {
    const since = await lastIds();
    const body = { authorisations: ['Dataset.ReadWater', 'Dataset.ReadHeating'], expiration_date: isoDay(45) };
    const answers = await Promise.all(Array.from({ length: 8 }, async () => {
      const response = await replace(deltaOwner, body);
      return { status: response.status, changed: (await response.json()).changed };
    }));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((answer) => answer.changed)).toHaveLength(1);
    expect((await auditSince(since.audit)).map((row: { kind: string }) => row.kind)).toEqual(['grant.changed']);
    expect(await grants()).toEqual([
      { authorisation: 'Dataset.ReadHeating', expiration_date: isoDay(45) },
      { authorisation: 'Dataset.ReadWater', expiration_date: isoDay(45) },
    ]);
  });

  it('a part failing inside the transaction leaves the grants as they were and writes no audit row or event', async () => {
    // The audit row is the last write of a change: make PostgreSQL refuse it, after the grants were changed.
    await api.db.query(`CREATE FUNCTION refuse_group_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await api.db.query(`CREATE TRIGGER refuse_group_change BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.kind IN ('grant.changed', 'grant.revoked')) EXECUTE FUNCTION refuse_group_change()`);
    try {
      const since = await lastIds();
      const changed = await replace(deltaOwner, { authorisations: ['Dataset.ReadHeating'], expiration_date: isoDay(90) });
      expect(changed.status).toBe(500);
      expect(JSON.stringify(await changed.json())).not.toContain('refused for the test');
      const revoked = await revokeGroup(deltaOwner);
      expect(revoked.status).toBe(500);
      expect(await grants()).toEqual([
        { authorisation: 'Dataset.ReadCrop', expiration_date: isoDay(30) },
        { authorisation: 'Dataset.ReadWater', expiration_date: isoDay(30) },
      ]);
      expect(await auditSince(since.audit)).toEqual([]);
      expect(await eventsSince(since.event)).toEqual([]);
    } finally {
      await api.db.query('DROP TRIGGER refuse_group_change ON audit_log');
      await api.db.query('DROP FUNCTION refuse_group_change()');
    }
  });
});

describe('revoking a card', () => {
  it('revokes every grant of the card at once, with one audit row and an event per grant', async () => {
    await seed(['Dataset.ReadWater', 'Dataset.ReadCrop', 'Dataset.ReadGlass'], null);
    await seed(['Dataset.ReadWater'], null, datasetId, noord.id);
    const since = await lastIds();
    const response = await revokeGroup(deltaOwner);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ dataset_id: datasetId, assignee_organization: west.id, revoked: 3 });
    expect(await grants()).toEqual([]);
    // Another organisation's card on the same dataset stays.
    expect(await grants(datasetId, noord.id)).toHaveLength(1);
    const [row] = await auditSince(since.audit);
    expect(row).toMatchObject({ kind: 'grant.revoked', organization_id: delta.id, other_organization_id: west.id, before: { authorisations: ['Dataset.ReadWater', 'Dataset.ReadCrop', 'Dataset.ReadGlass'], expiration_date: null } });
    expect((await eventsSince(since.event)).map((event: { kind: string }) => event.kind)).toEqual(['authorisation.revoked', 'authorisation.revoked', 'authorisation.revoked']);
    // Gone: a second revoke finds nothing.
    expect((await revokeGroup(deltaOwner)).status).toBe(404);
  });
});

describe('isolation', () => {
  beforeEach(() => seed(['Dataset.ReadWater'], null));

  it('another organisation does not find the card (404) and changes nothing; a plain member is refused', async () => {
    const since = await lastIds();
    // West receives the grant, but it is Delta's to manage.
    expect((await replace(westOwner, { authorisations: ['Dataset.ReadAll'] })).status).toBe(404);
    expect((await revokeGroup(westOwner)).status).toBe(404);
    expect((await replace(deltaMember, { authorisations: ['Dataset.ReadAll'] })).status).toBe(403);
    expect((await revokeGroup(deltaMember)).status).toBe(403);
    // Unknown or malformed ids: not found.
    expect((await replace(deltaOwner, { authorisations: ['Dataset.ReadAll'] }, datasetId, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await replace(deltaOwner, { authorisations: ['Dataset.ReadAll'] }, 'geen-uuid')).status).toBe(404);
    // A card that does not exist (Delta gave Glastuinbouw Noord nothing here) is not made by PUT.
    await seed([], null, datasetId, noord.id);
    expect((await replace(deltaOwner, { authorisations: ['Dataset.ReadAll'] }, datasetId, noord.id)).status).toBe(404);
    expect(await grants(datasetId, noord.id)).toEqual([]);
    expect(await grants()).toEqual([{ authorisation: 'Dataset.ReadWater', expiration_date: null }]);
    expect(await auditSince(since.audit)).toEqual([]);
  });

  it('the platform admin may revoke a card (abuse handling) but not grant on it', async () => {
    const refused = await replace(admin, { authorisations: ['Dataset.ReadAll'] });
    expect(refused.status).toBe(403);
    expect((await refused.json()).errors.dataset).toBe(AUTHORISATION_FIELD_ERRORS.ownerGrantsOnly);
    expect((await revokeGroup(admin)).status).toBe(200);
    expect(await grants()).toEqual([]);
  });
});

describe('the open access-request count', () => {
  it('counts open requests on the own datasets only, for those who decide them', async () => {
    const count = async (user: TestUser, organization = delta.id) => {
      const response = await api.request(`/api/organizations/${organization}/access-requests/open-count`, { token: user.token });
      return response.status === 200 ? (await response.json()).open : response.status;
    };
    await api.db.query('DELETE FROM authorisation_assignments WHERE dataset_id = $1', [datasetId]);
    expect(await count(deltaOwner)).toBe(0);
    const asked = await api.request(`/api/datasets/${datasetId}/access-requests`, { method: 'POST', token: westOwner.token, json: { authorisations: ['Dataset.ReadWater'], reason: 'Vergelijken.' } });
    expect(asked.status).toBe(201);
    expect(await count(deltaOwner)).toBe(1);
    expect(await count(deltaContributor)).toBe(1);
    expect(await count(westOwner, west.id)).toBe(0);
    expect(await count(westOwner)).toBe(403);
    expect(await count(deltaMember)).toBe(403);
    const { access_request_id: id } = await asked.json();
    expect((await api.request(`/api/access-requests/${id}/decline`, { method: 'POST', token: deltaOwner.token, json: { reason: 'Nee.' } })).status).toBe(201);
    expect(await count(deltaOwner)).toBe(0);
  });
});
