import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventKind } from '@datahub/domain';
import { EventsRepository } from './events.repository';

/** One change for integrators: what happened, to which object, and which organisations it is about. */
export interface RecordedEvent {
  kind: EventKind;
  /** Events of one object are delivered in the order they were recorded. */
  objectId: string;
  /** Organisations party to the change: only their webhooks receive it. */
  parties: (string | null | undefined)[];
  data: Record<string, unknown>;
}

/**
 * Writes an event into the outbox inside the caller's transaction: it exists exactly when the
 * change does. The insert's trigger wakes the drainers at commit (ADR 0025).
 */
@Injectable()
export class EventsService {
  constructor(private readonly outbox: EventsRepository) {}

  async record(manager: EntityManager, event: RecordedEvent): Promise<void> {
    const parties = [...new Set(event.parties.filter((party): party is string => typeof party === 'string'))];
    await this.outbox.insert({ kind: event.kind, objectId: event.objectId, parties, payload: JSON.stringify(event.data) }, manager);
  }
}
