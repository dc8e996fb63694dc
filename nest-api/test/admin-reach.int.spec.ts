import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS, type AuditKind } from '@datahub/domain';
import { RevokeAdminMadeOrganizationTokens1768100000101 } from '../src/database/migrations/1768100000101-RevokeAdminMadeOrganizationTokens';
import { startTestApi, type TestApi, type TestUser } from './harness';

/**
 * Issue 32, item 1: how far a platform admin (a member of the admin organisation, who acts on every
 * organisation) reaches into another organisation. Every operation of the OpenAPI document has a
 * decision here, so a new operation cannot skip the question:
 * - `refused`: it makes something that later acts for the organisation (a token, a webhook, a grant,
 *   a data-source key, an invitation link): only the organisation itself may. The admin gets 403/404
 *   and nothing changes; the organisation's own owner, sending the same request, succeeds.
 * - `audited`: the admin may (abuse handling: revoking, removing; platform care: roles, the
 *   organisation's details, path settings), and the organisation's Logboek shows who did it.
 * - `own`: the path names no organisation; what it makes is the caller's own or their own organisation's.
 * - `inert`: it makes nothing that acts (a picture, the platform's application catalogue, a status).
 * GETs make nothing (HTTP's safe methods) and are listed in READS, except those that do (decided like the rest).
 */

interface Target {
  path: string;
  body?: unknown;
  /** What the operation would change, read before and after: a refused operation leaves it as it was. */
  probe?: () => Promise<unknown>;
}
type Setup = () => Promise<Target>;

type Decision =
  | { refused: Setup; ownerStatus: number }
  | { audited: AuditKind; setup: Setup; status: number }
  | { own: string }
  | { inert: string };

let api: TestApi;
let delta: { id: string; slug: string };
let west: { id: string; slug: string };
let deltaOwner: TestUser;
let admin: TestUser;

const one = async (sql: string, values: unknown[]) => (await api.db.query(sql, values))[0];

async function datasource(): Promise<string> {
  return (await one(`INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`, [`Bron ${randomBytes(4).toString('hex')}`, delta.id])).id;
}
async function onlineDataset(): Promise<string> {
  return (
    await one(`INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, 'Online set', 'online') RETURNING id`, [
      await datasource(),
      `online-${randomBytes(4).toString('hex')}`,
    ])
  ).id;
}
/** A Water grant of a fresh dataset of Delta to West. */
async function waterGrant(): Promise<string> {
  const datasetId = await onlineDataset();
  await api.db.query(`INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation) VALUES ($1, $2, 'Dataset.ReadWater')`, [datasetId, west.id]);
  return datasetId;
}
async function webhook(disabled = false): Promise<string> {
  return (
    await one(
      `INSERT INTO webhooks (organization_id, url, kinds, secret_encrypted, created_by_name, disabled_at) VALUES ($1, 'https://93.184.216.34/haak', '{dataset.online}', 'x', 'Delta', $2) RETURNING id`,
      [delta.id, disabled ? new Date() : null],
    )
  ).id;
}
async function invitation(): Promise<string> {
  return (
    await one(`INSERT INTO invitations (organization_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '7 days') RETURNING id`, [
      delta.id,
      `open-${randomBytes(4).toString('hex')}@example.test`,
      createHash('sha256').update(randomBytes(16)).digest('base64url'),
    ])
  ).id;
}
async function accessRequest(): Promise<string> {
  const requester = await api.createUser({ organizationId: west.id });
  return (
    await one(
      `INSERT INTO access_requests (dataset_id, requester_organization_id, requested_by, requested_by_email, authorisations, reason)
       VALUES ($1, $2, $3, $4, '{Dataset.ReadWater}', 'Voor de teelt') RETURNING id`,
      [await onlineDataset(), west.id, requester.id, requester.email],
    )
  ).id;
}
const deltaMember = (roles: Parameters<TestApi['createUser']>[0]['roles'] = []) => api.createUser({ organizationId: delta.id, roles });

const tokenBody = { name: 'Koppeling', scopes: ['data:read'], expires_in_days: 30 };

