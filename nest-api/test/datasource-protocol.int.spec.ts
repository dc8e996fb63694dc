import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/database/embedded-postgres';
import { DiscoveryService } from '../src/hub/discovery.service';
import { startTestApi, type TestApi, type TestUser } from './harness';

/**
 * The hub's side of the Hub Protocol. The data source here is a small real HTTP server that
 * checks the hub's tokens the way hub-protocol.md says; the reference agent's own end-to-end
 * test runs against this API too.
 */
let api: TestApi;
let owner: TestUser;
let peer: Server;
let peerPort: number;
let peerUp = true;
const seenTokens: jwt.JwtPayload[] = [];
let credentials: { datasource_id: string; secret: string };

function datasourceToken(overrides: Record<string, unknown> = {}, secret = credentials.secret, algorithm: jwt.Algorithm = 'HS256') {
  const iat = Math.floor(Date.now() / 1000);
  return jwt.sign(
    { iss: `datahub-datasource:${credentials.datasource_id}`, aud: 'datahub-portal-api', sub: credentials.datasource_id, iat, exp: iat + 120, ...overrides },
    secret,
    { algorithm },
  );
}

const protocol = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
  api.request(`/api/datasource-protocol${path}`, { method: init.method ?? 'GET', json: init.json, headers: { authorization: `Bearer ${init.token ?? datasourceToken()}` } });

/** The `categories` the peer's metadata reports (undefined: none). */
let peerCategories: unknown;

function verifyHubToken(request: IncomingMessage, datasetId: string): boolean {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return false;
  try {
    const claims = jwt.verify(token, credentials.secret, { algorithms: ['HS256'], issuer: 'datahub-portal-api', audience: `datahub-dataset:${datasetId}` }) as jwt.JwtPayload;
    seenTokens.push(claims);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  peerPort = await freePort();
  peer = createServer((request, response) => {
    if (!peerUp) return response.destroy();
    const metadata = /^\/datasets\/([0-9a-f-]+)\/metadata$/.exec(request.url ?? '');
    if (request.url === '/') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    if (metadata) {
      if (!verifyHubToken(request, metadata[1])) return response.writeHead(401).end();
      return response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ dataset_id: metadata[1], name: 'Kasklimaat Delta', about: 'Metingen uit kas 3', contact: 'data@kwekerij-delta.test', additional_info: 'Per uur', categories: peerCategories }));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((r) => peer.listen(peerPort, '127.0.0.1', r));
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true' });
  const delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron', hostname: '' } })).json();
  credentials = created.credentials;
});
afterAll(async () => {
  await api?.close();
  peer?.close();
});

async function datasetRow(id: string) {
  const [row] = await api.db.query('SELECT slug, name, about, contact, additional_info, status FROM datasets WHERE id = $1', [id]);
  return row;
}

