import { connect, type ChannelModel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxDrainer } from '../src/events/outbox-drainer.service';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { rabbitNode, type RabbitNode } from './rabbitmq-node';
import { until } from './waiting';

/**
 * With AMQP_URL the events go to RabbitMQ's topic exchange datahub.events (a real node of
 * Debian's rabbitmq-server, started here). The broker is stopped and started again mid-stream:
 * events made meanwhile wait in the outbox, and the consumer still receives every one.
 */
let node: RabbitNode;
let api: TestApi;
let owner: TestUser;
let delta: { id: string };
let consumer: ChannelModel | null = null;
let consuming = true;
const received: { id: string; routingKey: string; persistent: boolean; contentType: string; name: unknown }[] = [];

/** A consumer with its own durable queue bound to every event; it reconnects after the broker comes back. */
async function consume(): Promise<void> {
  while (consuming) {
    try {
      const connection = await connect(node.url, { timeout: 1000 });
      const channel = await connection.createChannel();
      await channel.assertExchange('datahub.events', 'topic', { durable: true });
      await channel.assertQueue('integrator', { durable: true });
      await channel.bindQueue('integrator', 'datahub.events', '#');
      await channel.consume('integrator', (message) => {
        if (!message) return;
        const body = JSON.parse(message.content.toString('utf8'));
        received.push({
          id: String(message.properties.messageId),
          routingKey: message.fields.routingKey,
          persistent: message.properties.deliveryMode === 2,
          contentType: String(message.properties.contentType),
          name: body.data.name,
        });
        channel.ack(message);
      });
      consumer = connection;
      await new Promise((resolve) => connection.on('close', resolve));
      consumer = null;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

beforeAll(async () => {
  node = await rabbitNode();
  await node.start();
  api = await startTestApi({ AMQP_URL: node.url, EVENTS_DRAIN_INTERVAL_MS: '250' });
  delta = await api.createOrganization({ name: 'Kwekerij Delta' });
  owner = await api.createUser({ organizationId: delta.id, roles: ['Organization.Owner'] });
  void consume();
  await until(async () => (consumer ? true : undefined), 'the consumer');
}, 120_000);

afterAll(async () => {
  consuming = false;
  await consumer?.close().catch(() => undefined);
  await api?.close();
  await node?.close();
}, 60_000);

const rename = (name: string) => api.request(`/api/organizations/${delta.id}`, { method: 'PUT', token: owner.token, json: { name } });
/** Each event once (a redelivery after the restart carries the same message id), in arrival order. */
const unique = () => [...new Map(received.map((message) => [message.id, message])).values()];

describe('events on RabbitMQ', () => {
  it('publishes persistent messages routed by kind, keeps them in the outbox while the broker is down, and loses none', async () => {
    const names = Array.from({ length: 24 }, (_, index) => `Delta ${index + 1}`);
    for (const name of names.slice(0, 8)) expect((await rename(name)).status).toBe(200);
    await until(async () => (unique().length >= 8 ? true : undefined), 'the first events');

    await node.stop();
    for (const name of names.slice(8, 16)) expect((await rename(name)).status).toBe(200);
    await api.app.get(OutboxDrainer).drainOnce();
    const [{ waiting }] = await api.db.query('SELECT count(*)::int AS waiting FROM event_outbox WHERE drained_at IS NULL');
    expect(waiting).toBe(8);

    await node.start();
    for (const name of names.slice(16)) expect((await rename(name)).status).toBe(200);
    await until(async () => (unique().length >= names.length ? true : undefined), 'every event after the restart');

    const messages = unique();
    expect(messages.map((message) => message.name)).toEqual(names);
    for (const message of messages) expect(message).toMatchObject({ routingKey: 'organization.changed', persistent: true, contentType: 'application/json' });
    // Marked drained when the confirming transaction commits, just after the broker confirmed.
    await expect.poll(async () => (await api.db.query('SELECT count(*)::int AS left FROM event_outbox WHERE drained_at IS NULL'))[0].left).toBe(0);
  }, 120_000);
});
