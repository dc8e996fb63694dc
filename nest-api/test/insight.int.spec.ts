import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UsageEventsService } from '../src/insight/usage-events.service';
import { startTestApi, type TestApi, type TestUser } from './harness';

let api: TestApi;
let events: UsageEventsService;
let organization: { id: string };
let member: TestUser;
let admin: TestUser;

const CONSENT = { 'x-datahub-usage-consent': '1' };

beforeAll(async () => {
  // The queue is written only when the test says so (flush), and holds at most 5 events.
  api = await startTestApi({ INSIGHT_FLUSH_MS: '600000', INSIGHT_QUEUE_MAX: '5', RATING_MAX: '7', RATING_INTERVAL: '30' });
  events = api.app.get(UsageEventsService);
  organization = await api.createOrganization();
  member = await api.createUser({ organizationId: organization.id, firstname: 'Merel', lastname: 'Meter', email: 'merel.meter@example.test' });
  const [adminOrganization] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganization.id, roles: ['AdminOrganization.Owner'] });
});
afterAll(() => api?.close());
beforeEach(async () => {
  await events.flush();
  await api.db.query('DELETE FROM usage_events');
});

function pageView(token: string, route: string, headers: Record<string, string> = {}, slug?: string) {
  return api.request('/api/insight/page-views', { method: 'POST', token, headers, json: { route, ...(slug ? { slug } : {}) } });
}

async function storedEvents(): Promise<Record<string, unknown>[]> {
  await events.flush();
  return api.db.query('SELECT * FROM usage_events ORDER BY id');
}

describe('consent', () => {
  it('stores nothing without consent', async () => {
    expect((await pageView(member.token, '/datasets')).status).toBe(204);
    expect(await storedEvents()).toEqual([]);
  });

  it('stores nothing with Do-Not-Track or Global Privacy Control, even with consent', async () => {
    expect((await pageView(member.token, '/datasets', { ...CONSENT, dnt: '1' })).status).toBe(204);
    expect((await pageView(member.token, '/datasets', { ...CONSENT, 'sec-gpc': '1' })).status).toBe(204);
    expect((await pageView(member.token, '/datasets', { cookie: 'datahub_consent=alle', 'sec-gpc': '1' })).status).toBe(204);
    expect(await storedEvents()).toEqual([]);
  });

  it("stores a 'necessary only' choice as no consent", async () => {
    expect((await pageView(member.token, '/datasets', { cookie: 'datahub_consent=noodzakelijk' })).status).toBe(204);
    expect(await storedEvents()).toEqual([]);
  });

  it('with consent: page views by pattern and one VISIT per session, with ids only', async () => {
    const other = await api.createUser({ organizationId: organization.id });
    await pageView(member.token, '/datasets', CONSENT);
    await pageView(member.token, '/profiel', { cookie: 'datahub_consent=alle' });
    await pageView(other.token, '/datasets', CONSENT);
    const rows = await storedEvents();
    expect(rows.map((row) => [row.kind, row.route, row.user_id])).toEqual([
      ['VISIT', null, member.id],
      ['PAGE_VIEW', '/datasets', member.id],
      ['PAGE_VIEW', '/profiel', member.id],
      ['VISIT', null, other.id],
      ['PAGE_VIEW', '/datasets', other.id],
    ]);
    // No personal fields: the columns are fixed, and no value carries a name or an address.
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'kind', 'occurred_at', 'organization_id', 'route', 'subject_id', 'user_id']);
    expect(JSON.stringify(rows)).not.toMatch(/merel|meter|@/i);
    // A later page of the same session is no new visit.
    await pageView(member.token, '/datasets', CONSENT);
    expect((await storedEvents()).filter((row) => row.kind === 'VISIT')).toHaveLength(2);
  });

  it('refuses full URLs: only route patterns are taken', async () => {
    const response = await pageView(member.token, '/dataset/kas?sparql=SELECT', CONSENT);
    expect(response.status).toBe(422);
    expect((await response.json()).errors.route).toBe('Deze waarde is niet geldig.');
    expect(await storedEvents()).toEqual([]);
  });
});