describe('data source → hub', () => {
  it('registers the host, then a dataset whose metadata is pulled and which goes online', async () => {
    expect((await protocol('/host', { method: 'POST', json: { hostname: `127.0.0.1:${peerPort}` } })).status).toBe(204);
    const registered = await protocol('/datasets', { method: 'POST', json: { file_format: '.ttl' } });
    expect(registered.status).toBe(201);
    const { dataset_id } = await registered.json();
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    expect(await datasetRow(dataset_id)).toEqual({
      slug: 'kasklimaat-delta',
      name: 'Kasklimaat Delta',
      about: 'Metingen uit kas 3',
      contact: 'data@kwekerij-delta.test',
      additional_info: 'Per uur',
      status: 'online',
    });
    const token = seenTokens.at(-1)!;
    expect(token).toMatchObject({ iss: 'datahub-portal-api', aud: `datahub-dataset:${dataset_id}`, sub: 'kwekerij-delta', scopes: ['Dataset.ReadAll'] });
    expect(token.exp! - token.iat!).toBeLessThanOrEqual(300);
    const listed = await (await protocol('/datasets')).json();
    expect(listed).toEqual([{ dataset_id, name: 'Kasklimaat Delta', status: 'online', file_format: '.ttl' }]);
    // Registering the same id again keeps it.
    expect((await (await protocol('/datasets', { method: 'POST', json: { dataset_id } })).json()).dataset_id).toBe(dataset_id);
  });

  it('keeps the categories the metadata reports when they are known ones, else none, and counts a change as an update', async () => {
    const [{ id }] = await api.db.query('SELECT id FROM datasets WHERE datasource_id = $1', [credentials.datasource_id]);
    const discover = async (categories: unknown) => {
      peerCategories = categories;
      await api.db.query("UPDATE datasets SET updated_at = '2020-01-01T00:00:00Z' WHERE id = $1", [id]);
      await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
      const [row] = await api.db.query('SELECT categories, updated_at > $2 AS updated FROM datasets WHERE id = $1', [id, '2020-01-01T00:00:00Z']);
      return row as { categories: string[] | null; updated: boolean };
    };
    try {
      // Deduplicated, in the fixed order of the dataset scopes.
      expect(await discover(['Heating', 'Water', 'Heating'])).toEqual({ categories: ['Water', 'Heating'], updated: true });
      expect(await discover(['Water', 'Heating'])).toEqual({ categories: ['Water', 'Heating'], updated: false });
      const view = await (await api.request('/api/datasets/kasklimaat-delta', { token: owner.token })).json();
      expect(view.categories).toEqual(['Water', 'Heating']);
      // Anything but an array of known category literals is unknown.
      expect(await discover(['Water', 'Onbekend'])).toEqual({ categories: null, updated: true });
      expect(await discover(['Crop'])).toEqual({ categories: ['Crop'], updated: true });
      expect(await discover('Crop')).toEqual({ categories: null, updated: true });
      expect(await discover(Array.from({ length: 9 }, () => 'Crop'))).toEqual({ categories: null, updated: false });
      expect(await discover(undefined)).toEqual({ categories: null, updated: false });
    } finally {
      peerCategories = undefined;
      await api.db.query('UPDATE datasets SET updated_at = now() WHERE id = $1', [id]);
    }
  });

  it('turns datasets offline when the host stops answering, and online again', async () => {
    const [{ dataset_id }] = await (await protocol('/datasets')).json();
    peerUp = false;
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    expect((await datasetRow(dataset_id)).status).toBe('offline');
    peerUp = true;
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    expect((await datasetRow(dataset_id)).status).toBe('online');
  });

  it("shows on the data source's own answer its status, its last contact and its datasets with their status", async () => {
    const detail = async (id: string) => (await api.request(`/api/datasources/${id}`, { token: owner.token })).json();
    const fresh = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Nog niet geïnstalleerd', hostname: '' } })).json();
    expect(await detail(fresh.datasource_id)).toMatchObject({ status: 'pending', last_contact_at: null, datasets: [] });

    const [{ dataset_id }] = await (await protocol('/datasets')).json();
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    const online = await detail(credentials.datasource_id);
    expect(online).toMatchObject({ status: 'online', datasets: [{ dataset_id, slug: 'kasklimaat-delta', name: 'Kasklimaat Delta', status: 'online' }] });
    expect(Date.parse(online.last_contact_at)).toBeGreaterThan(Date.now() - 60_000);
    const updatedAt = async () => (await (await api.request('/api/datasets/kasklimaat-delta', { token: owner.token })).json()).updated_at;
    const updated = await updatedAt();
    expect(Date.parse(updated)).toBeGreaterThan(Date.now() - 600_000);

    peerUp = false;
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    peerUp = true;
    const offline = await detail(credentials.datasource_id);
    // The last contact stays what it was: a missed check is not a contact.
    expect(offline).toMatchObject({ status: 'offline', last_contact_at: online.last_contact_at, datasets: [{ dataset_id, status: 'offline' }] });
    const listed = await (await api.request('/api/datasources', { token: owner.token })).json();
    expect(listed.find((row: { datasource_id: string }) => row.datasource_id === credentials.datasource_id)).toMatchObject({ status: 'offline' });
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    // Back online with the same description and size: not an update.
    expect(await updatedAt()).toBe(updated);
  });

  it('refuses tampered, expired, wrongly addressed, over-long, alg:none and foreign-signed tokens', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const good = datasourceToken();
    const [h, p] = good.split('.');
    const refused = {
      expired: datasourceToken({ iat: iat - 600, exp: iat - 300 }),
      wrongAudience: datasourceToken({ aud: 'somebody-else' }),
      wrongIssuer: datasourceToken({ iss: 'datahub-datasource:00000000-0000-4000-8000-000000000000' }),
      wrongSubject: datasourceToken({ sub: 'someone' }),
      tooLong: datasourceToken({ exp: iat + 3600 }),
      otherAlgorithm: datasourceToken({}, credentials.secret, 'HS512'),
      otherSecret: datasourceToken({}, 'not-the-secret-not-the-secret-not-the-secret'),
      none: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`,
      tampered: `${h}.${Buffer.from(JSON.stringify({ ...(jwt.decode(good) as object), sub: 'x' })).toString('base64url')}.${good.split('.')[2]}`,
    };
    expect((await protocol('/datasets', { token: good })).status).toBe(200);
    for (const [kind, token] of Object.entries(refused)) expect((await protocol('/datasets', { token })).status, kind).toBe(401);
  });

  it('cuts the old key off at once when a new key is issued', async () => {
    const old = datasourceToken();
    const rotated = await (await api.request(`/api/datasources/${credentials.datasource_id}/new-key`, { token: owner.token })).json();
    expect((await protocol('/datasets', { token: old })).status).toBe(401);
    credentials = rotated.credentials;
    expect((await protocol('/datasets')).status).toBe(200);
  });

  it('honours path overrides on every call to the data source', async () => {
    const [{ dataset_id }] = await (await protocol('/datasets')).json();
    const put = (path: string, pattern: string) =>
      api.request(`/api/datasources/${credentials.datasource_id}/path-overrides/${path}`, { method: 'PUT', token: owner.token, json: { path_override_pattern: pattern } });
    expect((await put('dataset_metadata', 'geen pad')).status).toBe(422);
    expect((await put('dataset_metadata', '/v2/{DATASET_ID}/info')).status).toBe(200);
    const requested: string[] = [];
    peer.on('request', (request) => requested.push(request.url ?? ''));
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    expect(requested).toContain(`/v2/${dataset_id}/info`);
    // The peer does not serve that path, so the dataset is offline until the override goes.
    expect((await datasetRow(dataset_id)).status).toBe('offline');
    const listed = await (await api.request(`/api/datasources/${credentials.datasource_id}/path-overrides`, { token: owner.token })).json();
    expect(listed).toEqual([{ datasource_id: credentials.datasource_id, datasource_path: 'dataset_metadata', path_override_pattern: '/v2/{DATASET_ID}/info' }]);
    expect((await api.request(`/api/datasources/${credentials.datasource_id}/path-overrides/dataset_metadata`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    await api.app.get(DiscoveryService).discoverDatasource(credentials.datasource_id);
    expect((await datasetRow(dataset_id)).status).toBe('online');
  });

  it('removes a dataset from the catalogue, only its own', async () => {
    const [{ dataset_id }] = await (await protocol('/datasets')).json();
    // Another data source of the same organisation: the organisation check alone would let it through.
    const other = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Andere bron', hostname: '' } })).json();
    const otherToken = datasourceToken({ iss: `datahub-datasource:${other.datasource_id}`, sub: other.datasource_id }, other.credentials.secret);
    const foreignDelete = await protocol(`/datasets/${dataset_id}`, { method: 'DELETE', token: otherToken });
    expect(foreignDelete.status).toBe(404);
    expect(await foreignDelete.json()).toEqual({ statusCode: 404, detail: expect.any(String) });
    expect(await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [dataset_id])).toEqual([{ datasource_id: credentials.datasource_id }]);
    // Proposing A's id: B gets a dataset of its own under a new id; A's row stays A's.
    const claimed = await protocol('/datasets', { method: 'POST', json: { dataset_id, file_format: '.ttl' }, token: otherToken });
    expect(claimed.status).toBe(201);
    const claimedId = (await claimed.json()).dataset_id;
    expect(claimedId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(claimedId).not.toBe(dataset_id);
    expect(await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [dataset_id])).toEqual([{ datasource_id: credentials.datasource_id }]);
    expect(await api.db.query('SELECT datasource_id FROM datasets WHERE id = $1', [claimedId])).toEqual([{ datasource_id: other.datasource_id }]);
    expect((await (await protocol('/datasets', { token: otherToken })).json()).map((d: { dataset_id: string }) => d.dataset_id)).toEqual([claimedId]);

    expect((await protocol(`/datasets/${dataset_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await protocol(`/datasets/${dataset_id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await protocol('/datasets')).json()).toEqual([]);
  });

  it('refuses a host that is not an FQDN or IP', async () => {
    expect((await protocol('/host', { method: 'POST', json: { hostname: 'http://evil' } })).status).toBe(422);
  });

  it('checks data sources side by side in a round: a host that hangs does not hold up the others', async () => {
    // A host that takes the request and answers only when the test lets it.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let slowOpen = 0;
    const slow = createServer((request, response) => {
      slowOpen += 1;
      response.on('close', () => (slowOpen -= 1));
      void released.then(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    const fast = createServer((request, response) => {
      const metadata = /^\/datasets\/([0-9a-f-]+)\/metadata$/.exec(request.url ?? '');
      if (request.url === '/') return response.writeHead(200).end('{}');
      if (metadata) return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ dataset_id: metadata[1], name: 'Snelle kas' }));
      response.writeHead(404).end();
    });
    const [slowPort, fastPort] = [await freePort(), await freePort()];
    await new Promise<void>((r) => slow.listen(slowPort, '127.0.0.1', r));
    await new Promise<void>((r) => fast.listen(fastPort, '127.0.0.1', r));
    try {
      // The slow one is created first: a round in creation order meets it before the fast one.
      const create = async (name: string, port: number) =>
        (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name, hostname: `127.0.0.1:${port}` } })).json();
      await create('Trage bron', slowPort);
      const fastSource = await create('Snelle bron', fastPort);
      const registered = await protocol('/datasets', { method: 'POST', json: { file_format: '.ttl' }, token: datasourceToken({ iss: `datahub-datasource:${fastSource.datasource_id}`, sub: fastSource.datasource_id }, fastSource.credentials.secret) });
      const { dataset_id } = await registered.json();
      const discovery = api.app.get(DiscoveryService);
      await discovery.discoverDatasource(fastSource.datasource_id);
      await api.db.query("UPDATE datasets SET status = 'offline' WHERE id = $1", [dataset_id]);

      const round = discovery.discoverAll();
      for (let attempt = 0; attempt < 200 && (await datasetRow(dataset_id)).status !== 'online'; attempt += 1) await new Promise((r) => setTimeout(r, 50));
      expect((await datasetRow(dataset_id)).status).toBe('online');
      // ...while the slow host's request is still open.
      expect(slowOpen).toBe(1);
      release();
      await round;
    } finally {
      release();
      slow.close();
      fast.close();
    }
  }, 60_000);

  it('answers registrations of one new id that race each other with that one dataset, never an error', async () => {
    const proposed = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => protocol('/datasets', { method: 'POST', json: { dataset_id: proposed, file_format: '.ttl' } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(new Set(await Promise.all(answers.map(async (answer) => (await answer.json()).dataset_id)))).toEqual(new Set([proposed]));
    expect(await api.db.query('SELECT count(*)::int AS n FROM datasets WHERE id = $1', [proposed])).toEqual([{ n: 1 }]);
  });
});
