import { Module } from '@nestjs/common';
import { DatasetDataModule } from '../dataset-data/dataset-data.module';
import { InsightModule } from '../insight/insight.module';
import { FederatedSparqlController } from './federated-sparql.controller';
import { FederatedSparqlService } from './federated-sparql.service';

@Module({
  imports: [DatasetDataModule, InsightModule],
  controllers: [FederatedSparqlController],
  providers: [FederatedSparqlService],
  exports: [FederatedSparqlService],
})
export class FederationModule {}
