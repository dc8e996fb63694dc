import { Global, Module } from '@nestjs/common';
import { EventsService } from './events.service';

/** Global: features record changes without importing the events feature. */
@Global()
@Module({ providers: [EventsService], exports: [EventsService] })
export class EventsRecordModule {}
