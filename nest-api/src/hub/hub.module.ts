import { Module } from '@nestjs/common';
import { DatasetDataModule } from '../dataset-data/dataset-data.module';
import { DatasourcesModule } from '../datasources/datasources.module';
import { AgentExecutableController } from './agent-executable.controller';
import { AgentPackageController } from './agent-package.controller';
import { DatasourceAuthService } from './datasource-auth.service';
import { DatasourceProtocolController } from './datasource-protocol.controller';
import { DatasourceProtocolService } from './datasource-protocol.service';
import { DiscoveryService } from './discovery.service';
import { ConnectionDiscovery } from './connections/connection-discovery';

@Module({
  imports: [DatasourcesModule, DatasetDataModule],
  controllers: [DatasourceProtocolController, AgentPackageController, AgentExecutableController],
  providers: [DatasourceAuthService, DiscoveryService, DatasourceProtocolService, ConnectionDiscovery],
  exports: [DatasourceAuthService],
})
export class HubModule {}
