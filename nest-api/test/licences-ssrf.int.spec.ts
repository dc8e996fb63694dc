import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_FIELD_ERRORS } from '@datahub/domain';
import { LicenceSyncService } from '../src/applications/licence-sync.service';
import { freePort } from '../src/database/embedded-postgres';
import { OutboundClient } from '../src/hub/outbound';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let listener: Server;
let port: number;
let connections = 0;
/** A second licence server, allow-listed (PRIVATE_HOSTS_ALLOWED) as the demo's is. */
let allowed: Server;
let allowedPort: number;
let allowedConnections = 0;

beforeAll(async () => {
  port = await freePort();
  // Counts TCP connections: any attempt to reach the loopback "licence server" shows here.
  listener = createServer((socket) => {
    connections += 1;
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]');
  });
  await new Promise<void>((resolve) => listener.listen(port, '127.0.0.1', resolve));
  allowedPort = await freePort();
  allowed = createServer((socket) => {
    allowedConnections += 1;
    socket.on('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n[]'));
  });
  await new Promise<void>((resolve) => allowed.listen(allowedPort, '127.0.0.1', resolve));
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'false', PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${allowedPort}` });
});
afterAll(async () => {
  await api?.close();
  listener?.close();
  allowed?.close();
});

describe('licence servers on private addresses while private hosts are not allowed', () => {
  it('are refused on save and never called by the sync, whatever the stored address', async () => {
    const organization = await api.createOrganization({ name: 'Leverancier' });
    const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
    const body = { name: 'Binnenapp', owner_organization: organization.id, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl' };
    const refused = await api.request('/api/applications', { method: 'POST', token: admin.token, json: { ...body, url_licence_server: `https://127.0.0.1:${port}` } });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors.url_licence_server).toBe(APPLICATION_FIELD_ERRORS.licenceServerPrivate);

    // Addresses stored earlier (or resolving to loopback) are still never reached.
    for (const [index, address] of [`https://127.0.0.1:${port}`, `https://localhost:${port}`, `http://127.0.0.1:${port}`, `https://[::ffff:127.0.0.1]:${port}`].entries()) {
      const [{ id }] = await api.db.query(
        `INSERT INTO applications (slug, name, about, usage, owner_organization_id, url, url_licence_server) VALUES ($1, $1, 'a', 'u', $2, 'https://x.nl', $3) RETURNING id`,
        [`binnen-${index}`, organization.id, address],
      );
      await api.app.get(LicenceSyncService).sync(id);
    }
    expect(connections).toBe(0);
    const [{ count }] = await api.db.query('SELECT count(*)::int AS count FROM licences');
    expect(count).toBe(0);

    // Control: the same server is reachable when private hosts are allowed.
    const open = new OutboundClient({ allowPrivate: true });
    expect((await open.get(`http://127.0.0.1:${port}/licences`)).status).toBe(200);
    await open.close();
    expect(connections).toBe(1);
  });

  it('reaches exactly an allow-listed host:port, over plain http (as the demo does)', async () => {
    const organization = await api.createOrganization({ name: 'Demo-leverancier' });
    const [{ id: adminOrganizationId }] = await api.db.query('SELECT id FROM organizations WHERE is_admin');
    const admin = await api.createUser({ organizationId: adminOrganizationId, roles: ['AdminOrganization.Owner'] });
    const body = { name: 'Demo-app', owner_organization: organization.id, about: 'Over', usage: 'Gebruik', url: 'https://app.example.nl' };
    const saved = await api.request('/api/applications', { method: 'POST', token: admin.token, json: { ...body, url_licence_server: `127.0.0.1:${allowedPort}` } });
    expect(saved.status).toBe(201);
    const application = await saved.json();
    expect(application.url_licence_server).toBe(`http://127.0.0.1:${allowedPort}`);
    await api.app.get(LicenceSyncService).sync(application.application_id);
    expect(allowedConnections).toBeGreaterThanOrEqual(1);
    const before = connections;
    const other = await api.request('/api/applications', { method: 'POST', token: admin.token, json: { ...body, name: 'Andere poort', url_licence_server: `http://127.0.0.1:${port}` } });
    expect(other.status).toBe(422);
    expect(connections).toBe(before);
  });
});
