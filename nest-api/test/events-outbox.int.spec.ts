import { createServer, type Server } from 'node:http';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { EVENTS_RETENTION_DAYS, OutboxDrainer } from '../src/events/outbox-drainer.service';
import { DiscoveryService } from '../src/hub/discovery.service';
import { startTestApi, TEST_PASSWORD, type TestApi, type TestUser } from './harness';

/**
 * Every change listed in issue 24 writes one event into the outbox, in the change's own
 * transaction: a refused change writes none. The data source here is a small real HTTP server.
 */
let api: TestApi;
let delta: { id: string; slug: string; name: string };
let west: { id: string; slug: string; name: string };
let owner: TestUser;
let peer: Server;
let peerPort: number;
let peerUp = true;

interface EventRow {
  id: string;
  kind: string;
  object_id: string;
  parties: string[];
  payload: Record<string, unknown>;
}

beforeAll(async () => {
  peerPort = await freePort();
  peer = createServer((request, response) => {
    if (!peerUp) return response.writeHead(503).end();
    if (request.url === '/') return response.writeHead(200).end('ok');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'Kasklimaat', about: 'Metingen' }));
  });
  await new Promise<void>((resolve) => peer.listen(peerPort, '127.0.0.1', resolve));
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true', EVENTS_DRAIN_INTERVAL_MS: '0' });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
});
afterAll(async () => {
  await api?.close();
  peer?.close();
});

/** Events recorded after `after` (an event id), oldest first. */
async function eventsAfter(after: string): Promise<EventRow[]> {
  return api.db.query('SELECT e.id::text AS id, kind, object_id, parties::text[] AS parties, payload FROM event_outbox e WHERE e.id > $1 ORDER BY e.id', [after]);
}
async function lastEventId(): Promise<string> {
  const [row] = await api.db.query('SELECT coalesce(max(id), 0)::text AS id FROM event_outbox');
  return row.id;
}

