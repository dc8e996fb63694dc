import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@datahub/domain';
import { MATRIX, PERSONAS, provideResetTokens, provideSignupTokens, SIGNUP_PASSWORD, type Persona } from './authorisation-matrix';
import { hashPassword } from '../src/auth/password';
import { startTestApi, type TestApi } from './harness';
import { agentPort, startReferenceAgent, type ReferenceAgent } from './reference-agent';
import { readFixtureTurtle } from 'datasource-agent/src/testing/fixtures';

let api: TestApi;
let delta: { id: string; name: string; slug: string };
let west: { id: string; slug: string };
let noord: { id: string };
let adminOrganizationId: string;
let deltaKeeper: { id: string };
/** The real reference data source serving a dataset of Delta: the data rows exercise the whole data path. */
let agent: ReferenceAgent;

const PERSONA_ROLES: Record<Exclude<Persona, 'anonymous'>, { organization: 'delta' | 'west' | 'admin'; roles: Role[] }> = {
  member: { organization: 'delta', roles: [] },
  owner: { organization: 'delta', roles: ['Organization.Owner'] },
  organizationContributor: { organization: 'delta', roles: ['Organization.Contributor'] },
  userContributor: { organization: 'delta', roles: ['User.Contributor'] },
  datasourceContributor: { organization: 'delta', roles: ['Datasource.Contributor'] },
  authorisationContributor: { organization: 'delta', roles: ['Authorisation.Contributor'] },
  applicationContributor: { organization: 'admin', roles: ['Application.Contributor'] },
  otherOwner: { organization: 'west', roles: ['Organization.Owner'] },
  otherContributor: {
    organization: 'west',
    roles: ['Organization.Contributor', 'User.Contributor', 'Datasource.Contributor', 'Authorisation.Contributor'],
  },
  platformAdmin: { organization: 'admin', roles: ['AdminOrganization.Owner'] },
};

beforeAll(async () => {
  const agentAt = await agentPort();
  api = await startTestApi({ GITHUB_CLIENT_ID: 'matrix-github-id', GITHUB_CLIENT_SECRET: 'matrix-github-secret', ...agentAt.env });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  noord = await api.createOrganization({ name: 'Glastuinbouw Noord' });
  [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  // Keep an owner in Delta whatever the cells do, so the last-owner rule does not decide a cell.
  deltaKeeper = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const keeperToken = (await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] })).token;
  agent = await startReferenceAgent(api, keeperToken, readFixtureTurtle(), { port: agentAt.port, name: 'Matrixbron' });
}, 90_000);
// Closing waits for the many kept-alive connections of the run (measured 53 s on the shared machine at load 15-20).
afterAll(async () => {
  await agent?.stop();
  await api?.close();
}, 180_000);

async function tokenFor(persona: Persona): Promise<string | undefined> {
  if (persona === 'anonymous') return undefined;
  const { organization, roles } = PERSONA_ROLES[persona];
  const organizationId = organization === 'delta' ? delta.id : organization === 'west' ? west.id : adminOrganizationId;
  return (await api.createUser({ organizationId, roles })).token;
}

