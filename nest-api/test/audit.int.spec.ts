import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_FILTER_ERRORS, AUDIT_PAGE_SIZE } from '@datahub/domain';
import { AuditService } from '../src/audit/audit.service';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { onlineDataset } from './online-dataset';

let api: TestApi;
let delta: { id: string; name: string; slug: string };
let west: { id: string; name: string; slug: string };
let deltaOwner: TestUser;
let deltaMember: TestUser;
let westOwner: TestUser;
let admin: TestUser;
let datasetId: string;

type Entry = { id: string; kind: string; created_at: string; actor_email: string | null; client_address: string | null; dataset_name: string | null; other_organization_name: string | null; before: unknown; after: unknown };
type Page = { entries: Entry[]; next_cursor: string | null };

async function page(user: TestUser, query = ''): Promise<Page> {
  const response = await api.request(`/api/audit-log${query}`, { token: user.token });
  expect(response.status).toBe(200);
  return response.json();
}

async function kindsOf(organizationId: string): Promise<string[]> {
  const rows: { kind: string }[] = await api.db.query('SELECT kind FROM audit_log WHERE organization_id = $1 ORDER BY id', [organizationId]);
  return rows.map((row) => row.kind);
}

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'], email: 'eigenaar@delta.test' });
  deltaMember = await api.createUser({ organizationId: delta.id, roles: ['Datasource.Contributor', 'Authorisation.Contributor'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'], email: 'eigenaar@west.test' });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
  datasetId = await onlineDataset(api, delta.id);
});

afterAll(async () => {
  await api?.close();
});

describe('writing', () => {
  it('records every audited change of an organisation with who, from where, and before → after', async () => {
    const created = await api.request('/api/datasources', { method: 'POST', token: deltaOwner.token, json: { name: 'Kasbron' } });
    expect(created.status).toBe(201);
    const { datasource_id: sourceId } = await created.json();
    expect((await api.request(`/api/datasources/${sourceId}/new-key`, { token: deltaOwner.token })).status).toBe(200);
    expect((await api.request(`/api/datasources/${sourceId}/path-overrides/dataset`, { method: 'PUT', token: deltaOwner.token, json: { path_override_pattern: '/api/{DATASET_ID}' } })).status).toBe(200);
    expect((await api.request(`/api/datasources/${sourceId}/path-overrides/dataset`, { method: 'DELETE', token: deltaOwner.token })).status).toBe(204);
    expect((await api.request(`/api/datasources/${sourceId}`, { method: 'DELETE', token: deltaOwner.token })).status).toBe(204);
    expect((await api.request(`/api/organizations/${delta.id}`, { method: 'PUT', token: deltaOwner.token, json: { kvk_number: 12345678 } })).status).toBe(200);
    expect((await api.request('/api/invitations', { method: 'POST', token: deltaOwner.token, json: { email: 'nieuw@delta.test' } })).status).toBe(201);
    const [{ id: invitationId }] = await api.db.query(`SELECT id FROM invitations WHERE email = 'nieuw@delta.test'`);
    expect((await api.request(`/api/invitations/${invitationId}`, { method: 'DELETE', token: deltaOwner.token })).status).toBe(204);
    expect((await api.request(`/api/users/${deltaMember.id}/roles`, { method: 'POST', token: deltaOwner.token, json: { names: ['Datasource.Contributor'] } })).status).toBe(200);
    const token = await api.request(`/api/organizations/${delta.id}/api-tokens`, { method: 'POST', token: deltaOwner.token, json: { name: 'Koppeling', scopes: ['data:read'], expires_in_days: 30 } });
    expect(token.status).toBe(201);
    const { id: tokenId } = await token.json();
    expect((await api.request(`/api/organizations/${delta.id}/api-tokens/${tokenId}`, { method: 'DELETE', token: deltaOwner.token })).status).toBe(204);
    const leaver = await api.createUser({ organizationId: delta.id });
    expect((await api.request(`/api/users/${leaver.id}/remove_from_organization`, { method: 'DELETE', token: deltaOwner.token })).status).toBe(204);
    expect((await api.request(`/api/datasets/${datasetId}/authorisations`, { method: 'POST', token: deltaOwner.token, json: { dataset: datasetId, authorisations: ['Dataset.ReadWater'], assignee_organization: west.id } })).status).toBe(201);

    expect(await kindsOf(delta.id)).toEqual([
      'datasource.created',
      'datasource.key_rotated',
      'path_override.changed',
      'path_override.changed',
      'datasource.deleted',
      'organization.changed',
      'invitation.sent',
      'invitation.revoked',
      'roles.changed',
      'api_token.created',
      'api_token.revoked',
      'user.removed',
      'grant.created',
    ]);
    const [roles] = await api.db.query(`SELECT actor_user_id, actor_email, client_address, before, after FROM audit_log WHERE kind = 'roles.changed'`);
    expect(roles).toMatchObject({ actor_user_id: deltaOwner.id, actor_email: 'eigenaar@delta.test', client_address: '127.0.0.1' });
    expect(roles.before.roles).toEqual(['Authorisation.Contributor', 'Datasource.Contributor']);
    expect(roles.after.roles).toEqual(['Datasource.Contributor']);
    const [organization] = await api.db.query(`SELECT before, after FROM audit_log WHERE kind = 'organization.changed'`);
    expect([organization.before.kvk_number, organization.after.kvk_number]).toEqual([null, 12345678]);
  });

  it('writes in the transaction of the change: an audit row that cannot be written undoes the change', async () => {
    await api.db.query(`ALTER TABLE audit_log ADD CONSTRAINT test_refuse_datasources CHECK (kind <> 'datasource.created') NOT VALID`);
    try {
      const refused = await api.request('/api/datasources', { method: 'POST', token: deltaOwner.token, json: { name: 'Onvastgelegd' } });
      expect(refused.status).toBe(500);
      expect(await api.db.query(`SELECT id FROM datasources WHERE name = 'Onvastgelegd'`)).toEqual([]);
    } finally {
      await api.db.query('ALTER TABLE audit_log DROP CONSTRAINT test_refuse_datasources');
    }
  });

  it('writes no row for a change that fails', async () => {
    const before = await kindsOf(delta.id);
    // Removing the only owner's own owner role is refused (the organisation keeps an owner).
    const response = await api.request(`/api/users/${deltaOwner.id}/roles`, { method: 'POST', token: deltaOwner.token, json: { names: [] } });
    expect(response.status).toBe(409);
    expect(await kindsOf(delta.id)).toEqual(before);
  });

  it('is append-only: a row cannot be changed', async () => {
    await expect(api.db.query(`UPDATE audit_log SET kind = 'grant.created'`)).rejects.toThrow(/append-only/);
  });
});

describe('reading the log', () => {
  it('shows an organisation its own rows and the other side of what concerns it, never another organisation’s people', async () => {
    const deltaKinds = (await page(deltaOwner)).entries.map((entry) => entry.kind);
    expect(deltaKinds).toContain('datasource.created');
    const west = await page(westOwner);
    // West sees the grant it received, not Delta's data sources, roles or tokens.
    expect(west.entries.map((entry) => entry.kind)).toEqual(['grant.created']);
    expect(west.entries[0]).toMatchObject({ dataset_name: 'Kas Delta', actor_email: null, client_address: null });
    const all = await page(admin);
    expect(all.entries.length).toBeGreaterThan(west.entries.length);
    expect((await api.request('/api/audit-log', { token: deltaMember.token })).status).toBe(403);
  });

  it('filters by kind and refuses an unknown kind or cursor in Dutch', async () => {
    const grants = await page(deltaOwner, '?kind=grant.created');
    expect(grants.entries.map((entry) => entry.kind)).toEqual(['grant.created']);
    const bad = await api.request('/api/audit-log?kind=iets&cursor=x', { token: deltaOwner.token });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ kind: AUDIT_FILTER_ERRORS.kind, cursor: AUDIT_FILTER_ERRORS.cursor });
  });

  it('pages by keyset: every row exactly once, newest first, also when rows share a timestamp', async () => {
    const organization = await api.createOrganization();
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    // 130 rows, in groups of ten sharing one timestamp.
    await api.db.query(
      `INSERT INTO audit_log (kind, organization_id, created_at, after)
       SELECT 'organization.changed', $1, timestamp '2026-01-01' + (n / 10) * interval '1 minute', jsonb_build_object('n', n)
       FROM generate_series(1, 130) n`,
      [organization.id],
    );
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const result = await page(owner, cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');
      expect(result.entries.length).toBeLessThanOrEqual(AUDIT_PAGE_SIZE);
      seen.push(...result.entries.map((entry) => (entry.after as { n: number }).n));
      cursor = result.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(130);
    const times = seen.map((n) => Math.floor(n / 10));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('exports CSV for Dutch Excel: BOM, semicolons, quoted separators, formulas neutralised', async () => {
    await api.db.query(
      `INSERT INTO audit_log (kind, organization_id, dataset_name, other_organization_name, after)
       VALUES ('grant.created', $1, '=HYPERLINK("http://kwaad.example")', 'Noord; "Zuid"', jsonb_build_object('authorisations', jsonb_build_array('@SUM(A1)', '-1+2')))`,
      [delta.id],
    );
    const response = await api.request('/api/audit-log/csv?kind=grant.created', { token: deltaOwner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="logboek.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('Tijdstip;Soort;Wie;Organisatie van wie;Dataset;Andere organisatie;Voor;Na;Rijen;Uitkomst;Adres');
    const line = lines.find((text) => text.includes('HYPERLINK'))!;
    expect(line).toContain(`;"'=HYPERLINK(""http://kwaad.example"")";"Noord; ""Zuid""";;categorieën: @SUM(A1), -1+2;`);
    expect(lines.filter((text) => text.includes('Machtiging gegeven')).length).toBe(2);
  });
});

describe('the true empty text of machtigingen', () => {
  it('remembers, after the last grant is revoked, that the organisation did give and receive', async () => {
    const history = async (user: TestUser, slug: string) => (await api.request(`/api/organizations/${slug}/authorisations/history`, { token: user.token })).json();
    expect(await history(westOwner, west.slug)).toEqual({ ever_given: false, ever_received: true });
    const revoked = await api.request(`/api/datasets/${datasetId}/authorisations/Dataset.ReadWater/organizations/${west.slug}`, { method: 'DELETE', token: deltaOwner.token });
    expect(revoked.status).toBe(200);
    const given = await (await api.request(`/api/organizations/${delta.slug}/authorisations/given`, { token: deltaOwner.token })).json();
    expect(given).toEqual([]);
    expect(await history(deltaOwner, delta.slug)).toEqual({ ever_given: true, ever_received: false });
    expect(await history(westOwner, west.slug)).toEqual({ ever_given: false, ever_received: true });
  });
});

describe('reads and their retention', () => {
  it("counts other organisations' reads per organisation for the owner ('Gebruik door anderen')", async () => {
    await api.db.query(
      `INSERT INTO audit_log (kind, organization_id, other_organization_id, dataset_id, outcome, created_at)
       VALUES ('read.query', $1, $2, $3, 200, now() - interval '1 day'), ('read.download', $1, $2, $3, 200, now()),
              ('read.query', $1, $2, $3, 403, now()), ('read.query', $1, $2, $3, 200, now() - interval '40 days'),
              ('read.query', $1, $1, $3, 200, now())`,
      [delta.id, west.id, datasetId],
    );
    const response = await api.request(`/api/datasets/${datasetId}/use-by-others`, { token: deltaOwner.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ organization_id: west.id, organization_name: 'Kassenbouw West', reads: 2, last_read_at: expect.any(String) }]);
    expect((await api.request(`/api/datasets/${datasetId}/use-by-others`, { token: westOwner.token })).status).toBe(403);
  });

  it('records a lapsed grant once as expired, by the platform', async () => {
    const [{ id }] = await api.db.query(
      `INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation, expiration_date)
       VALUES ($1, $2, 'Dataset.ReadCrop', (now() AT TIME ZONE 'Europe/Amsterdam')::date - 1) RETURNING id`,
      [datasetId, west.id],
    );
    const audit = api.app.get(AuditService);
    await audit.daily();
    await audit.daily();
    const rows = await api.db.query(`SELECT kind, organization_id, other_organization_id, actor_user_id FROM audit_log WHERE subject_id = $1`, [id]);
    expect(rows).toEqual([{ kind: 'grant.expired', organization_id: delta.id, other_organization_id: west.id, actor_user_id: null }]);
  });

  it('deletes read rows older than AUDIT_RETENTION_MONTHS and keeps change rows', async () => {
    await api.db.query(
      `INSERT INTO audit_log (kind, organization_id, dataset_id, outcome, created_at)
       VALUES ('read.query', $1, $2, 200, now() - interval '25 months'), ('grant.revoked', $1, $2, NULL, now() - interval '25 months'),
              ('read.download', $1, $2, 200, now() - interval '23 months')`,
      [delta.id, datasetId],
    );
    const old = `SELECT kind FROM audit_log WHERE created_at < now() - interval '22 months' ORDER BY kind`;
    expect((await api.db.query(old)).map((row: { kind: string }) => row.kind)).toEqual(['grant.revoked', 'read.download', 'read.query']);
    expect(await api.app.get(AuditService).purgeReads()).toBe(1);
    expect((await api.db.query(old)).map((row: { kind: string }) => row.kind)).toEqual(['grant.revoked', 'read.download']);
  });
});
