import { Global, Module } from '@nestjs/common';
import { EventsService } from './events.service';

/** Global: every feature records its changes into the outbox without importing the events feature. */
@Global()
@Module({ providers: [EventsService], exports: [EventsService] })
export class EventsRecordModule {}
