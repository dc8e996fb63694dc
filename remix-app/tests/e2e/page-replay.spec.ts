import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { createApplication, organizationId, unique } from './applications-helpers';
import { api, apiLogin, apiSignUp, ownerDataset, setAccessToken } from './helpers';
import { onlineDataset } from './online-dataset';
import { DEMO_USERS } from './settings';

/**
 * The portal's second page-cache layer (lib/page-cache/page-replay.server.ts): a page of routes that opt in
 * (`handle.pageCache`) is sent without running Remix once every nest-api answer it was made of is
 * unchanged. `Server-Timing: page-cache;desc="replayed"` marks such an answer. Each opted-in route
 * must be replayed, and must be made afresh on the very next request after an answer it recorded
 * changed. Without the layer these tests fail (no replayed answer).
 */

const REPLAYED = 'page-cache;desc="replayed"';

async function layerOf(request: APIRequestContext, path: string): Promise<{ status: number; layer: string; body: string }> {
  const response = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
  return { status: response.status(), layer: response.headers()['server-timing'] ?? '', body: await response.text() };
}

/** A first visit may set a cookie (never kept); by the third identical request the page is replayed. */
async function expectReplayed(request: APIRequestContext, path: string): Promise<void> {
  for (let visit = 0; visit < 2; visit += 1) expect((await layerOf(request, path)).status, path).toBe(200);
  const third = await layerOf(request, path);
  expect(third.status, path).toBe(200);
  expect(third.layer, path).toBe(REPLAYED);
}

/**
 * A new user's `paths` are replayed, then, once the user is renamed to `firstname` (current_user is
 * among every page's recorded answers: the shell's loader reads it), made afresh on the next request.
 */
async function expectFreshAfterRename(context: BrowserContext, baseURL: string, paths: string[], firstname: string): Promise<void> {
  const user = await apiSignUp();
  await setAccessToken(context, baseURL, user.token);
  for (const path of paths) await expectReplayed(context.request, path);
  const renamed = await api(user.token, 'put', '/api/users/{id}', { params: { path: { id: user.id } }, body: { firstname, lastname: user.lastname } });
  expect(renamed.status).toBe(200);
  for (const path of paths) {
    const next = await layerOf(context.request, path);
    expect(next.status, path).toBe(200);
    expect(next.layer, path).not.toBe(REPLAYED);
  }
}

