import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens/api-tokens.module';
import { AuthorisationsModule } from '../authorisations/authorisations.module';
import { DatasourcesModule } from '../datasources/datasources.module';
import { InsightModule } from '../insight/insight.module';
import { DatasetDataController } from './dataset-data.controller';
import { DatasetDataService } from './dataset-data.service';
import { DatasetSparqlController } from './dataset-sparql.controller';
import { DatasetSummaryController } from './dataset-summary.controller';
import { DatasetSummaryService } from './dataset-summary.service';
import { HubDatasetStore } from './hub-dataset-store.service';
import { SparqlSlots } from './sparql-slots';

/** Reading a dataset's data: SPARQL and XML at the hub, from its copies or forwarded to the data source. */
@Module({
  imports: [DatasourcesModule, AuthorisationsModule, InsightModule, ApiTokensModule],
  controllers: [DatasetDataController, DatasetSparqlController, DatasetSummaryController],
  providers: [HubDatasetStore, DatasetDataService, DatasetSummaryService, SparqlSlots],
  exports: [HubDatasetStore, DatasetDataService, DatasetSummaryService, SparqlSlots],
})
export class DatasetDataModule {}
