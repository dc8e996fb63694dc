import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventKind } from '@datahub/domain';
import { EventsRepository } from './events.repository';

export interface RecordedEvent {
  kind: EventKind;
  /** Delivered in the order recorded. */
  objectId: string;
  parties: (string | null | undefined)[];
  data: Record<string, unknown>;
}

/** Inside the caller's transaction, so the event exists exactly when the change does (ADR 0025). */
@Injectable()
export class EventsService {
  constructor(private readonly outbox: EventsRepository) {}

  async record(manager: EntityManager, event: RecordedEvent): Promise<void> {
    const parties = [...new Set(event.parties.filter((party): party is string => typeof party === 'string'))];
    await this.outbox.insert({ kind: event.kind, objectId: event.objectId, parties, payload: JSON.stringify(event.data) }, manager);
  }
}
