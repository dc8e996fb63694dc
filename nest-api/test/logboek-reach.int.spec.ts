import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_KIND_LABELS, EVENT_KIND_LABELS, describeAuditChange } from '@datahub/domain';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { onlineDataset } from './online-dataset';

/** Issue 32, items 2 and 5: webhook changes in the Logboek; the person filter finds only the viewer's own people. */
let api: TestApi;
let delta: { id: string; name: string; slug: string };
let west: { id: string; name: string; slug: string };
let deltaOwner: TestUser;
let deltaReader: TestUser;
let westOwner: TestUser;
let westReader: TestUser;
let admin: TestUser;
let datasetId: string;

type Entry = { kind: string; kind_label: string; actor_email: string | null; organization_id: string | null; subject_id?: string; before: unknown; after: unknown };

async function entries(user: TestUser, query = ''): Promise<Entry[]> {
  const response = await api.request(`/api/audit-log${query}`, { token: user.token });
  expect(response.status).toBe(200);
  return (await response.json()).entries;
}

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'], email: 'eigenaar@delta.test' });
  deltaReader = await api.createUser({ organizationId: delta.id, email: 'lezer@delta.test' });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'], email: 'eigenaar@west.test' });
  westReader = await api.createUser({ organizationId: west.id, email: 'analist@west.test' });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'], email: 'beheer@platform.test' });
  datasetId = await onlineDataset(api, delta.id);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('webhook changes in the Logboek (issue 32, item 2)', () => {
  it('records creating, re-enabling and deleting a webhook; the organisation and the platform admin both see the rows, in Dutch', async () => {
    // A public address literal: no name to resolve, nothing private.
    const url = 'https://93.184.216.34/haak';
    const made = await api.request(`/api/organizations/${delta.id}/webhooks`, { method: 'POST', token: deltaOwner.token, json: { url, kinds: ['dataset.online', 'authorisation.created'] } });
    expect(made.status).toBe(201);
    const { id: webhookId } = await made.json();
    await api.db.query('UPDATE webhooks SET disabled_at = now(), failing_since = now() - interval \'25 hours\' WHERE id = $1', [webhookId]);
    expect((await api.request(`/api/organizations/${delta.id}/webhooks/${webhookId}/enable`, { method: 'POST', token: deltaOwner.token })).status).toBe(200);
    // The platform admin removes it (abuse handling): the organisation sees that too.
    expect((await api.request(`/api/organizations/${delta.id}/webhooks/${webhookId}`, { method: 'DELETE', token: admin.token })).status).toBe(204);

    const rows: { kind: string; subject_id: string; organization_id: string; actor_email: string; before: unknown; after: unknown }[] = await api.db.query(
      `SELECT kind, subject_id, organization_id, actor_email, before, after FROM audit_log WHERE kind LIKE 'webhook.%' ORDER BY id`,
    );
    const hook = { url, kinds: ['dataset.online', 'authorisation.created'] };
    expect(rows).toEqual([
      { kind: 'webhook.created', subject_id: webhookId, organization_id: delta.id, actor_email: 'eigenaar@delta.test', before: null, after: hook },
      { kind: 'webhook.enabled', subject_id: webhookId, organization_id: delta.id, actor_email: 'eigenaar@delta.test', before: null, after: hook },
      { kind: 'webhook.deleted', subject_id: webhookId, organization_id: delta.id, actor_email: 'beheer@platform.test', before: hook, after: null },
    ]);

    const shown = (list: Entry[]) => list.filter((entry) => entry.kind.startsWith('webhook.')).map((entry) => entry.kind_label);
    const labels = ['Webhook verwijderd', 'Webhook weer ingeschakeld', 'Webhook toegevoegd'];
    expect(shown(await entries(deltaOwner))).toEqual(labels);
    expect(shown(await entries(admin))).toEqual(labels);
    // Another organisation does not see them.
    expect(shown(await entries(westOwner))).toEqual([]);
    expect([AUDIT_KIND_LABELS['webhook.created'], AUDIT_KIND_LABELS['webhook.enabled'], AUDIT_KIND_LABELS['webhook.deleted']]).toEqual([labels[2], labels[1], labels[0]]);
    expect(describeAuditChange(hook)).toBe(`adres: ${url}; gebeurtenissen: ${EVENT_KIND_LABELS['dataset.online']}, ${EVENT_KIND_LABELS['authorisation.created']}`);
    // The kind filter knows them.
    expect((await entries(deltaOwner, '?kind=webhook.deleted')).map((entry) => entry.kind)).toEqual(['webhook.deleted']);
  });

  it('writes no row for a webhook that is not there', async () => {
    const before = await api.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE kind LIKE 'webhook.%'`);
    const missing = '00000000-0000-4000-8000-000000000009';
    expect((await api.request(`/api/organizations/${delta.id}/webhooks/${missing}`, { method: 'DELETE', token: deltaOwner.token })).status).toBe(404);
    expect((await api.request(`/api/organizations/${delta.id}/webhooks/${missing}/enable`, { method: 'POST', token: deltaOwner.token })).status).toBe(404);
    expect(await api.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE kind LIKE 'webhook.%'`)).toEqual(before);
  });
});

describe('the Logboek person filter (issue 32, item 5)', () => {
  beforeAll(async () => {
    // Reads of Delta's dataset: one by Delta's own reader, one by West's analyst.
    await api.db.query(
      `INSERT INTO audit_log (kind, organization_id, other_organization_id, dataset_id, dataset_name, actor_user_id, actor_email, actor_organization_id, outcome)
       VALUES ('read.query', $1, $1, $2, 'Kas Delta', $3, 'lezer@delta.test', $1, 200),
              ('read.query', $1, $4, $2, 'Kas Delta', $5, 'analist@west.test', $4, 200)`,
      [delta.id, datasetId, deltaReader.id, west.id, westReader.id],
    );
  });

  const reads = async (user: TestUser, person: string) => (await entries(user, `?kind=read.query&person=${encodeURIComponent(person)}`)).length;

  it('finds nothing for a reader of another organisation: the same as an address that has no account', async () => {
    expect(await reads(deltaOwner, 'analist@west.test')).toBe(0);
    expect(await reads(deltaOwner, 'niemand@west.test')).toBe(0);
    // The rows are there: unfiltered, the owner sees the read with the person blanked.
    const all = await entries(deltaOwner, '?kind=read.query');
    expect(all.map((entry) => entry.actor_email).sort()).toEqual(['lezer@delta.test', null].sort());
    // The CSV export filters alike.
    const csv = await (await api.request('/api/audit-log/csv?person=analist%40west.test', { token: deltaOwner.token })).text();
    expect(csv.trim().split('\r\n')).toHaveLength(1);
  });

  it('finds the viewer organisation’s own people, and every person for a platform admin', async () => {
    expect(await reads(deltaOwner, 'lezer@delta.test')).toBe(1);
    // West finds its own analyst's read of Delta's dataset (it is the other party of that row).
    expect(await reads(westOwner, 'analist@west.test')).toBe(1);
    expect(await reads(admin, 'analist@west.test')).toBe(1);
    expect(await reads(admin, 'lezer@delta.test')).toBe(1);
  });
});