/** GETs that make nothing: reads (data reads are audited as reads), and the sign-in flows that start the caller's own session. */
const READS = [
  'GET /api/health', 'GET /api/login', 'GET /api/logout', 'GET /api/auth/signup/verify/{token}', 'GET /api/auth/providers',
  'GET /api/auth/{provider}', 'GET /api/auth/{provider}/callback', 'GET /api/current_user', 'GET /api/users', 'GET /api/users/{id}',
  'GET /api/users/{id}/permissions', 'GET /api/users/{id}/roles', 'GET /api/invitations', 'GET /api/invitations/{token}', 'GET /api/outbox',
  'GET /api/organizations', 'GET /api/organizations/{slug}', 'GET /api/organizations/{slug}/users', 'GET /api/organizations/{slug}/licences',
  'GET /api/datasources', 'GET /api/my-datasources', 'GET /api/datasources/{id}', 'GET /api/datasources/{id}/path-overrides', 'GET /api/datasets',
  'GET /api/my-datasets', 'GET /api/datasets/{slug}', 'GET /api/organizations/{slug}/datasets', 'GET /api/datasource-agent/package.tgz', 'GET /api/datasource-agent/datahub-databron-linux-x64',
  'GET /api/datasource-protocol/datasets', 'GET /api/organizations/{slug}/authorisations/received', 'GET /api/organizations/{slug}/authorisations/given',
  'GET /api/organizations/{slug}/authorisations/history', 'GET /api/authorisations/{id}', 'GET /api/authorisation-assignees', 'GET /api/datasets/{id}/access',
  'GET /api/datasets/{id}/data', 'GET /api/datasets/{id}/xml', 'GET /api/datasets/{id}/sparql', 'GET /api/sparql', 'GET /api/sparql/datasets', 'GET /api/applications', 'GET /api/organizations/{slug}/applications',
  'GET /api/application/{slug}', 'GET /api/applications/{id}/datasource', 'GET /api/logos/{id}', 'GET /api/insight/overview', 'GET /api/jobs',
  'GET /api/insight/my-datasets', 'GET /api/ratings/state', 'GET /api/support-requests', 'GET /api/support-requests/{id}/attachments/{attachment_id}',
  'GET /api/profile/api-tokens', 'GET /api/profile/welcome', 'GET /api/organizations/{organization_id}/api-tokens', 'GET /api/auth/password-reset/{token}',
  'GET /api/auth/password', 'GET /api/auth/two-factor', 'GET /api/auth/two-factor/enrolment', 'GET /api/datasets/{id}/summary',
  'GET /api/organizations/{organization_id}/webhooks', 'GET /api/organizations/{organization_id}/webhooks/{webhook_id}/deliveries', 'GET /api/audit-log',
  'GET /api/audit-log/csv', 'GET /api/datasets/{id}/use-by-others', 'GET /api/organizations/{organization_id}/access-requests/received',
  'GET /api/organizations/{organization_id}/access-requests/open-count', 'GET /api/organizations/{organization_id}/access-requests/sent',
  'GET /api/organizations/{organization_id}/member-api-tokens', 'GET /api/pages/shell', 'GET /api/pages/datasets', 'GET /api/pages/my-datasets', 'GET /api/pages/machtigingen', 'GET /api/pages/dataset/{slug}',
  'GET /api/pages/organization/{slug}', 'GET /api/pages/datasources', 'GET /api/pages/datasource/{id}', 'GET /api/pages/manage-datasets', 'GET /api/pages/application/{slug}',
  'GET /api/pages/organization/{slug}/applications', 'GET /api/pages/my-applications', 'GET /api/pages/manage-applications', 'GET /api/pages/new-application', 'GET /api/pages/manage-application/{slug}',
  'GET /api/pages/profile', 'GET /api/pages/two-factor', 'GET /api/pages/my-organization', 'GET /api/pages/users/{slug}', 'GET /api/pages/my-users', 'GET /api/pages/home', 'GET /api/pages/new-authorisation', 'GET /api/pages/logbook', 'GET /api/pages/user/{id}',
  'GET /api/catalog', 'GET /api/catalog/datasets/{slug}', 'GET /api/odrl/profile',
];

const ACCOUNT = 'the caller’s own account or session';
const CATALOGUE = 'the platform’s application catalogue, kept by the admin organisation: an application reads no data (its licence list only shows who holds a licence)';
const PROTOCOL = 'the data source’s own protocol, by its key: no user acts here';