describe('the event outbox', () => {
  it('records a data source created and deleted, and its dataset registered, online, offline (once) and deleted', async () => {
    const start = await lastEventId();
    const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron', hostname: '' } })).json();
    const { datasource_id: datasourceId, secret } = created.credentials;
    const iat = Math.floor(Date.now() / 1000);
    const token = jwt.sign({ iss: `datahub-datasource:${datasourceId}`, aud: 'datahub-portal-api', sub: datasourceId, iat, exp: iat + 120 }, secret);
    const protocol = (path: string, method = 'GET', json?: unknown) =>
      api.request(`/api/datasource-protocol${path}`, { method, json, headers: { authorization: `Bearer ${token}` } });
    expect((await protocol('/host', 'POST', { hostname: `127.0.0.1:${peerPort}` })).status).toBe(204);
    const { dataset_id: datasetId } = await (await protocol('/datasets', 'POST', { file_format: '.ttl' })).json();
    const discovery = api.app.get(DiscoveryService);
    await discovery.discoverDatasource(datasourceId);
    await discovery.discoverDatasource(datasourceId);
    peerUp = false;
    await discovery.discoverDatasource(datasourceId);
    await discovery.discoverDatasource(datasourceId);
    peerUp = true;
    expect((await protocol(`/datasets/${datasetId}`, 'DELETE')).status).toBe(204);
    expect((await api.request(`/api/datasources/${datasourceId}`, { method: 'DELETE', token: owner.token })).status).toBe(204);

    const events = await eventsAfter(start);
    expect(events.map((e) => [e.kind, e.object_id])).toEqual([
      ['datasource.created', datasourceId],
      ['dataset.registered', datasetId],
      ['dataset.online', datasetId],
      ['dataset.offline', datasetId],
      ['dataset.deleted', datasetId],
      ['datasource.deleted', datasourceId],
    ]);
    for (const event of events) expect(event.parties).toEqual([delta.id]);
    expect(events[2].payload).toMatchObject({ dataset_id: datasetId, name: 'Kasklimaat', datasource_id: datasourceId, organization_id: delta.id });
  });

  it('records nothing for a refused change', async () => {
    await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Dubbel', hostname: '' } });
    const start = await lastEventId();
    const again = await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Dubbel', hostname: '' } });
    expect(again.status).toBe(409);
    expect(await eventsAfter(start)).toEqual([]);
  });

  it('records a grant created, changed, revoked, and expired once, for both organisations', async () => {
    const [source] = await api.db.query(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Bron', $1, 'x') RETURNING id`, [delta.id]);
    const [dataset] = await api.db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, about, contact, additional_info, file_format, status) VALUES (gen_random_uuid(), $1, 'kas', 'Kas', '', '', '', '.ttl', 'online') RETURNING id`,
      [source.id],
    );
    const start = await lastEventId();
    const grant = (json: Record<string, unknown>) =>
      api.request(`/api/datasets/${dataset.id}/authorisations`, { method: 'POST', token: owner.token, json: { dataset: dataset.id, assignee_organization: west.id, ...json } });
    expect((await grant({ authorisations: ['Dataset.ReadAll'] })).status).toBe(201);
    expect((await grant({ authorisations: ['Dataset.ReadAll'], expiration_date: '2099-12-31' })).status).toBe(201);
    expect((await api.request(`/api/datasets/${dataset.id}/authorisations/Dataset.ReadAll/organizations/${west.id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await grant({ authorisations: ['Dataset.ReadAll'], expiration_date: '2099-12-31' })).status).toBe(201);
    await api.db.query(`UPDATE authorisation_assignments SET expiration_date = '2020-01-01' WHERE dataset_id = $1`, [dataset.id]);
    const drainer = api.app.get(OutboxDrainer);
    await drainer.drainOnce();
    await drainer.drainOnce();

    const events = await eventsAfter(start);
    expect(events.map((e) => e.kind)).toEqual([
      'authorisation.created', 'authorisation.changed', 'authorisation.revoked', 'authorisation.created', 'authorisation.expired',
    ]);
    for (const event of events) expect(event.parties).toEqual([delta.id, west.id]);
    expect(events[1].payload).toMatchObject({ dataset_id: dataset.id, assignee_organization: west.id, owner_organization: delta.id, expiration_date: '2099-12-31' });
    expect(events[4].payload).toMatchObject({ expiration_date: '2020-01-01', authorisation: 'Dataset.ReadAll' });
  });

  it('records an organisation changed, a user joined (invitation) and a user left (removed, deleted themselves)', async () => {
    const existing = await api.createUser({ organizationId: (await api.createOrganization()).id, roles: ['Organization.Owner'], email: 'komt@elders.test' });
    const member = await api.createUser({ organizationId: delta.id });
    const start = await lastEventId();
    expect((await api.request(`/api/organizations/${delta.id}`, { method: 'PUT', token: owner.token, json: { name: 'Kwekerij Delta BV' } })).status).toBe(200);
    expect((await api.request('/api/invitations', { method: 'POST', token: owner.token, json: { email: existing.email } })).status).toBe(201);
    const [mail] = await api.db.query('SELECT body FROM outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1', [existing.email]);
    const link = /\/uitnodiging\/([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    expect((await api.request(`/api/invitations/${link}/accept`, { method: 'POST', token: existing.token })).status).toBe(204);
    expect((await api.request(`/api/users/${member.id}/remove_from_organization`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await api.request(`/api/users/${existing.id}`, { method: 'DELETE', token: existing.token })).status).toBe(204);

    const events = (await eventsAfter(start)).filter((e) => e.parties.includes(delta.id));
    expect(events.map((e) => [e.kind, e.payload.user_id ?? e.payload.name])).toEqual([
      ['organization.changed', 'Kwekerij Delta BV'],
      ['organization.user_joined', existing.id],
      ['organization.user_left', member.id],
      ['organization.user_left', existing.id],
    ]);
    void TEST_PASSWORD;
  });
});

describe('the daily purge', () => {
  it(`deletes drained events older than ${EVENTS_RETENTION_DAYS} days and keeps newer and waiting ones`, async () => {
    const day = 24 * 60 * 60 * 1000;
    const insert = async (drainedDaysAgo: number | null) => {
      const [row] = await api.db.query(
        `INSERT INTO event_outbox (kind, object_id, parties, payload, drained_at) VALUES ('organization.changed', 'purge-test', '{}', '{}', $1) RETURNING id::text AS id`,
        [drainedDaysAgo === null ? null : new Date(Date.now() - drainedDaysAgo * day)],
      );
      return row.id as string;
    };
    const old = await insert(EVENTS_RETENTION_DAYS + 1);
    const recent = await insert(EVENTS_RETENTION_DAYS - 1);
    const waiting = await insert(null);
    await api.app.get(OutboxDrainer).purge(new Date());
    const left = (await api.db.query(`SELECT id::text AS id FROM event_outbox WHERE object_id = 'purge-test' ORDER BY id`)).map((r: { id: string }) => r.id);
    expect(left).toEqual([recent, waiting]);
    expect(left).not.toContain(old);
  });
});
