import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { onlineDataset } from './online-dataset';

let api: TestApi;
let delta: { id: string; name: string; slug: string };
let west: { id: string; name: string; slug: string };
let deltaOwner: TestUser;
let westMember: TestUser;
let datasetId: string;

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
  westMember = await api.createUser({ organizationId: west.id, email: 'lid@west.test' });
  datasetId = await onlineDataset(api, delta.id);
  const [{ datasource_id: datasourceId }] = await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [datasetId]);
  await api.db.query(`INSERT INTO datasets (id, datasource_id, slug, name) VALUES (gen_random_uuid(), $1, 'kas-delta-offline', 'Nog offline')`, [datasourceId]);
  await api.db.query(
    `INSERT INTO access_requests (dataset_id, requester_organization_id, requested_by, requested_by_email, authorisations, reason)
     VALUES ($1, $2, $3, $4, '{Dataset.ReadWater}', 'Voor de teelt')`,
    [datasetId, west.id, westMember.id, westMember.email],
  );
});

afterAll(async () => {
  await api?.close();
});

describe('GET /api/pages/shell', () => {
  it('answers the current user and the open count the separate operations answer', async () => {
    const owner = await json('/api/pages/shell', deltaOwner);
    expect(owner.user).toEqual(await json('/api/current_user', deltaOwner));
    expect(owner.open_access_requests).toBe((await json(`/api/organizations/${delta.id}/access-requests/open-count`, deltaOwner)).open);
    expect(owner.open_access_requests).toBe(1);
    // A member who may not decide requests gets no count (open-count answers them 403).
    const member = await json('/api/pages/shell', westMember);
    expect(member).toEqual({ user: await json('/api/current_user', westMember), open_access_requests: 0 });
  });
});

