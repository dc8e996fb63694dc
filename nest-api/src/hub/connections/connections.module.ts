import { Global, Module } from '@nestjs/common';
import { DatasourcesModule } from '../../datasources/datasources.module';
import { DatasourceAuthService } from '../datasource-auth.service';
import { DatasourceTransport } from './datasource-transport';
import { HubConnections } from './hub-connections.service';

@Global()
@Module({
  imports: [DatasourcesModule],
  providers: [HubConnections, DatasourceTransport, DatasourceAuthService],
  exports: [HubConnections, DatasourceTransport],
})
export class ConnectionsModule {}