describe('the queue', () => {
  it('drops events beyond its bound without failing or slowing the requests, and counts them', async () => {
    const before = events.status().dropped;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await pageView(member.token, '/datasets', CONSENT)).status);
    expect(statuses).toEqual(Array(8).fill(204));
    expect(events.status().dropped - before).toBe(3);
    expect((await storedEvents()).filter((row) => row.kind === 'PAGE_VIEW')).toHaveLength(5);
    const overview = await api.request('/api/insight/overview', { token: admin.token });
    expect(overview.status).toBe(200);
    expect((await overview.json()).dropped_events).toBeGreaterThanOrEqual(3);
  });

  it('purges events older than the retention period (13 months by default)', async () => {
    await api.db.query(
      `INSERT INTO usage_events (kind, user_id, organization_id, occurred_at) VALUES
       ('VISIT', $1, $2, now() - interval '14 months'), ('VISIT', $1, $2, now() - interval '12 months')`,
      [member.id, organization.id],
    );
    expect(await events.purge()).toBe(1);
    const left = await api.db.query('SELECT occurred_at FROM usage_events');
    expect(left).toHaveLength(1);
  });
});

describe('domain events', () => {
  it('counts an invitation sent with consent, and none without', async () => {
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    expect((await api.request('/api/invitations', { method: 'POST', token: owner.token, json: { email: 'zonder@elders.test' } })).status).toBe(201);
    expect(await storedEvents()).toEqual([]);
    const response = await api.request('/api/invitations', { method: 'POST', token: owner.token, headers: CONSENT, json: { email: 'met@elders.test' } });
    expect(response.status).toBe(201);
    expect((await storedEvents()).map((row) => [row.kind, row.user_id, row.organization_id])).toEqual([['INVITATION_SENT', owner.id, organization.id]]);
  });
});