describe('GET /api/pages/datasets', () => {
  it('answers the catalogue page GET /api/datasets answers, and whether anything is online at all', async () => {
    const page = await json('/api/pages/datasets?limit=10', westMember);
    expect(page).toEqual({ datasets: await json('/api/datasets?limit=10', westMember), catalogue_empty: false });
    expect(page.datasets.map((dataset: { slug: string }) => dataset.slug)).toEqual(['kas-delta']);
    // A search without a match: not an empty catalogue.
    expect(await json('/api/pages/datasets?q=tomaat&limit=10', westMember)).toEqual({ datasets: [], catalogue_empty: false });
    expect((await api.request('/api/pages/datasets?limit=0', { token: westMember.token })).status).toBe(422);
  });

  it('answers 304 while the catalogue holds, and the new page once a dataset changed', async () => {
    const first = await api.request('/api/pages/datasets?limit=10', { token: westMember.token });
    const etag = first.headers.get('etag')!;
    await expect.poll(async () => (await api.request('/api/pages/datasets?limit=10', { token: deltaOwner.token, headers: { 'If-None-Match': etag } })).status).toBe(304);
    await api.db.query(`UPDATE datasets SET name = 'Kas Delta hernoemd' WHERE id = $1`, [datasetId]);
    await expect.poll(async () => (await json('/api/pages/datasets?limit=10', westMember)).datasets[0]?.name).toBe('Kas Delta hernoemd');
    const changed = await api.request('/api/pages/datasets?limit=10', { token: westMember.token, headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    await api.db.query(`UPDATE datasets SET name = 'Kas Delta' WHERE id = $1`, [datasetId]);
  });
});

describe('GET /api/pages/my-datasets', () => {
  it("answers what GET /api/my-datasets and GET /api/insight/my-datasets answer: every own dataset, whatever its status", async () => {
    const page = await json('/api/pages/my-datasets', deltaOwner);
    expect(page).toEqual({ datasets: await json('/api/my-datasets', deltaOwner), use: await json('/api/insight/my-datasets', deltaOwner) });
    expect(page.datasets.map((dataset: { slug: string }) => dataset.slug).sort()).toEqual(['kas-delta', 'kas-delta-offline']);
    expect((await json('/api/pages/my-datasets', westMember)).datasets).toEqual([]);
  });
});

describe('GET /api/pages/machtigingen', () => {
  it('answers the lists the separate operations answer, and none to a member without AuthorisationAssignment.Read', async () => {
    const owner = await json('/api/pages/machtigingen', deltaOwner);
    expect(owner.lists).toEqual({
      received: await json(`/api/organizations/${delta.slug}/authorisations/received`, deltaOwner),
      given: await json(`/api/organizations/${delta.slug}/authorisations/given`, deltaOwner),
      history: await json(`/api/organizations/${delta.slug}/authorisations/history`, deltaOwner),
      requests: await json(`/api/organizations/${delta.id}/access-requests/received`, deltaOwner),
      sent: await json(`/api/organizations/${delta.id}/access-requests/sent`, deltaOwner),
    });
    expect(owner.lists.requests).toHaveLength(1);
    // A plain member may not read them separately either.
    expect((await api.request(`/api/organizations/${west.slug}/authorisations/received`, { token: westMember.token })).status).toBe(403);
    expect(await json('/api/pages/machtigingen', westMember)).toEqual({ user: await json('/api/current_user', westMember), lists: null });
  });
});

describe('GET /api/pages/dataset/{slug}', () => {
  it('answers a visitor of another organisation what the separate reads gave them, with their open request', async () => {
    const page = await json('/api/pages/dataset/kas-delta', westMember);
    expect(page.user).toEqual(await json('/api/current_user', westMember));
    expect(page.dataset).toEqual(await json('/api/datasets/kas-delta', westMember));
    expect(page.owner_datasets).toEqual(await json(`/api/organizations/${delta.slug}/datasets`, westMember));
    expect(page.owner_datasets.map((dataset: { slug: string }) => dataset.slug)).not.toContain('kas-delta-offline');
    expect(page.access).toEqual(await json(`/api/datasets/${datasetId}/access`, westMember));
    expect(page.access).toMatchObject({ owner: false, scopes: [] });
    expect(page.use_by_others).toBeNull();
    const sent = await json(`/api/organizations/${west.id}/access-requests/sent`, westMember);
    expect(page.open_access_request).toEqual(sent.find((request: { dataset_id: string }) => request.dataset_id === datasetId));
    expect(page.open_access_request).toMatchObject({ status: 'open', requested_by_email: 'lid@west.test' });
  });

  it("answers the owner organisation its use by others and every dataset of its own, and no request form's state", async () => {
    const page = await json('/api/pages/dataset/kas-delta', deltaOwner);
    expect(page.use_by_others).toEqual(await json(`/api/datasets/${datasetId}/use-by-others`, deltaOwner));
    expect(page.owner_datasets.map((dataset: { slug: string }) => dataset.slug).sort()).toEqual(['kas-delta', 'kas-delta-offline']);
    expect(page.access).toMatchObject({ owner: true });
    expect(page.open_access_request).toBeNull();
  });

  it('hides an offline dataset of another organisation as GET /api/datasets/{slug} does (404), and an unknown slug', async () => {
    expect((await api.request('/api/datasets/kas-delta-offline', { token: westMember.token })).status).toBe(404);
    expect((await api.request('/api/pages/dataset/kas-delta-offline', { token: westMember.token })).status).toBe(404);
    expect((await api.request('/api/pages/dataset/bestaat-niet', { token: westMember.token })).status).toBe(404);
    expect((await api.request('/api/pages/dataset/kas-delta-offline', { token: deltaOwner.token })).status).toBe(200);
  });

  it('names its answer with an ETag, answers 304 while it holds, and 200 with a new one once the dataset changed', async () => {
    const first = await api.request('/api/pages/dataset/kas-delta', { token: westMember.token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await api.request('/api/pages/dataset/kas-delta', { token: westMember.token, headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another user's page differs (their own user and access): never the same name.
    const owners = await api.request('/api/pages/dataset/kas-delta', { token: deltaOwner.token, headers: { 'If-None-Match': etag! } });
    expect(owners.status).toBe(200);
    await api.db.query(`UPDATE datasets SET about = 'Nieuwe omschrijving' WHERE id = $1`, [datasetId]);
    const changed = await api.request('/api/pages/dataset/kas-delta', { token: westMember.token, headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect((await changed.json()).dataset.about).toBe('Nieuwe omschrijving');
  });

  it('names the shell with an ETag too, and refuses both pages to an API token', async () => {
    const first = await api.request('/api/pages/shell', { token: deltaOwner.token });
    const again = await api.request('/api/pages/shell', { token: deltaOwner.token, headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect((await api.request('/api/pages/shell')).status).toBe(401);
  });
});

describe('Prefer: include=shell (ADR 0058)', () => {
  const withShell = (user: TestUser, extra: Record<string, string> = {}) => ({ token: user.token, headers: { Prefer: 'include=shell', ...extra } });

  it("adds the caller's own shell to a page read, and nothing without the preference", async () => {
    const shell = await json('/api/pages/shell', deltaOwner);
    const plain = await api.request('/api/pages/dataset/kas-delta', { token: deltaOwner.token });
    const plainBody = await plain.json();
    expect(plainBody.shell).toBeUndefined();
    expect(plain.headers.get('preference-applied')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Prefer');
    const page = await api.request('/api/pages/dataset/kas-delta', withShell(deltaOwner));
    expect(page.status).toBe(200);
    expect(page.headers.get('preference-applied')).toBe('include=shell');
    const { shell: brought, ...rest } = await page.json();
    expect(brought).toEqual(shell);
    expect(brought.open_access_requests).toBe(1);
    expect(rest).toEqual(plainBody);
    // Another user's shell is theirs: no count for a member who may not decide requests.
    const member = await (await api.request('/api/pages/dataset/kas-delta', withShell(westMember))).json();
    expect(member.shell).toEqual(await json('/api/pages/shell', westMember));
    expect(member.shell.user.user_id).toBe(westMember.id);
  });

  it('names the page with its shell by its own ETag, and a changed shell by a new one', async () => {
    const plain = await api.request('/api/pages/datasets?limit=10', { token: deltaOwner.token });
    const first = await api.request('/api/pages/datasets?limit=10', withShell(deltaOwner));
    const etag = first.headers.get('etag')!;
    expect(etag).not.toBe(plain.headers.get('etag'));
    const body = await first.json();
    expect(body.shell).toEqual(await json('/api/pages/shell', deltaOwner));
    expect(body.datasets.map((dataset: { slug: string }) => dataset.slug)).toEqual(['kas-delta']);
    expect((await api.request('/api/pages/datasets?limit=10', withShell(deltaOwner, { 'If-None-Match': etag }))).status).toBe(304);
    // A new open request changes only the shell (the menu's count): the catalogue's own ETag holds, the combined one does not.
    const [{ id: requestId }] = await api.db.query(
      `INSERT INTO access_requests (dataset_id, requester_organization_id, requested_by, requested_by_email, authorisations, reason)
       VALUES ($1, $2, $3, $4, '{Dataset.ReadHeating}', 'Nog een') RETURNING id`,
      [datasetId, delta.id, deltaOwner.id, deltaOwner.email],
    );
    try {
      expect((await api.request('/api/pages/datasets?limit=10', { token: deltaOwner.token, headers: { 'If-None-Match': plain.headers.get('etag')! } })).status).toBe(304);
      const changed = await api.request('/api/pages/datasets?limit=10', withShell(deltaOwner, { 'If-None-Match': etag }));
      expect(changed.status).toBe(200);
      expect((await changed.json()).shell.open_access_requests).toBe(2);
    } finally {
      await api.db.query('DELETE FROM access_requests WHERE id = $1', [requestId]);
    }
  });

  it('brings no shell with a refusal: a hidden dataset, no sign-in', async () => {
    const hidden = await api.request('/api/pages/dataset/kas-delta-offline', withShell(westMember));
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(await hidden.json())).not.toContain(westMember.email);
    expect((await api.request('/api/pages/dataset/kas-delta', { headers: { Prefer: 'include=shell' } })).status).toBe(401);
  });
});
