import { Module } from '@nestjs/common';
import { InsightController } from './insight.controller';
import { InsightService } from './insight.service';
import { UsageEventsService } from './usage-events.service';

@Module({ controllers: [InsightController], providers: [UsageEventsService, InsightService], exports: [UsageEventsService, InsightService] })
export class InsightModule {}