const DECISIONS: Record<string, Decision> = {
  // ── Refused: only the organisation itself makes what acts for it ──
  'POST /api/organizations/{organization_id}/api-tokens': {
    ownerStatus: 201,
    refused: async () => ({
      path: `/api/organizations/${delta.id}/api-tokens`, body: tokenBody,
      probe: () => one('SELECT count(*)::int AS n FROM api_tokens WHERE organization_id = $1', [delta.id]),
    }),
  },
  'POST /api/organizations/{organization_id}/webhooks': {
    ownerStatus: 201,
    refused: async () => ({
      path: `/api/organizations/${delta.id}/webhooks`, body: { url: 'https://93.184.216.34/haak', kinds: ['dataset.online'] },
      probe: () => one('SELECT count(*)::int AS n FROM webhooks WHERE organization_id = $1', [delta.id]),
    }),
  },
  'POST /api/organizations/{organization_id}/webhooks/{webhook_id}/enable': {
    ownerStatus: 200,
    refused: async () => {
      const id = await webhook(true);
      return { path: `/api/organizations/${delta.id}/webhooks/${id}/enable`, probe: () => one('SELECT disabled_at FROM webhooks WHERE id = $1', [id]) };
    },
  },
  'POST /api/organizations/{organization_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/resend': {
    ownerStatus: 204,
    refused: async () => {
      const id = await webhook();
      const { id: deliveryId } = await one(
        `INSERT INTO webhook_deliveries (webhook_id, event_id, kind, object_id, body, status, attempts, created_at, next_attempt_at, retry_until)
         VALUES ($1, 1, 'dataset.online', 'x', '{}', 'failed', 1, now(), now(), now()) RETURNING id::text AS id`,
        [id],
      );
      return {
        path: `/api/organizations/${delta.id}/webhooks/${id}/deliveries/${deliveryId}/resend`,
        probe: () => one('SELECT status, retry_until FROM webhook_deliveries WHERE id = $1', [deliveryId]),
      };
    },
  },
  'GET /api/datasources/{id}/new-key': {
    ownerStatus: 200,
    refused: async () => {
      const id = await datasource();
      return { path: `/api/datasources/${id}/new-key`, probe: () => one('SELECT secret_encrypted FROM datasources WHERE id = $1', [id]) };
    },
  },
  'POST /api/datasets/{id}/authorisations': {
    ownerStatus: 201,
    refused: async () => {
      const id = await onlineDataset();
      return {
        path: `/api/datasets/${id}/authorisations`,
        body: { dataset: id, authorisations: ['Dataset.ReadWater'], assignee_organization: west.slug, expiration_date: '2099-12-31' },
        probe: () => api.db.query('SELECT authorisation, expiration_date FROM authorisation_assignments WHERE dataset_id = $1', [id]),
      };
    },
  },
  'PUT /api/authorisation-groups/{dataset_id}/{organization_id}': {
    ownerStatus: 200,
    refused: async () => {
      const id = await waterGrant();
      return {
        path: `/api/authorisation-groups/${id}/${west.id}`,
        body: { authorisations: ['Dataset.ReadWater', 'Dataset.ReadHeating'], expiration_date: '2099-12-31' },
        probe: () => api.db.query('SELECT authorisation, expiration_date FROM authorisation_assignments WHERE dataset_id = $1 ORDER BY authorisation', [id]),
      };
    },
  },
  'POST /api/invitations/{id}/resend': {
    ownerStatus: 200,
    refused: async () => {
      const id = await invitation();
      return { path: `/api/invitations/${id}/resend`, probe: () => one('SELECT token_hash, expires_at FROM invitations WHERE id = $1', [id]) };
    },
  },
  'POST /api/access-requests/{id}/approve': {
    ownerStatus: 201,
    refused: async () => {
      const id = await accessRequest();
      return { path: `/api/access-requests/${id}/approve`, body: { authorisations: ['Dataset.ReadWater'] }, probe: () => one('SELECT status FROM access_requests WHERE id = $1', [id]) };
    },
  },
  'POST /api/access-requests/{id}/decline': {
    ownerStatus: 201,
    refused: async () => {
      const id = await accessRequest();
      return { path: `/api/access-requests/${id}/decline`, body: { reason: 'Niet nu' }, probe: () => one('SELECT status FROM access_requests WHERE id = $1', [id]) };
    },
  },

  // ── Audited: the admin may, and the organisation's Logboek says who did ──
  'DELETE /api/organizations/{organization_id}/api-tokens/{token_id}': {
    audited: 'api_token.revoked', status: 204,
    setup: async () => {
      const { id } = await one(
        `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, created_by_name, expires_at)
         VALUES ('organization', decode(md5(random()::text), 'hex'), 'Koppeling', '{data:read}', $1, 'Delta', now() + interval '30 days') RETURNING id`,
        [delta.id],
      );
      return { path: `/api/organizations/${delta.id}/api-tokens/${id}` };
    },
  },
  'DELETE /api/organizations/{organization_id}/member-api-tokens/{token_id}': {
    audited: 'api_token.revoked', status: 204,
    setup: async () => {
      const member = await deltaMember();
      const { id } = await one(
        `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, user_id, created_by, created_by_name, expires_at)
         VALUES ('personal', decode(md5(random()::text), 'hex'), 'Notebook', '{data:read}', $1, $2, $2, 'Lid', now() + interval '30 days') RETURNING id`,
        [delta.id, member.id],
      );
      return { path: `/api/organizations/${delta.id}/member-api-tokens/${id}` };
    },
  },
  'DELETE /api/organizations/{organization_id}/webhooks/{webhook_id}': {
    audited: 'webhook.deleted', status: 204,
    setup: async () => ({ path: `/api/organizations/${delta.id}/webhooks/${await webhook()}` }),
  },
  'DELETE /api/datasets/{dataset}/authorisations/{authorisation}/organizations/{assignee_organization}': {
    audited: 'grant.revoked', status: 200,
    setup: async () => ({ path: `/api/datasets/${await waterGrant()}/authorisations/Dataset.ReadWater/organizations/${west.slug}` }),
  },
  'DELETE /api/authorisation-groups/{dataset_id}/{organization_id}': {
    audited: 'grant.revoked', status: 200,
    setup: async () => ({ path: `/api/authorisation-groups/${await waterGrant()}/${west.id}` }),
  },
  'DELETE /api/datasources/{id}': { audited: 'datasource.deleted', status: 204, setup: async () => ({ path: `/api/datasources/${await datasource()}` }) },
  'PUT /api/datasources/{id}/path-overrides/{path}': {
    audited: 'path_override.changed', status: 200,
    setup: async () => ({ path: `/api/datasources/${await datasource()}/path-overrides/dataset`, body: { path_override_pattern: '/api/{DATASET_ID}' } }),
  },
  'DELETE /api/datasources/{id}/path-overrides/{path}': {
    audited: 'path_override.changed', status: 204,
    setup: async () => {
      const id = await datasource();
      await api.db.query(`INSERT INTO datasource_path_overrides (datasource_id, path, pattern) VALUES ($1, 'dataset', '/api/{DATASET_ID}')`, [id]);
      return { path: `/api/datasources/${id}/path-overrides/dataset` };
    },
  },
  'DELETE /api/invitations/{id}': { audited: 'invitation.revoked', status: 204, setup: async () => ({ path: `/api/invitations/${await invitation()}` }) },
  'PUT /api/organizations/{organization_id}': {
    audited: 'organization.changed', status: 200,
    setup: async () => ({ path: `/api/organizations/${delta.id}`, body: { kvk_number: 10000000 + Math.floor(Math.random() * 89999999) } }),
  },
  'POST /api/users/{id}/role': { audited: 'roles.changed', status: 200, setup: async () => ({ path: `/api/users/${(await deltaMember()).id}/role`, body: { name: 'Datasource.Contributor' } }) },
  'POST /api/users/{id}/roles': { audited: 'roles.changed', status: 200, setup: async () => ({ path: `/api/users/${(await deltaMember()).id}/roles`, body: { names: ['Datasource.Contributor'] } }) },
  'DELETE /api/users/{id}/roles/{role}': {
    audited: 'roles.changed', status: 200,
    setup: async () => ({ path: `/api/users/${(await deltaMember(['Datasource.Contributor'])).id}/roles/Datasource.Contributor` }),
  },
  'DELETE /api/users/{id}': { audited: 'user.removed', status: 204, setup: async () => ({ path: `/api/users/${(await deltaMember()).id}` }) },
  'DELETE /api/users/{id}/remove_from_organization': { audited: 'user.removed', status: 204, setup: async () => ({ path: `/api/users/${(await deltaMember()).id}/remove_from_organization` }) },

  // ── Own: the path names no organisation; what is made is the caller's or the caller's organisation's ──
  'POST /api/datasources': { own: 'made in the caller’s own organisation (the body names none)' },
  'POST /api/invitations': { own: 'invites into the caller’s own organisation (the body names none)' },
  'POST /api/invitations/{token}/accept': { own: 'the caller joins the organisation that invited their address' },
  'POST /api/datasets/{id}/access-requests': { own: 'asks in the name of the caller’s own organisation; grants nothing until the owner decides' },
  'POST /api/profile/api-tokens': { own: 'a personal token acts as its maker, in their own organisation' },
  'DELETE /api/profile/api-tokens/{token_id}': { own: ACCOUNT },
  'POST /api/profile/welcome/dismiss': { own: ACCOUNT },
  'PUT /api/users/{id}': { own: 'a user edits only their own profile' },
  'POST /api/auth/login': { own: ACCOUNT },
  'POST /api/auth/login/two-factor': { own: ACCOUNT },
  'POST /api/auth/logout': { own: ACCOUNT },
  'POST /api/auth/signup': { own: ACCOUNT },
  'POST /api/auth/signup/resend': { own: ACCOUNT },
  'POST /api/auth/signup/verify': { own: ACCOUNT },
  'POST /api/auth/password-reset': { own: ACCOUNT },
  'POST /api/auth/password-reset/confirm': { own: ACCOUNT },
  'POST /api/auth/password': { own: ACCOUNT },
  'POST /api/auth/two-factor/enrolment': { own: ACCOUNT },
  'DELETE /api/auth/two-factor/enrolment': { own: ACCOUNT },
  'POST /api/auth/two-factor/enrolment/confirm': { own: ACCOUNT },
  'POST /api/auth/two-factor/disable': { own: ACCOUNT },
  'POST /api/insight/page-views': { own: ACCOUNT },
  'POST /api/ratings': { own: ACCOUNT },
  'POST /api/support-requests': { own: 'a question to the platform’s support desk' },

  // ── Inert: makes nothing that acts ──
  'POST /api/datasets/{id}/sparql': { inert: 'a read, audited as a read; the admin holds no grant' },
  'POST /api/datasets/{id}/sparql/download': { inert: 'a read, audited as a read; the admin holds no grant' },
  'POST /api/sparql': { inert: 'a read over the datasets the caller may read, audited per dataset; the admin holds no grant' },
  'POST /api/sparql/download': { inert: 'a read over the datasets the caller may read, audited per dataset; the admin holds no grant' },
  'POST /api/applications': { inert: CATALOGUE },
  'PUT /api/applications/{application_id}': { inert: CATALOGUE },
  'DELETE /api/applications/{id}': { inert: CATALOGUE },
  'PUT /api/applications/{id}/logo': { inert: CATALOGUE },
  'DELETE /api/applications/{id}/logo': { inert: CATALOGUE },
  'PUT /api/organizations/{organization_id}/logo': { inert: 'a picture on the organisation’s page' },
  'DELETE /api/organizations/{organization_id}/logo': { inert: 'a picture on the organisation’s page' },
  'PATCH /api/support-requests/{id}': { inert: 'the support desk’s own status of a question' },
  'POST /api/datasource-protocol/host': { inert: PROTOCOL },
  'POST /api/datasource-protocol/datasets': { inert: PROTOCOL },
  'DELETE /api/datasource-protocol/datasets/{dataset_id}': { inert: PROTOCOL },
};

