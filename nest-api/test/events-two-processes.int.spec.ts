import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxDrainer } from '../src/events/outbox-drainer.service';
import { verifySignature } from '../src/events/webhook-signature';
import { startTestApi, stopProcess, type TestApi, type TestUser } from './harness';
import { startSecondApi } from './second-api';
import { until } from './waiting';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * Two real API processes on one database, both draining the outbox (woken by NOTIFY, with a short
 * fallback interval): a webhook receiver gets each event exactly once, signed, in order per object.
 */
const DRAIN_MS = '200';

let api: TestApi;
let second: ChildProcess;
let secondUrl: string;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let owner: TestUser;
let delta: { id: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const env = { WEBHOOK_PRIVATE_HOSTS_ALLOWED: `127.0.0.1:${receiver.port}`, EVENTS_DRAIN_INTERVAL_MS: DRAIN_MS };
  api = await startTestApi(env);
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  ({ child: second, url: secondUrl } = await startSecondApi(api, env));
});

afterAll(async () => {
  await stopProcess(second);
  await api?.close();
  await receiver?.close();
});

describe('events with two API processes', () => {
  it('reach a webhook once each, signed, in order per object, whichever process made or drained them', async () => {
    const made = await (
      await api.request(`/api/organizations/${delta.id}/webhooks`, {
        method: 'POST', token: owner.token, json: { url: receiver.url('/hook'), kinds: ['organization.changed', 'datasource.created', 'datasource.deleted'] },
      })
    ).json();
    const on = (index: number) => (index % 2 === 0 ? api.baseUrl : secondUrl);
    const names = Array.from({ length: 16 }, (_, index) => `Delta ${index + 1}`);
    const sources: string[] = [];
    for (const [index, name] of names.entries()) {
      const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };
      const renamed = await fetch(`${on(index)}/api/organizations/${delta.id}`, { method: 'PUT', headers, body: JSON.stringify({ name }) });
      expect(renamed.status).toBe(200);
      if (index % 4 === 0) {
        const created = await fetch(`${on(index + 1)}/api/datasources`, { method: 'POST', headers, body: JSON.stringify({ name: `Bron ${index}`, hostname: '' }) });
        const { datasource_id: id } = ((await created.json()) as { credentials: { datasource_id: string } }).credentials;
        sources.push(id);
        expect((await fetch(`${on(index)}/api/datasources/${id}`, { method: 'DELETE', headers })).status).toBe(204);
      }
    }
    const expected = names.length + sources.length * 2;
    await until(async () => (receiver.received.length >= expected ? true : undefined), `${expected} deliveries`);
    // Both processes drain once more: nothing is sent twice.
    await api.app.get(OutboxDrainer).drainOnce();
    await new Promise((r) => setTimeout(r, 3 * Number(DRAIN_MS)));

    const received = receiver.received;
    expect(received).toHaveLength(expected);
    expect(new Set(received.map((r) => r.event.id)).size).toBe(expected);
    for (const delivery of received) expect(verifySignature(made.secret, delivery.body, String(delivery.headers['x-datahub-signature']), new Date())).toBe(true);
    expect(received.filter((r) => r.event.object_id === delta.id).map((r) => r.event.data.name)).toEqual(names);
    for (const id of sources) expect(received.filter((r) => r.event.object_id === id).map((r) => r.event.kind)).toEqual(['datasource.created', 'datasource.deleted']);
    const [{ waiting }] = await api.db.query('SELECT count(*)::int AS waiting FROM event_outbox WHERE drained_at IS NULL');
    expect(waiting).toBe(0);
  });
});