/** Fills the path with objects of Delta: a fresh target user per cell, so destructive cells do not affect others. */
async function pathFor(operation: string): Promise<string> {
  const path = operation.split(' ')[1];
  if (path === '/api/datasets/{slug}') return `/api/datasets/${await offlineDatasetSlug()}`;
  if (path === '/api/pages/dataset/{slug}') return `/api/pages/dataset/${await offlineDatasetSlug()}`;
  if (path === '/api/catalog/datasets/{slug}') return `/api/catalog/datasets/${(await api.db.query('SELECT slug FROM datasets WHERE id = $1', [agent.datasetId]))[0].slug}`;
  if (path.startsWith('/api/invitations/{token}')) return path.replace('{token}', await openInvitation());
  if (path === '/api/auth/signup/verify') provideSignupTokens([await openSignup()]);
  if (path === '/api/auth/signup/verify/{token}') return path.replace('{token}', await openSignup());
  if (path === '/api/auth/password-reset/confirm') provideResetTokens([await liveReset()]);
  if (path === '/api/auth/password-reset/{token}') return path.replace('{token}', await liveReset());
  if (path === '/api/authorisations/{id}') {
    const datasetId = await onlineDatasetId();
    const [{ id: assignmentId }] = await api.db.query(
      `INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation) VALUES ($1, $2, 'Dataset.ReadWater') RETURNING id`,
      [datasetId, noord.id],
    );
    return `/api/authorisations/${assignmentId}`;
  }
  if (path.startsWith('/api/datasets/{dataset}/authorisations/')) {
    const datasetId = await onlineDatasetId();
    await api.db.query(
      `INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation) VALUES ($1, $2, 'Dataset.ReadWater')`,
      [datasetId, west.id],
    );
    return `/api/datasets/${datasetId}/authorisations/Dataset.ReadWater/organizations/${west.slug}`;
  }
  if (path === '/api/authorisation-groups/{dataset_id}/{organization_id}') {
    const datasetId = await onlineDatasetId();
    await api.db.query(
      `INSERT INTO authorisation_assignments (dataset_id, assignee_organization_id, authorisation) VALUES ($1, $2, 'Dataset.ReadWater')`,
      [datasetId, west.id],
    );
    return `/api/authorisation-groups/${datasetId}/${west.id}`;
  }
  if (path === '/api/datasets/{id}/data' || path === '/api/datasets/{id}/sparql') {
    const select = encodeURIComponent('SELECT * WHERE { ?s ?p ?o } LIMIT 1');
    return `/api/datasets/${agent.datasetId}/${path.endsWith('/data') ? `data?sparql_query=${select}` : `sparql?query=${select}`}`;
  }
  if (path === '/api/datasets/{id}/xml') return `/api/datasets/${agent.datasetId}/xml`;
  if (path === '/api/datasets/{id}/summary') return `/api/datasets/${agent.datasetId}/summary`;
  if (path.includes('{webhook_id}')) {
    const [{ id: webhookId }] = await api.db.query(
      `INSERT INTO webhooks (organization_id, url, kinds, secret_encrypted, created_by_name) VALUES ($1, 'https://127.0.0.1:9/haak', '{dataset.online}', 'x', 'Matrix') RETURNING id`,
      [delta.id],
    );
    const [{ id: deliveryId }] = await api.db.query(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, kind, object_id, body, status, attempts, created_at, next_attempt_at, retry_until)
       VALUES ($1, 1, 'dataset.online', 'x', '{}', 'failed', 1, now(), now(), now()) RETURNING id::text AS id`,
      [webhookId],
    );
    return path.replace('{organization_id}', delta.id).replace('{webhook_id}', webhookId).replace('{delivery_id}', deliveryId);
  }
  if (path.startsWith('/api/datasets/{id}/')) return path.replace('{id}', await onlineDatasetId());
  if (path === '/api/logos/{id}') {
    // A real stored logo (a 1×1 PNG): served to everyone, as every card shows it.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const [{ id: logoId }] = await api.db.query(`INSERT INTO logos (content_type, data, sha256) VALUES ('image/png', $1, 'x') RETURNING id`, [png]);
    return `/api/logos/${logoId}`;
  }
  if (path.startsWith('/api/support-requests/{id}')) {
    const [{ id: requestId }] = await api.db.query(
      `INSERT INTO support_requests (email, organization_name, kind, summary, description) VALUES ('lid@example.test', 'Kwekerij Delta', 'vraag', 'Vraag', 'Hoe?') RETURNING id`,
    );
    const [{ id: attachmentId }] = await api.db.query(
      `INSERT INTO support_attachments (request_id, filename, content_type, data) VALUES ($1, 'bijlage.pdf', 'application/pdf', '\\x255044462d') RETURNING id`,
      [requestId],
    );
    return path.replace('{id}', requestId).replace('{attachment_id}', attachmentId);
  }
  if (path === '/api/application/{slug}' || path === '/api/pages/application/{slug}' || path === '/api/pages/manage-application/{slug}') return path.replace('{slug}', (await deltaApplication()).slug);
  let id = '';
  if (path.startsWith('/api/applications/{')) id = (await deltaApplication()).id;
  if (path.startsWith('/api/datasources/{id}') || path === '/api/pages/datasource/{id}') {
    [{ id }] = await api.db.query(
      `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`,
      [`Doelbron ${Math.random()}`, delta.id],
    );
  } else if (path.startsWith('/api/invitations/{id}')) {
    [{ id }] = await api.db.query(
      `INSERT INTO invitations (organization_id, email, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '7 days') RETURNING id`,
      [delta.id, `open-${Math.random().toString(36).slice(2)}@example.test`, `hash-${Math.random()}`],
    );
  } else if (path.includes('/member-api-tokens/{token_id}')) {
    // A personal token of a member of Delta (issue 32).
    const member = await api.createUser({ organizationId: delta.id, roles: [] });
    [{ id }] = await api.db.query(
      `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, user_id, created_by_name, expires_at)
       VALUES ('personal', decode(md5(random()::text), 'hex'), 'Matrix', '{data:read}', $1, $2, 'Matrix', now() + interval '30 days') RETURNING id`,
      [delta.id, member.id],
    );
  } else if (path.includes('{token_id}')) {
    // Delta's organisation token; a personal one is never another persona's own: 404.
    [{ id }] = await api.db.query(
      `INSERT INTO api_tokens (kind, secret_hash, name, scopes, organization_id, created_by_name, expires_at)
       VALUES ('organization', decode(md5(random()::text), 'hex'), 'Matrix', '{data:read}', $1, 'Matrix', now() + interval '30 days') RETURNING id`,
      [delta.id],
    );
  } else if (path.includes('{id}') && !id) id = (await api.createUser({ organizationId: delta.id, roles: ['Datasource.Contributor'] })).id;
  return path
    .replace('{id}', id)
    .replace('{slug}', delta.slug)
    .replace('{organization_id}', delta.id)
    .replace('{application_id}', id)
    .replace('{token_id}', id)
    .replace('{role}', 'Datasource.Contributor')
    .replace('{provider}', 'github')
    .replace('{path}', 'dataset')
    .replace('{dataset_id}', '00000000-0000-4000-8000-000000000001')
    .replace('{token}', 'bestaat-niet-bestaat-niet-bestaat-niet-12345');
}

async function openInvitation(): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await api.db.query(
    `INSERT INTO invitations (organization_id, email, token_hash, invited_by, expires_at) VALUES ($1, $2, $3, $4, now() + interval '1 day')`,
    [delta.id, `genodigde-${token.slice(0, 8)}@example.test`, createHash('sha256').update(token).digest('base64url'), deltaKeeper.id],
  );
  return token;
}

/** A live 'Wachtwoord vergeten?' link of a fresh account of Delta. */
async function liveReset(): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const user = await api.createUser({ organizationId: delta.id, roles: [] });
  await api.db.query(
    `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '30 minutes')`,
    [user.id, createHash('sha256').update(token).digest('base64url')],
  );
  return token;
}

const signupPasswordHash = hashPassword(SIGNUP_PASSWORD);

async function openSignup(): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await api.db.query(
    `INSERT INTO signup_verifications (email, firstname, lastname, password_hash, token_hash, expires_at) VALUES ($1, 'Nieuw', 'Lid', $2, $3, now() + interval '1 day')`,
    [`aanmelding-${token.slice(0, 8)}@example.test`, await signupPasswordHash, createHash('sha256').update(token).digest('base64url')],
  );
  return token;
}

/** An online dataset of Delta whose data source has no host yet (for the rows that manage grants on it). */
async function onlineDatasetId(): Promise<string> {
  const [{ id: datasourceId }] = await api.db.query(
    `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`,
    [`Onlinebron ${Math.random()}`, delta.id],
  );
  const [{ id }] = await api.db.query(
    `INSERT INTO datasets (id, datasource_id, slug, name, status) VALUES (gen_random_uuid(), $1, $2, 'Online set', 'online') RETURNING id`,
    [datasourceId, `online-${Math.random().toString(36).slice(2)}`],
  );
  return id;
}

/** A fresh application of Delta, linked to a data source of Delta. */
async function deltaApplication(): Promise<{ id: string; slug: string }> {
  const [{ id: datasourceId }] = await api.db.query(
    `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`,
    [`Applicatiebron ${Math.random()}`, delta.id],
  );
  const slug = `app-${Math.random().toString(36).slice(2)}`;
  const [row] = await api.db.query(
    `INSERT INTO applications (slug, name, about, usage, owner_organization_id, url, datasource_id) VALUES ($1, $1, 'Over', 'Gebruik', $2, 'https://app.example.nl', $3) RETURNING id, slug`,
    [slug, delta.id, datasourceId],
  );
  return row;
}

async function offlineDatasetSlug(): Promise<string> {
  const [{ id }] = await api.db.query(
    `INSERT INTO datasources (name, organization_id, secret_encrypted) VALUES ($1, $2, 'v1.x.y.z') RETURNING id`,
    [`Catalogusbron ${Math.random()}`, delta.id],
  );
  const slug = `offline-${Math.random().toString(36).slice(2)}`;
  await api.db.query(`INSERT INTO datasets (id, datasource_id, slug, name) VALUES (gen_random_uuid(), $1, $2, 'Offline set')`, [id, slug]);
  return slug;
}

describe('authorisation matrix', () => {
  it('has a row for every operation in the OpenAPI document, and no others', async () => {
    const document = await (await api.request('/api/docs-json')).json();
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(MATRIX.map((row) => row.operation).sort()).toEqual(documented);
  });

  it('has no row that a route which does not exist would pass (404 for everyone)', () => {
    expect(MATRIX.filter((row) => Object.values(row.expect).every((status) => status === 404)).map((row) => row.operation)).toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.operation}`, async () => {
      const [method] = row.operation.split(' ');
      const actual: Record<string, number> = {};
      for (const persona of PERSONAS) {
        const path = await pathFor(row.operation);
        const response = await api.request(path, {
          method,
          token: await tokenFor(persona),
          ...(row.body !== undefined ? { json: typeof row.body === 'function' ? row.body({ path, organizationId: delta.id }) : row.body } : {}),
        });
        actual[persona] = response.status;
      }
      expect(actual).toEqual(row.expect);
    });
  }
});

describe('lists never leak other organisations', () => {
  it('shows a member only their own organisation and its users, with no foreign fields', async () => {
    const token = await tokenFor('member');
    await api.createUser({ organizationId: west.id, email: 'geheim@kassenbouw-west.test' });
    const users = await (await api.request('/api/users', { token })).json();
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((user: { organization: string }) => user.organization === delta.id)).toBe(true);
    const organizations = await (await api.request('/api/organizations', { token })).json();
    expect(organizations.map((o: { organization_id: string }) => o.organization_id)).toEqual([delta.id]);
    expect(JSON.stringify(await (await api.request(`/api/organizations/${delta.slug}/users`, { token })).json())).not.toContain('kassenbouw-west');
  });
});