beforeAll(async () => {
  api = await startTestApi();
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function send(operation: string, target: Target, user: TestUser) {
  return api.request(target.path, { method: operation.split(' ')[0], token: user.token, ...(target.body === undefined ? {} : { json: target.body }) });
}

describe('a platform admin’s reach into another organisation (issue 32)', () => {
  it('has a decision for every operation of the OpenAPI document, and none for an operation that is gone', async () => {
    const document = await (await api.request('/api/docs-json')).json();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const decided = [...Object.keys(DECISIONS), ...READS].sort();
    expect(decided).toEqual(documented);
    expect(new Set(decided).size).toBe(decided.length);
    expect(READS.every((operation) => operation.startsWith('GET '))).toBe(true);
    // 'own' means the path names no organisation to reach into.
    const ownWithOrganization = Object.entries(DECISIONS).filter(([operation, decision]) => 'own' in decision && /\{(organization_id|slug|organization)\}/.test(operation));
    expect(ownWithOrganization).toEqual([]);
  });

  for (const [operation, decision] of Object.entries(DECISIONS)) {
    if ('refused' in decision) {
      it(`${operation}: refused to the platform admin on another organisation, allowed to its owner`, async () => {
        const target = await decision.refused();
        const before = await target.probe?.();
        const response = await send(operation, target, admin);
        expect([403, 404], `${operation}: ${response.status}`).toContain(response.status);
        if (response.status === 403) expect((await response.json()).detail).toMatch(new RegExp(`^(${DETAILS.ownOrganizationOnly}|${DETAILS.grantByOwnerOnly})$`));
        expect(await target.probe?.()).toEqual(before);
        const control = await send(operation, await decision.refused(), deltaOwner);
        expect(control.status, `${operation} by the organisation's owner`).toBe(decision.ownerStatus);
      });
    }
    if ('audited' in decision) {
      it(`${operation}: allowed to the platform admin, and in the organisation's Logboek as ${decision.audited}`, async () => {
        const target = await decision.setup();
        const [{ last }] = await api.db.query('SELECT coalesce(max(id), 0) AS last FROM audit_log');
        const response = await send(operation, target, admin);
        expect(response.status, `${operation}: ${await response.clone().text()}`).toBe(decision.status);
        const rows = await api.db.query('SELECT kind FROM audit_log WHERE id > $1 AND organization_id = $2 AND actor_user_id = $3', [last, delta.id, admin.id]);
        expect(rows.map((row: { kind: string }) => row.kind)).toContain(decision.audited);
      });
    }
  }

  it('the admin lists an organisation’s tokens, but makes one only in the admin organisation', async () => {
    const made = await api.request(`/api/organizations/${delta.id}/api-tokens`, { method: 'POST', token: deltaOwner.token, json: tokenBody });
    expect(made.status).toBe(201);
    const { id } = await made.json();
    const listed = await (await api.request(`/api/organizations/${delta.id}/api-tokens`, { token: admin.token })).json();
    expect(listed.map((token: { id: string }) => token.id)).toContain(id);
    const refused = await api.request(`/api/organizations/${delta.id}/api-tokens`, { method: 'POST', token: admin.token, json: tokenBody });
    expect([refused.status, (await refused.json()).detail]).toEqual([403, DETAILS.ownOrganizationOnly]);
    // In his own organisation the admin makes tokens as any owner does.
    const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    expect((await api.request(`/api/organizations/${adminOrganizationId}/api-tokens`, { method: 'POST', token: admin.token, json: tokenBody })).status).toBe(201);
  });
});

describe('organisation tokens a platform admin made before issue 32', () => {
  it('are revoked by the migration, with a row in the organisation’s Logboek; the organisation’s own tokens stay', async () => {
    const token = async (name: string, actor: TestUser, actorOrganizationId: string) => {
      const { id } = await one(
        `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, created_by, created_by_name, expires_at)
         VALUES ('organization', decode(md5(random()::text), 'hex'), $1, '{data:read}', $2, $3, 'Maker', now() + interval '30 days') RETURNING id`,
        [name, delta.id, actor.id],
      );
      await api.db.query(
        `INSERT INTO audit_log (kind, subject_id, organization_id, actor_user_id, actor_email, actor_organization_id) VALUES ('api_token.created', $1, $2, $3, $4, $5)`,
        [id, delta.id, actor.id, actor.email, actorOrganizationId],
      );
      return id as string;
    };
    const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const adminMade = await token('Door beheer', admin, adminOrganizationId);
    const ownMade = await token('Eigen koppeling', deltaOwner, delta.id);
    const runner = api.app.get(DataSource).createQueryRunner();
    try {
      await new RevokeAdminMadeOrganizationTokens1768100000101().up(runner);
    } finally {
      await runner.release();
    }
    const revoked = await api.db.query('SELECT id, revoked_at IS NOT NULL AS revoked FROM api_tokens WHERE id = ANY($1::uuid[]) ORDER BY name', [[adminMade, ownMade]]);
    expect(revoked).toEqual([
      { id: adminMade, revoked: true },
      { id: ownMade, revoked: false },
    ]);
    expect(await api.db.query(`SELECT organization_id, before FROM audit_log WHERE kind = 'api_token.revoked' AND subject_id = $1`, [adminMade])).toEqual([
      { organization_id: delta.id, before: { name: 'Door beheer', kind: 'organization' } },
    ]);
  });
});
