import { Module } from '@nestjs/common';
import { AccessRequestsModule } from '../access-requests/access-requests.module';
import { AuthorisationsModule } from '../authorisations/authorisations.module';
import { DatasetDataModule } from '../dataset-data/dataset-data.module';
import { DatasetsModule } from '../datasets/datasets.module';
import { InsightModule } from '../insight/insight.module';
import { PagesController } from './pages.controller';
import { PagesService } from './pages.service';

/** Page-shaped reads for the portal (ADR 0048): one call per loader. */
@Module({ imports: [DatasetsModule, DatasetDataModule, AccessRequestsModule, InsightModule, AuthorisationsModule], controllers: [PagesController], providers: [PagesService] })
export class PagesModule {}
