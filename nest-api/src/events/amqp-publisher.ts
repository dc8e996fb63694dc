import { Logger } from '@nestjs/common';
import { connect, type ChannelModel, type ConfirmChannel } from 'amqplib';

export const EVENTS_EXCHANGE = 'datahub.events';
/** A broker that neither confirms nor drops the connection in this time counts as down. */
const CONFIRM_TIMEOUT_MS = 10_000;

export interface OutgoingEvent {
  id: string;
  kind: string;
  body: string;
  occurredAt: Date;
}

// A batch counts as sent only once the broker confirms; a failure drops the connection and throws, so the events stay in the outbox.
export class AmqpPublisher {
  private readonly logger = new Logger('Events');
  private connection: ChannelModel | null = null;
  private channel: ConfirmChannel | null = null;

  constructor(private readonly url: string) {}

  private async open(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel;
    const connection = await connect(this.url, { timeout: 3000 });
    const forget = () => {
      if (this.connection === connection) {
        this.connection = null;
        this.channel = null;
      }
    };
    connection.on('error', (error: Error) => this.logger.warn(`RabbitMQ: ${error.message}`));
    connection.on('close', forget);
    try {
      const channel = await connection.createConfirmChannel();
      channel.on('error', () => undefined);
      channel.on('close', forget);
      await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true });
      this.connection = connection;
      this.channel = channel;
      return channel;
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      const channel = await this.open();
      for (const event of events)
        channel.publish(EVENTS_EXCHANGE, event.kind, Buffer.from(event.body), {
          persistent: true,
          messageId: event.id,
          type: event.kind,
          contentType: 'application/json',
          timestamp: Math.floor(event.occurredAt.getTime() / 1000),
        });
      await Promise.race([
        channel.waitForConfirms(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('no confirmation within 10 s')), CONFIRM_TIMEOUT_MS).unref()),
      ]);
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.channel = null;
    await connection?.close().catch(() => undefined);
  }
}
