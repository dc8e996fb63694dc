import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '@datahub/domain';
import { EventClock } from '../src/events/event-clock';
import { OutboxDrainer } from '../src/events/outbox-drainer.service';
import { verifySignature } from '../src/events/webhook-signature';
import { freePort } from '../src/database/embedded-postgres';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { startWebhookReceiver } from './webhook-receiver';

/** Webhooks per organisation (issue 24): a real receiver on loopback, the clock moved instead of sleeping. */
let api: TestApi;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let delta: { id: string; slug: string; name: string };
let west: { id: string; slug: string; name: string };
let owner: TestUser;
let westOwner: TestUser;
let drainer: OutboxDrainer;
/** A loopback service allow-listed for data sources only (PRIVATE_HOSTS_ALLOWED): webhooks must never reach it. */
let dataSourceOnly: Server;
let dataSourceOnlyPort: number;
let dataSourceOnlyConnections = 0;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  dataSourceOnlyPort = await freePort();
  dataSourceOnly = createServer((_request, response) => response.writeHead(200).end('ok'));
  dataSourceOnly.on('connection', () => (dataSourceOnlyConnections += 1));
  await new Promise<void>((resolve) => dataSourceOnly.listen(dataSourceOnlyPort, '127.0.0.1', resolve));
  api = await startTestApi({
    WEBHOOK_PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${receiver.port}`,
    PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${dataSourceOnlyPort}`,
    EVENTS_DRAIN_INTERVAL_MS: '0',
  });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  west = await api.createOrganization({ name: 'Kassenbouw West' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  westOwner = await api.createUser({ organizationId: west.id, roles: ['Organization.Owner'] });
  drainer = api.app.get(OutboxDrainer);
});
afterAll(async () => {
  await api?.close();
  await receiver?.close();
  dataSourceOnly?.close();
});

const webhooks = (organizationId: string, path = '', init: Parameters<TestApi['request']>[1] = {}) =>
  api.request(`/api/organizations/${organizationId}/webhooks${path}`, init);
const rename = (organization: { id: string }, name: string, token = owner.token) =>
  api.request(`/api/organizations/${organization.id}`, { method: 'PUT', token, json: { name } });

