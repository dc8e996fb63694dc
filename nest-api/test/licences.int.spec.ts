import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LicenceSyncService } from '../src/applications/licence-sync.service';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, type TestApi, type TestUser } from './harness';

/** A real licence server on loopback: /{name}/licences answers what `routes[name]` does. */
let server: Server;
let base: string;
const routes: Record<string, (response: ServerResponse) => void> = {};
const hits: Record<string, number> = {};
let hugeBytesSent = 0;
let hugeClosedEarly = false;

let api: TestApi;
let admin: TestUser;
let deltaOwner: TestUser;
let westOwner: TestUser;
let delta: { id: string; slug: string };
let west: { id: string; slug: string };

const json = (value: unknown) => (response: ServerResponse) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));

beforeAll(async () => {
  const port = await freePort();
  server = createServer((request, response) => {
    const name = (request.url ?? '').split('/')[1];
    hits[name] = (hits[name] ?? 0) + 1;
    if (!request.url?.endsWith('/licences') || !routes[name]) return void response.writeHead(404).end();
    routes[name](response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${port}`;
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true' });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
  admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
  deltaOwner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
});
afterAll(async () => {
  await api?.close();
  server?.closeAllConnections();
  server?.close();
});

async function createApplication(name: string, route: string) {
  const response = await api.request('/api/applications', {
    method: 'POST',
    token: admin.token,
    json: { name, owner_organization: west.id, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl', url_licence_server: `${base}/${route}` },
  });
  expect(response.status).toBe(201);
  return response.json();
}

const licencesOf = async (slug: string, token: string) => (await api.request(`/api/organizations/${slug}/licences`, { token })).json();
const sync = () => api.app.get(LicenceSyncService);

describe('licence sync', () => {
  it("fetches the list on save and keeps only the application's rows for existing organisations", async () => {
    routes.goed = json([
      { application_slug: 'teeltplanner', organization_slug: delta.slug, start_date: '2022-01-01T00:00:00', end_date: '2023-01-01T00:00:00' },
      { application_slug: 'teeltplanner', organization_slug: west.slug, start_date: '2026-01-01T00:00:00', end_date: '2030-06-30T00:00:00+02:00' },
      { application_slug: 'teeltplanner', organization_slug: 'bestaat-niet', end_date: '2030-01-01T00:00:00' },
      { application_slug: 'iets-anders', organization_slug: delta.slug, end_date: '2030-01-01T00:00:00' },
      { application_slug: 'teeltplanner', organization_slug: delta.slug, end_date: 'morgen' },
      'geen object',
    ]);
    await createApplication('Teeltplanner', 'goed');
    await expect.poll(() => licencesOf(delta.slug, deltaOwner.token), { timeout: 10_000 }).toEqual([
      { application_name: 'Teeltplanner', application_slug: 'teeltplanner', application_logo_url: null, end_date: '2023-01-01T00:00:00.000Z' },
    ]);
    expect(await licencesOf(west.slug, westOwner.token)).toEqual([
      { application_name: 'Teeltplanner', application_slug: 'teeltplanner', application_logo_url: null, end_date: '2030-06-29T22:00:00.000Z' },
    ]);
    // Another organisation's licences stay hidden.
    expect((await api.request(`/api/organizations/${west.slug}/licences`, { token: deltaOwner.token })).status).toBe(403);
  });

  it('replaces the rows on the next sync, and keeps them when the licence server fails', async () => {
    routes.wisselend = json([{ application_slug: 'oogstlijst', organization_slug: delta.slug, end_date: '2031-01-01' }]);
    const application = await createApplication('Oogstlijst', 'wisselend');
    await expect.poll(async () => (await licencesOf(delta.slug, deltaOwner.token)).map((l: { end_date: string }) => l.end_date), { timeout: 10_000 }).toContain('2031-01-01T00:00:00.000Z');
    routes.wisselend = json([{ application_slug: 'oogstlijst', organization_slug: delta.slug, end_date: '2032-02-02T00:00:00' }]);
    await sync().sync(application.application_id);
    let ends = (await licencesOf(delta.slug, deltaOwner.token)).map((l: { end_date: string }) => l.end_date);
    expect(ends).toContain('2032-02-02T00:00:00.000Z');
    expect(ends).not.toContain('2031-01-01T00:00:00.000Z');
    routes.wisselend = (response) => response.writeHead(500).end();
    await sync().sync(application.application_id);
    routes.wisselend = (response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"geen": "lijst"}');
    await sync().sync(application.application_id);
    ends = (await licencesOf(delta.slug, deltaOwner.token)).map((l: { end_date: string }) => l.end_date);
    expect(ends).toContain('2032-02-02T00:00:00.000Z');
  });

  it('gives up on a licence server that never answers, without holding up the others', async () => {
    routes.hangt = () => undefined; // keeps the request open
    routes.vlot = json([]);
    const hanging = await createApplication('Hangende app', 'hangt');
    const quick = await createApplication('Vlotte app', 'vlot');
    await sync().sync(quick.application_id);
    routes.vlot = json([{ application_slug: 'vlotte-app', organization_slug: delta.slug, end_date: '2033-03-03T00:00:00' }]);
    const started = Date.now();
    const round = sync().syncAll();
    const names = async () => (await licencesOf(delta.slug, deltaOwner.token)).map((l: { application_name: string }) => l.application_name);
    // The quick one is done long before the hanging one times out.
    await expect.poll(names, { timeout: 4000 }).toContain('Vlotte app');
    expect(Date.now() - started).toBeLessThan(5000);
    await round;
    // The outbound client's total timeout (8 s) ends the hanging call, counted from the sync on save that the round joined.
    expect(Date.now() - started).toBeLessThan(9000);
    expect(hits.hangt).toBe(1);
    const [{ count }] = await api.db.query('SELECT count(*)::int AS count FROM licences WHERE application_id = $1', [hanging.application_id]);
    expect(count).toBe(0);
  }, 30_000);

  it('refuses a 50 MB answer at the size cap, reading no further', async () => {
    const chunk = Buffer.alloc(1024 * 1024, ' ');
    routes.groot = (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.on('close', () => {
        hugeClosedEarly = !response.writableFinished;
      });
      // A valid row first: only the cap stops it from being kept.
      response.write(`[{"application_slug":"grote-lijst","organization_slug":"${delta.slug}","end_date":"2035-01-01T00:00:00"},`);
      let sent = 0;
      const pump = () => {
        while (sent < 50) {
          sent += 1;
          hugeBytesSent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end('{}]');
      };
      pump();
    };
    const application = await createApplication('Grote lijst', 'groot');
    await sync().sync(application.application_id);
    const [{ count }] = await api.db.query('SELECT count(*)::int AS count FROM licences WHERE application_id = $1', [application.application_id]);
    expect(count).toBe(0);
    await expect.poll(() => hugeClosedEarly, { timeout: 10_000 }).toBe(true);
    expect(hugeBytesSent).toBeLessThan(50 * 1024 * 1024);
  });

  it('drops the licences when the application stops naming a licence server', async () => {
    routes.tijdelijk = json([{ application_slug: 'tijdelijke-app', organization_slug: delta.slug, end_date: '2034-04-04T00:00:00' }]);
    const application = await createApplication('Tijdelijke app', 'tijdelijk');
    const names = async () => (await licencesOf(delta.slug, deltaOwner.token)).map((l: { application_name: string }) => l.application_name);
    await expect.poll(names, { timeout: 10_000 }).toContain('Tijdelijke app');
    const put = await api.request(`/api/applications/${application.application_id}`, {
      method: 'PUT',
      token: admin.token,
      json: { name: 'Tijdelijke app', owner_organization: west.id, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl', url_licence_server: null },
    });
    expect(put.status).toBe(200);
    await expect.poll(names, { timeout: 10_000 }).not.toContain('Tijdelijke app');
  });
});
