import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { createApplication, organizationId } from './applications-helpers';
import { CountedPortal } from './counted-portal';
import { api, apiLogin, apiSignUp, ownerDataset } from './helpers';
import { expectedStatus, ownObjects, signedInRoutes, type Persona, type Targets } from './page-sweep';
import { DEMO_USERS } from './settings';

/**
 * Every signed-in page's own loader asks nest-api at most once (issue 33, ADR 0048), for a persona
 * that may open it. `{path}.data?_routes=<route id>` runs that loader alone, as a navigation with
 * JavaScript does. Opened whole, a page whose loader reads `/api/pages/…` costs just that call: the
 * shell comes with it (ADR 0058).
 */

/** Who opens each page: the first persona in this order that gets it as a page (200). */
const OPENERS: Persona[] = ['owner', 'admin', 'member', 'otherOwner'];

let portal: CountedPortal;
let targets: Targets;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await CountedPortal.start();
  const token = await apiLogin(DEMO_USERS.owner);
  const delta = await organizationId('kwekerij-delta');
  const { datasource, dataset } = await ownerDataset(token);
  const member = await apiSignUp(`e2e-${randomUUID().slice(0, 8)}@kwekerij-delta.test`);
  const application = await createApplication({ name: `Geteld ${randomUUID().slice(0, 6)}`, owner_organization: delta });
  const granted = await api(token, 'post', '/api/datasets/{id}/authorisations', {
    params: { path: { id: dataset.dataset_id } },
    body: { dataset: dataset.dataset_id, authorisations: ['Dataset.ReadWater'], assignee_organization: await organizationId('kassenbouw-west') },
  });
  expect(granted.status, JSON.stringify(granted.data)).toBe(201);
  const apiToken = await api(token, 'post', '/api/organizations/{organization_id}/api-tokens', {
    params: { path: { organization_id: delta } },
    body: { name: `Geteld ${randomUUID().slice(0, 6)}`, scopes: ['catalogue:read'], expires_in_days: 30 },
  });
  expect(apiToken.status, JSON.stringify(apiToken.data)).toBe(201);
  const memberToken = await api(member.token, 'post', '/api/profile/api-tokens', { body: { name: `Geteld ${randomUUID().slice(0, 6)}`, scopes: ['catalogue:read'], expires_in_days: 30 } });
  expect(memberToken.status, JSON.stringify(memberToken.data)).toBe(201);
  const webhook = await api(token, 'post', '/api/organizations/{organization_id}/webhooks', {
    params: { path: { organization_id: delta } },
    body: { url: `https://webhook.example.test/geteld-${randomUUID().slice(0, 6)}`, kinds: ['organization.changed'] },
  });
  expect(webhook.status, JSON.stringify(webhook.data)).toBe(201);
  const invited = `e2e-${randomUUID().slice(0, 8)}@kwekerij-delta.test`;
  expect((await api(token, 'post', '/api/invitations', { body: { email: invited } })).status).toBe(201);
  const invitation = (await api(token, 'get', '/api/invitations')).data.find((row) => row.email === invited);
  const requested = await api(await apiLogin(DEMO_USERS.admin), 'post', '/api/datasets/{id}/access-requests', {
    params: { path: { id: dataset.dataset_id } },
    body: { authorisations: ['Dataset.ReadHeating'], reason: 'Geteld' },
  });
  expect(requested.status, JSON.stringify(requested.data)).toBe(201);
  targets = {
    applicationSlug: application.slug,
    datasourceId: datasource.credentials.datasource_id,
    datasetSlug: dataset.slug,
    longUserId: member.id,
    authorisationId: granted.data[0]!.authorisation_assignment_id,
    apiTokenId: apiToken.data.id,
    memberTokenId: memberToken.data.id,
    webhookId: webhook.data.id,
    invitationId: invitation!.invitation_id,
    invitationPath: '',
    verificationPath: '',
    resetPath: '',
    accessRequestId: requested.data.access_request_id,
  };
});

test.afterAll(async () => {
  await portal?.stop();
});

/** The single-fetch address that runs only `file`'s loader for the page at `path`. */
function loaderOnly(file: string, path: string): string {
  const route = encodeURIComponent(`routes/${file.replace(/\.tsx?$/, '')}`);
  return `${path === '/' ? '/_root' : path}.data?_routes=${route}`;
}

test('every signed-in page makes at most one call to nest-api of its own, and a page read brings the shell along', async () => {
  test.skip(test.info().project.name !== 'no-js', 'no browser involved: counted once');
  test.setTimeout(180_000);
  const over: Record<string, number> = {};
  const notFolded: Record<string, string> = {};
  const unopened: string[] = [];
  for (const persona of OPENERS) {
    const token = await apiLogin(DEMO_USERS[persona]);
    const routes = signedInRoutes(targets, ...(await ownObjects(token)));
    for (const [file, path] of Object.entries(routes)) {
      if (file === '$.tsx' || expectedStatus(persona, file) !== 200) continue;
      if (OPENERS.find((first) => expectedStatus(first, file) === 200) !== persona) continue;
      const { status, calls } = await portal.get(loaderOnly(file, path), token);
      if (status !== 200) unopened.push(`${persona} ${file}: ${status}`);
      if (calls.length > 1) over[file] = calls.length;
      // The whole page: a page read brings the shell along (ADR 0058), so the page costs that one call.
      if (file.startsWith('_shell.') && calls.length === 1 && calls[0]!.startsWith('GET /api/pages/')) {
        const whole = await portal.get(path, token);
        if (whole.status !== 200 || whole.calls.join() !== calls.join()) notFolded[file] = `${whole.status} ${whole.calls.join(', ')}`;
      }
    }
  }
  expect(unopened).toEqual([]);
  // Route files whose loader asks more than once, with the number of calls.
  expect(over).toEqual({});
  // Pages whose shell did not come with their page read, with what they asked.
  expect(notFolded).toEqual({});
});