describe('webhooks', () => {
  it('are made with an https address (or an allow-listed one) and chosen kinds; the secret is shown once', async () => {
    const made = await webhooks(delta.id, '', { method: 'POST', token: owner.token, json: { url: receiver.url('/alles'), kinds: [...EVENT_KINDS] } });
    expect(made.status).toBe(201);
    const body = await made.json();
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const listed = await (await webhooks(delta.id, '', { token: owner.token })).json();
    expect(listed).toEqual([expect.objectContaining({ id: body.id, url: receiver.url('/alles'), disabled_at: null })]);
    expect(JSON.stringify(listed)).not.toContain(body.secret);

    const refused = async (json: unknown) => {
      const response = await webhooks(delta.id, '', { method: 'POST', token: owner.token, json });
      return [response.status, (await response.json()).errors];
    };
    expect(await refused({ url: 'http://example.com/hook', kinds: ['dataset.online'] })).toEqual([422, { url: 'Geef een geldig https-adres op, zonder gebruikersnaam of wachtwoord.' }]);
    expect(await refused({ url: 'https://user:geheim@example.com/hook', kinds: ['dataset.online'] })).toEqual([422, { url: 'Geef een geldig https-adres op, zonder gebruikersnaam of wachtwoord.' }]);
    expect(await refused({ url: 'https://10.0.0.7/hook', kinds: ['dataset.online'] })).toEqual([422, { url: 'Dit adres is niet bereikbaar vanaf de hub (intern of privé-adres).' }]);
    expect(await refused({ url: 'https://example.com/hook', kinds: [] })).toEqual([422, { kinds: 'Kies ten minste één gebeurtenis.' }]);
    expect((await refused({ url: 'https://example.com/hook', kinds: ['dataset.exploded'] }))[0]).toBe(422);
  });

  it('need Organization.Update in that organisation; another organisation reaches none by id', async () => {
    const member = await api.createUser({ organizationId: delta.id });
    expect((await webhooks(delta.id, '', { token: member.token })).status).toBe(403);
    expect((await webhooks(delta.id, '', { token: westOwner.token })).status).toBe(403);
    const [{ id }] = await (await webhooks(delta.id, '', { token: owner.token })).json();
    expect((await webhooks(west.id, `/${id}/deliveries`, { token: westOwner.token })).status).toBe(404);
    expect((await webhooks(west.id, `/${id}`, { method: 'DELETE', token: westOwner.token })).status).toBe(404);
  });

  it('deliver every event about the organisation once, signed, in order per object, and nothing about others', async () => {
    const madeSecret = await (await webhooks(delta.id, '', { method: 'POST', token: owner.token, json: { url: receiver.url('/namen'), kinds: ['organization.changed'] } })).json();
    for (const name of ['Delta 1', 'Delta 2', 'Delta 3']) expect((await rename(delta, name)).status).toBe(200);
    expect((await rename(west, 'West 1', westOwner.token)).status).toBe(200);
    await api.request('/api/datasources', { method: 'POST', token: owner.token, json: { name: 'Kasbron', hostname: '' } });
    await drainer.drainOnce();

    const names = receiver.received.filter((r) => r.path === '/namen');
    expect(names.map((r) => r.event.data.name)).toEqual(['Delta 1', 'Delta 2', 'Delta 3']);
    for (const delivery of names) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-datahub-event']).toBe('organization.changed');
      // As docs/webhooks.md tells receivers: HMAC-SHA256 of "<t>.<body>".
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-datahub-signature']))!;
      expect(createHmac('sha256', madeSecret.secret).update(`${t}.${delivery.body}`).digest('hex')).toBe(v1);
      expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
      expect(verifySignature(madeSecret.secret, delivery.body, String(delivery.headers['x-datahub-signature']), new Date())).toBe(true);
      expect(verifySignature(madeSecret.secret, delivery.body.replace('Delta', 'Gamma'), String(delivery.headers['x-datahub-signature']), new Date())).toBe(false);
    }
    const all = receiver.received.filter((r) => r.path === '/alles');
    // In order per object; different objects may arrive in any order.
    expect(all.filter((r) => r.event.object_id === delta.id).map((r) => r.event.data.name)).toEqual(['Delta 1', 'Delta 2', 'Delta 3']);
    expect(all.filter((r) => r.event.object_id !== delta.id).map((r) => r.event.kind)).toEqual(['datasource.created']);
    expect(new Set(receiver.received.map((r) => `${r.path} ${r.event.id}`)).size).toBe(receiver.received.length);
    expect(JSON.stringify(receiver.received)).not.toContain('West 1');
    await drainer.drainOnce();
    expect(receiver.received.filter((r) => r.path !== '/fout')).toHaveLength(7);
  });

  it('retry with backoff, log each attempt, switch off after 24 hours of failures with a mail; resend works', async () => {
    const made = await (await webhooks(delta.id, '', { method: 'POST', token: owner.token, json: { url: receiver.url('/fout'), kinds: ['organization.changed'] } })).json();
    const log = async () => (await webhooks(delta.id, `/${made.id}/deliveries`, { token: owner.token })).json();
    const clock = api.app.get(EventClock);
    receiver.failWith.status = 500;
    receiver.failWith.path = '/fout';
    try {
      expect((await rename(delta, 'Delta 4')).status).toBe(200);
      await drainer.drainOnce();
      const [first] = await log();
      expect(first).toMatchObject({ kind: 'organization.changed', status: 'pending', attempts: 1, response_status: 500 });
      expect(first.duration_ms).toEqual(expect.any(Number));
      await drainer.drainOnce();
      expect((await log())[0].attempts).toBe(1); // not due yet: the first retry waits 30 s
      clock.advance(31_000);
      await drainer.drainOnce();
      expect((await log())[0].attempts).toBe(2);
      clock.advance(25 * 3_600_000);
      await drainer.drainOnce();
      expect((await log())[0]).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
      const [listed] = (await (await webhooks(delta.id, '', { token: owner.token })).json()).filter((w: { id: string }) => w.id === made.id);
      expect(listed.disabled_at).not.toBeNull();
      const mails = await api.db.query('SELECT recipient, subject, body FROM outbox WHERE subject LIKE $1', ['Webhook uitgeschakeld%']);
      expect(mails).toEqual([expect.objectContaining({ recipient: owner.email, subject: `Webhook uitgeschakeld: ${receiver.url('/fout')}` })]);
      expect(mails[0].body).toContain('24 uur');
    } finally {
      receiver.failWith.status = null;
    }
    expect((await webhooks(delta.id, `/${made.id}/enable`, { method: 'POST', token: owner.token })).status).toBe(200);
    const [failed] = await log();
    expect((await webhooks(delta.id, `/${made.id}/deliveries/${failed.id}/resend`, { method: 'POST', token: owner.token })).status).toBe(204);
    await drainer.drainOnce();
    expect((await log())[0]).toMatchObject({ id: failed.id, status: 'delivered', attempts: 4, response_status: 200 });
    expect(receiver.received.filter((r) => r.path === '/fout').map((r) => r.event.data.name)).toEqual(['Delta 4']);
    expect((await webhooks(west.id, `/${made.id}/deliveries/${failed.id}/resend`, { method: 'POST', token: westOwner.token })).status).toBe(404);
  });
});

