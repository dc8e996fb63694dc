import { Module } from '@nestjs/common';
import { AuthorisationsModule } from '../authorisations/authorisations.module';
import { DatasourcesModule } from '../datasources/datasources.module';
import { InsightModule } from '../insight/insight.module';
import { DatasetDataController } from './dataset-data.controller';
import { DatasetDataService } from './dataset-data.service';
import { HubDatasetStore } from './hub-dataset-store.service';

/** Reading a dataset's data: SPARQL and XML at the hub, from its copies or forwarded to the data source. */
@Module({
  imports: [DatasourcesModule, AuthorisationsModule, InsightModule],
  controllers: [DatasetDataController],
  providers: [HubDatasetStore, DatasetDataService],
  exports: [HubDatasetStore, DatasetDataService],
})
export class DatasetDataModule {}
