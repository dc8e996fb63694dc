import { Module } from '@nestjs/common';
import { DatasourcesModule } from '../datasources/datasources.module';
import { LogosModule } from '../logos/logos.module';
import { ApplicationsController } from './applications.controller';
import { ApplicationsService } from './applications.service';
import { LicenceSyncService } from './licence-sync.service';

@Module({ imports: [DatasourcesModule, LogosModule], controllers: [ApplicationsController], providers: [ApplicationsService, LicenceSyncService], exports: [ApplicationsService] })
export class ApplicationsModule {}