describe('authorisation events', () => {
  it('counts a grant and a revocation on the dataset, with consent', async () => {
    const owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
    const assignee = await api.createOrganization({ name: `Ontvanger ${Date.now()}` });
    const [{ id: datasourceId }] = await api.db.query(
      `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Machtigingsbron', $1, 'v1.x.y.z') RETURNING id`,
      [organization.id],
    );
    const [{ id: datasetId }] = await api.db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, 'Machtigingsset', 'online') RETURNING id`,
      [datasourceId, `machtiging-${Date.now()}`],
    );
    const granted = await api.request(`/api/datasets/${datasetId}/authorisations`, {
      method: 'POST',
      token: owner.token,
      headers: CONSENT,
      json: { dataset: datasetId, authorisations: ['Dataset.ReadWater'], assignee_organization: assignee.id },
    });
    expect(granted.status, await granted.clone().text()).toBe(201);
    const revoked = await api.request(`/api/datasets/${datasetId}/authorisations/Dataset.ReadWater/organizations/${assignee.slug}`, {
      method: 'DELETE',
      token: owner.token,
      headers: CONSENT,
    });
    expect(revoked.status).toBe(200);
    expect((await storedEvents()).map((row) => [row.kind, row.subject_id])).toEqual([
      ['AUTHORISATION_GRANTED', datasetId],
      ['AUTHORISATION_REVOKED', datasetId],
    ]);
  });
});

describe('the overview', () => {
  it('answers the seeded counts to platform admins only', async () => {
    const [{ id: datasourceId }] = await api.db.query(
      `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ('Bron', $1, 'v1.x.y.z') RETURNING id`,
      [organization.id],
    );
    const [{ id: datasetId }] = await api.db.query(
      `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, 'kasdata', 'Kasdata', 'online') RETURNING id`,
      [datasourceId],
    );
    const other = await api.createOrganization();
    const otherUser = await api.createUser({ organizationId: other.id });
    const insert = (kind: string, userId: string, organizationId: string, daysAgo: number, subject: string | null = null, route: string | null = null) =>
      api.db.query(
        `INSERT INTO usage_events (kind, route, subject_id, user_id, organization_id, occurred_at) VALUES ($1, $2, $3, $4, $5, date_trunc('day', now()) - make_interval(days => $6) + interval '1 hour')`,
        [kind, route, subject, userId, organizationId, daysAgo],
      );
    await insert('VISIT', member.id, organization.id, 0);
    await insert('VISIT', member.id, organization.id, 0);
    await insert('VISIT', otherUser.id, other.id, 2);
    await insert('VISIT', member.id, organization.id, 40); // outside a 30-day period
    for (let i = 0; i < 3; i += 1) await insert('DATASET_QUERIED', member.id, organization.id, 1, datasetId);
    await insert('XML_DOWNLOADED', otherUser.id, other.id, 1, datasetId);
    await insert('PAGE_VIEW', member.id, organization.id, 1, datasetId, '/dataset/:slug');
    await api.db.query(`INSERT INTO ratings (user_id, organization_id, score, max_rating) VALUES ($1, $2, 6, 7), ($1, $2, 6, 7), ($1, $2, NULL, 7)`, [
      member.id,
      organization.id,
    ]);

    const response = await api.request('/api/insight/overview?days=30', { token: admin.token });
    expect(response.status).toBe(200);
    const overview = await response.json();
    expect(overview.visits_per_day.map((row: { visits: number }) => row.visits)).toEqual([1, 2]);
    expect(overview.top_datasets).toEqual([{ name: 'Kasdata', views: 1 }]);
    expect(overview.dataset_use).toEqual([{ dataset_id: datasetId, name: 'Kasdata', queries: 3, downloads: 1 }]);
    expect(overview.satisfaction).toEqual([{ score: 6, count: 2 }]);
    expect(overview.max_rating).toBe(7);
    const weeks = overview.active_per_week as { users: number; organizations: number }[];
    expect(weeks.reduce((max, row) => Math.max(max, row.users), 0)).toBeLessThanOrEqual(2);
    expect(weeks.some((row) => row.organizations >= 1)).toBe(true);

    const sevenDays = await (await api.request('/api/insight/overview?days=7', { token: admin.token })).json();
    expect(sevenDays.visits_per_day.reduce((sum: number, row: { visits: number }) => sum + row.visits, 0)).toBe(3);

    // Owners see their own datasets' counts; another organisation sees none of them.
    const own = await (await api.request('/api/insight/my-datasets', { token: member.token })).json();
    expect(own.datasets).toEqual([{ dataset_id: datasetId, name: 'Kasdata', queries: 3, downloads: 1 }]);
    expect((await (await api.request('/api/insight/my-datasets', { token: otherUser.token })).json()).datasets).toEqual([]);
    expect((await api.request('/api/insight/overview', { token: member.token })).status).toBe(403);
  });
});

describe('the satisfaction rating', () => {
  it('takes 1..RATING_MAX, refuses more in Dutch, and is not due again within RATING_INTERVAL', async () => {
    const rater = await api.createUser({ organizationId: organization.id });
    const state = await (await api.request('/api/ratings/state', { token: rater.token })).json();
    expect(state).toMatchObject({ due: true, max_rating: 7, delay_seconds: 300 });
    const tooHigh = await api.request('/api/ratings', { method: 'POST', token: rater.token, json: { action: 'rate', score: 8 } });
    expect(tooHigh.status).toBe(422);
    expect((await tooHigh.json()).errors.score).toBe('Kies een score van 1 tot en met 7.');
    expect((await api.request('/api/ratings/state', { token: rater.token }).then((r) => r.json())).due).toBe(true);
    expect((await api.request('/api/ratings', { method: 'POST', token: rater.token, json: { action: 'rate', score: 7, comment: 'Prima' } })).status).toBe(204);
    expect((await api.request('/api/ratings/state', { token: rater.token }).then((r) => r.json())).due).toBe(false);
    // After the interval it is due again.
    await api.db.query(`UPDATE ratings SET created_at = now() - interval '31 days' WHERE user_id = $1`, [rater.id]);
    expect((await api.request('/api/ratings/state', { token: rater.token }).then((r) => r.json())).due).toBe(true);
  });

  it('a dismissal silences the prompt too, and counts as no score', async () => {
    const rater = await api.createUser({ organizationId: organization.id });
    expect((await api.request('/api/ratings', { method: 'POST', token: rater.token, json: { action: 'dismiss' } })).status).toBe(204);
    expect((await api.request('/api/ratings/state', { token: rater.token }).then((r) => r.json())).due).toBe(false);
    const [row] = await api.db.query('SELECT score FROM ratings WHERE user_id = $1', [rater.id]);
    expect(row.score).toBeNull();
  });
});