test.describe('pages replayed without Remix while their answers are unchanged', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'HTTP-level checks: one project is enough');

  test('catalogue, organisations and profile: replayed, then made afresh after the signed-in user changed', async ({ context, baseURL }) => {
    await expectFreshAfterRename(context, baseURL!, ['/datasets', '/organisaties', '/profiel'], 'Herdoopt');
    expect((await layerOf(context.request, '/profiel')).body).toContain('value="Herdoopt"');
  });

  test('organisations: made afresh after the list it shows changed', async ({ context, baseURL }) => {
    const user = await apiSignUp();
    await setAccessToken(context, baseURL!, user.token);
    await expectReplayed(context.request, '/organisaties');
    const me = await api(user.token, 'get', '/api/current_user');
    const name = `Kwekerij Herhaald ${Date.now()}`;
    const named = await api(user.token, 'put', '/api/organizations/{organization_id}', { params: { path: { organization_id: me.data.organization } }, body: { name } });
    expect(named.status, JSON.stringify(named.data)).toBe(200);
    const next = await layerOf(context.request, '/organisaties');
    expect(next.layer).not.toBe(REPLAYED);
    expect(next.body).toContain(name);
  });

  test('a dataset page: replayed, then not after its data source (and so the dataset) is removed', async ({ context, baseURL }) => {
    const { datasource, dataset } = await ownerDataset();
    const token = await apiLogin(DEMO_USERS.owner);
    await setAccessToken(context, baseURL!, token);
    const path = `/dataset/${dataset.slug}`;
    await expectReplayed(context.request, path);
    const removed = await api(token, 'delete', '/api/datasources/{id}', { params: { path: { id: datasource.datasource_id } } });
    expect(removed.status).toBe(204);
    const next = await layerOf(context.request, path);
    expect(next.layer).not.toBe(REPLAYED);
    expect(next.status).toBe(404);
  });
  test('an application page and the users page (issue 26): replayed, then made afresh after the signed-in user changed', async ({ context, baseURL }) => {
    const application = await createApplication({ name: unique('Replaystudio'), owner_organization: await organizationId('kwekerij-delta') });
    await expectFreshAfterRename(context, baseURL!, [`/applicatie/${application.slug}`, '/mijn-gebruikers'], 'Hernoemd');
    expect((await layerOf(context.request, '/mijn-gebruikers')).body).toContain('Hernoemd');
  });

  /** A new user whose new organisation has a name (one named 'tmp_…' cannot be given machtigingen). */
  async function namedOrganisationUser() {
    const user = await apiSignUp();
    const me = await api(user.token, 'get', '/api/current_user');
    const named = await api(user.token, 'put', '/api/organizations/{organization_id}', { params: { path: { organization_id: me.data.organization } }, body: { name: unique('Kwekerij Replay') } });
    expect(named.status, JSON.stringify(named.data)).toBe(200);
    // The first name also gives the organisation its slug (issue 37): refer to it by id.
    return { ...user, organization_id: me.data.organization };
  }

  /** Kwekerij Delta gives the organisation of `user` one category on `datasetId`. */
  async function grantTo(user: { organization_id: string }, datasetId: string): Promise<void> {
    const ownerToken = await apiLogin(DEMO_USERS.owner);
    const assignee = (await api(ownerToken, 'get', '/api/authorisation-assignees')).data.find((organization) => organization.organization_id === user.organization_id)!;
    const granted = await api(ownerToken, 'post', '/api/datasets/{id}/authorisations', {
      params: { path: { id: datasetId } },
      body: { dataset: datasetId, authorisations: ['Dataset.ReadWater'], assignee_organization: assignee.organization_id, expiration_date: '2099-06-30' },
    });
    expect(granted.status, JSON.stringify(granted.data)).toBe(201);
  }

  test('/machtigingen (issue 26): replayed, then made afresh after the organisation received a machtiging', async ({ context, baseURL }) => {
    const { dataset } = await ownerDataset();
    const user = await namedOrganisationUser();
    await setAccessToken(context, baseURL!, user.token);
    await expectReplayed(context.request, '/machtigingen');
    await grantTo(user, dataset.dataset_id);
    const next = await layerOf(context.request, '/machtigingen');
    expect(next.layer).not.toBe(REPLAYED);
    expect(next.body).toContain(dataset.slug);
  });

  test('a dataset page with a part refused to the visitor (no categories yet): replayed, then made afresh once a machtiging gives it', async ({ context, baseURL }) => {
    const ownerToken = await apiLogin(DEMO_USERS.owner);
    const run = Date.now().toString(36);
    const { online, dispose } = await onlineDataset(ownerToken, {
      file: 'kas.ttl',
      turtle: `<http://www.example.org/replay/${run}> a <http://www.example.org/Kas> .\n`,
      name: `Replay ${run} Kas`,
      about: 'Een kas.',
      contact: 'kas@kwekerij-delta.test',
      additional_info: '',
    });
    try {
      const user = await namedOrganisationUser();
      await setAccessToken(context, baseURL!, user.token);
      const path = `/dataset/${online.slug}`;
      // 'Wat zit erin' is refused (403) to an organisation without categories: the page shows it without, every time.
      await expectReplayed(context.request, path);
      await grantTo(user, online.dataset_id);
      const next = await layerOf(context.request, path);
      expect(next.status).toBe(200);
      expect(next.layer).not.toBe(REPLAYED);
      await expectReplayed(context.request, path);
    } finally {
      await dispose();
    }
  });
});