describe('webhook addresses (issue 32)', () => {
  it('refuse every private spelling at registration: IPv6 outside 2000::/3, localhost with a trailing dot, and hosts only data sources may use', async () => {
    const gamma = await api.createOrganization({ name: 'Kwekerij Gamma' });
    const gammaOwner = await api.createUser({ organizationId: gamma.id, roles: ['Organization.Owner'] });
    for (const url of [
      'https://[::ffff:0:7f00:1]/',
      'https://[::ffff:0:a9fe:a9fe]/latest/meta-data',
      'https://[100::1]/',
      'https://[4000::1]/',
      'https://localhost./',
      'https://LOCALHOST../hook',
      'https://bron.localhost./',
      `https://127.0.0.1:${dataSourceOnlyPort}/hook`,
    ]) {
      const response = await webhooks(gamma.id, '', { method: 'POST', token: gammaOwner.token, json: { url, kinds: ['organization.changed'] } });
      expect(response.status, url).toBe(422);
      expect((await response.json()).errors, url).toEqual({ url: 'Dit adres is niet bereikbaar vanaf de hub (intern of privé-adres).' });
    }
    // Plain http is for allow-listed receivers only, and the data sources' list is not theirs.
    const plain = await webhooks(gamma.id, '', { method: 'POST', token: gammaOwner.token, json: { url: `http://127.0.0.1:${dataSourceOnlyPort}/hook`, kinds: ['organization.changed'] } });
    expect(plain.status).toBe(422);
    expect(await api.db.query('SELECT url FROM webhooks WHERE organization_id = $1', [gamma.id])).toEqual([]);
    expect(dataSourceOnlyConnections).toBe(0);
  });

  it('never deliver to such an address stored before the rules (checked again at every delivery)', async () => {
    const gamma = await api.createOrganization({ name: 'Kwekerij Gamma 2' });
    const gammaOwner = await api.createUser({ organizationId: gamma.id, roles: ['Organization.Owner'] });
    const sneaked = [`http://127.0.0.1:${dataSourceOnlyPort}/hook`, `https://127.0.0.1:${dataSourceOnlyPort}/hook`, `https://localhost.:${dataSourceOnlyPort}/hook`, `https://[::ffff:0:7f00:1]:${dataSourceOnlyPort}/hook`];
    for (const [index, url] of sneaked.entries()) {
      const made = await webhooks(gamma.id, '', { method: 'POST', token: gammaOwner.token, json: { url: receiver.url(`/gamma-${index}`), kinds: ['organization.changed'] } });
      expect(made.status).toBe(201);
      await api.db.query('UPDATE webhooks SET url = $2 WHERE id = $1', [(await made.json()).id, url]);
    }
    expect((await rename(gamma, 'Gamma hernoemd', gammaOwner.token)).status).toBe(200);
    await drainer.drainOnce();
    expect(dataSourceOnlyConnections).toBe(0);
    expect(receiver.received.filter((r) => r.path.startsWith('/gamma-'))).toEqual([]);
    const attempts = await api.db.query(
      `SELECT d.status, d.attempts, d.response_status FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.organization_id = $1`,
      [gamma.id],
    );
    expect(attempts).toEqual(sneaked.map(() => ({ status: 'pending', attempts: 1, response_status: null })));
  });
});
