import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASOURCE_STATE_MAILS } from '@datahub/domain';
import { freePort } from '../src/database/embedded-postgres';
import { DatasourcesService } from '../src/datasources/datasources.service';
import { DiscoveryService } from '../src/hub/discovery.service';
import { startTestApi, type TestApi, type TestUser } from './harness';

// Issue 35 item 5: the owner hears when a data source goes offline and when it is back, once per change.
let api: TestApi;
let owner: TestUser;
let member: TestUser;
let peer: Server;
let peerUp = true;
let datasourceId: string;
let port: number;
/** The creation answer, shown once: the only place the key may appear. */
let createdBody: { credentials: { secret: string }; executable_first_start_command: string };

beforeAll(async () => {
  port = await freePort();
  peer = createServer((request, response) => {
    if (!peerUp) return response.destroy();
    response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => peer.listen(port, '127.0.0.1', resolve));
  api = await startTestApi({ ALLOW_PRIVATE_HOSTS: 'true' });
  const org = await api.createOrganization({ name: 'Kwekerij Storing' });
  owner = await api.createUser({ organizationId: org.id, roles: ['Organization.Owner'] });
  member = await api.createUser({ organizationId: org.id, roles: ['Application.Contributor'] });
  const created = await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron Storing', hostname: `127.0.0.1:${port}` } });
  expect(created.status).toBe(201);
  createdBody = await created.json();
  datasourceId = (createdBody as unknown as { datasource_id: string }).datasource_id;
});
afterAll(async () => {
  await api?.close();
  peer?.close();
});

const discover = () => api.app.get(DiscoveryService).discoverDatasource(datasourceId);
const mails = async () =>
  (await api.db.query('SELECT recipient, subject, body FROM outbox WHERE body LIKE $1 ORDER BY created_at, id', [`%/databron/${datasourceId}%`])) as { recipient: string; subject: string; body: string }[];
const logRows = async () =>
  ((await api.db.query(`SELECT kind FROM audit_log WHERE subject_id = $1 AND kind IN ('datasource.offline', 'datasource.online') ORDER BY id`, [datasourceId])) as { kind: string }[]).map((row) => row.kind);
const detail = async () => (await api.request(`/api/datasources/${datasourceId}`, { token: owner.token })).json();

describe('the installation steps on the data source page', () => {
  it("start the agent on the registered host's port, without the secret", async () => {
    const view = await detail();
    expect(view.start_command).toMatch(new RegExp(`^datasource-agent --credentials datasource-credentials-${datasourceId}\\.json .* --port ${port}$`));
    expect(view.install_command).toMatch(/^npm install --global --omit=dev /);
    expect(JSON.stringify(view)).not.toContain('secret');
  });

  it("offer the grower's one file and its start line, which dials the hub's own address next to the credentials file", async () => {
    const view = await detail();
    const hub = api.config.publicUrl.replace(/\/$/, '');
    expect(view.executable_url).toBe(`${hub}/api/datasource-agent/datahub-databron-linux-x64`);
    expect(view.executable_start_command).toBe(
      `chmod +x datahub-databron-linux-x64 && ./datahub-databron-linux-x64 --credentials datasource-credentials-${datasourceId}.json --data databron --hub ${hub} --hub-connect --page-port 0`,
    );
  });

  it('right after creating, a start line that carries the key in its environment (one download); the page later never shows it', async () => {
    const hub = api.config.publicUrl.replace(/\/$/, '');
    const { secret } = createdBody.credentials;
    expect(createdBody.executable_first_start_command).toBe(
      `chmod +x datahub-databron-linux-x64 && DATAHUB_SLEUTEL=${datasourceId}:${secret} ./datahub-databron-linux-x64 --credentials datasource-credentials-${datasourceId}.json --data databron --hub ${hub} --hub-connect --page-port 0`,
    );
    const view = await detail();
    expect(view).not.toHaveProperty('executable_first_start_command');
    expect(JSON.stringify(view)).not.toContain(secret);
  });
});

describe('a data source going offline and coming back', () => {
  it('tells nobody on the first contact', async () => {
    await discover();
    expect((await detail()).status).toBe('online');
    expect(await mails()).toEqual([]);
    expect(await logRows()).toEqual([]);
  });

  it('mails its owner and writes one Logboek row when it goes offline, not again while it stays offline', async () => {
    peerUp = false;
    await discover();
    const link = new URL(`/databron/${datasourceId}`, api.config.publicUrl).toString();
    const expected = DATASOURCE_STATE_MAILS.offline({ name: 'Kasbron Storing', link });
    expect(await mails()).toEqual([{ recipient: owner.email, subject: expected.subject, body: expected.text }]);
    expect(await logRows()).toEqual(['datasource.offline']);
    await discover();
    await discover();
    expect(await mails()).toHaveLength(1);
    expect(await logRows()).toEqual(['datasource.offline']);
    const view = await detail();
    expect(view.status).toBe('offline');
    expect(view.status_changed_at).not.toBeNull();
    // A member without Datasource.Update is not mailed.
    expect((await mails()).map((mail) => mail.recipient)).not.toContain(member.email);
  });

  it('mails once when it is back, also when two processes record the change at the same moment', async () => {
    // Two connections recording the same change at once (as two API processes would): the row lock lets one see it.
    const service = api.app.get(DatasourcesService);
    await Promise.all([service.recordContact(datasourceId, true), service.recordContact(datasourceId, true), service.recordContact(datasourceId, true)]);
    peerUp = true;
    await discover();
    const link = new URL(`/databron/${datasourceId}`, api.config.publicUrl).toString();
    const expected = DATASOURCE_STATE_MAILS.online({ name: 'Kasbron Storing', link });
    const all = await mails();
    expect(all).toHaveLength(2);
    expect(all[1]).toEqual({ recipient: owner.email, subject: expected.subject, body: expected.text });
    expect(await logRows()).toEqual(['datasource.offline', 'datasource.online']);
    expect((await detail()).status).toBe('online');
  });
});
