import { createServer, type Server } from 'node:http';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAILS } from '@datahub/domain';
import { freePort } from '../src/database/embedded-postgres';
import { DiscoveryService } from '../src/hub/discovery.service';
import { startTestApi, type TestApi, type TestUser } from './harness';

/**
 * The start-up default (npm start): only the allow-listed host:port may be private. Every other
 * loopback, private, link-local, CGNAT, unique-local, unspecified or IPv4-mapped address is
 * refused when a data source is created or registers its host, and again when the hub connects.
 */
let api: TestApi;
let allowed: Server;
let forbidden: Server;
let allowedPort: number;
let forbiddenPort: number;
const hits = { allowed: 0, forbidden: 0 };
let owner: TestUser;

beforeAll(async () => {
  [allowedPort, forbiddenPort] = [await freePort(), await freePort()];
  allowed = createServer((_q, r) => {
    hits.allowed += 1;
    r.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"online","datasets":[]}');
  });
  forbidden = createServer((_q, r) => {
    hits.forbidden += 1;
    r.writeHead(200).end('{}');
  });
  await new Promise<void>((r) => allowed.listen(allowedPort, '127.0.0.1', r));
  await new Promise<void>((r) => forbidden.listen(forbiddenPort, '127.0.0.1', r));
  api = await startTestApi({ PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${allowedPort}` });
  const organization = await api.createOrganization();
  owner = await api.createUser({ organizationId: organization.id, roles: ['Organization.Owner'] });
});
afterAll(async () => {
  await api?.close();
  allowed?.close();
  forbidden?.close();
});

function create(hostname: string) {
  return api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: `Bron ${Math.random()}`, hostname } });
}

describe('private hosts at creation', () => {
  const refused = () => [
    `127.0.0.1:${forbiddenPort}`,
    `127.0.0.1:${api.config.port || 3001}`,
    '127.0.0.2',
    '169.254.169.254',
    '[::1]',
    `[::1]:${allowedPort}`,
    '[fd00::1]',
    '[fe80::1]',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1:8080',
    '100.64.0.1',
    '0.0.0.0',
    '[::]',
    '[::ffff:127.0.0.1]',
    `[::ffff:7f00:1]:${allowedPort}`,
    '[64:ff9b::a9fe:a9fe]',
    'bron.localhost',
    // Issue 32: every IPv6 address outside 2000::/3 (IPv4-translated, discard-only, reserved).
    '[::ffff:0:7f00:1]',
    `[::ffff:0:7f00:1]:${allowedPort}`,
    '[100::1]',
    '[4000::1]',
  ];

  it('refuses every private address but the allow-listed host:port, in Dutch in the portal', async () => {
    for (const hostname of refused()) {
      const response = await create(hostname);
      expect(response.status, hostname).toBe(422);
      expect((await response.json()).detail, hostname).toBe(DETAILS.privateHost);
    }
    expect((await create(`127.0.0.1:${allowedPort}`)).status).toBe(201);
  });

  it('accepts a public name (DNS that does not answer is not a reason to refuse: the VM may come later)', async () => {
    expect((await create('data.kwekerij-voorbeeld.nl')).status).toBe(201);
  });

  it('refuses a private host that a data source registers itself over the Hub Protocol', async () => {
    const created = await (await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Zonder host' } })).json();
    const { datasource_id: id, secret } = created.credentials;
    const iat = Math.floor(Date.now() / 1000);
    const token = jwt.sign({ iss: `datahub-datasource:${id}`, aud: 'datahub-portal-api', sub: id, iat, exp: iat + 120 }, secret, { algorithm: 'HS256' });
    const response = await api.request('/api/datasource-protocol/host', { method: 'POST', token, json: { hostname: `127.0.0.1:${forbiddenPort}` } });
    expect(response.status).toBe(422);
    expect((await response.json()).detail).toBe(DETAILS.privateHost);
  });
});

describe('private hosts at connection', () => {
  it('reaches the allow-listed host and never a private one stored before the rules (DNS re-checked)', async () => {
    const organization = await api.createOrganization();
    const [good] = await api.db.query('SELECT id FROM datasources WHERE hostname = $1', [`127.0.0.1:${allowedPort}`]);
    const sneaked: string[] = [];
    for (const hostname of [`127.0.0.1:${forbiddenPort}`, `localhost:${forbiddenPort}`, `[::ffff:127.0.0.1]:${forbiddenPort}`]) {
      const [row] = await api.db.query(
        `INSERT INTO datasources (name, hostname, organization_id, secret_encrypted) VALUES ($1, $2, $3, 'x') RETURNING id`,
        [`Binnen ${hostname}`, hostname, organization.id],
      );
      sneaked.push(row.id);
    }
    const discovery = api.app.get(DiscoveryService);
    for (const id of sneaked) await discovery.discoverDatasource(id);
    await discovery.discoverDatasource(good.id);
    expect(hits.forbidden).toBe(0);
    expect(hits.allowed).toBeGreaterThan(0);
  });
});
