import { Global, Module } from '@nestjs/common';
import { DatasourcesModule } from '../../datasources/datasources.module';
import { DatasourceAuthService } from '../datasource-auth.service';
import { DatasourceTransport } from './datasource-transport';
import { HubConnections } from './hub-connections.service';

/** Data sources that dial the hub: their connections, and the transport every call to a data source takes. */
@Global()
@Module({
  imports: [DatasourcesModule],
  providers: [HubConnections, DatasourceTransport, DatasourceAuthService],
  exports: [HubConnections, DatasourceTransport],
})
export class ConnectionsModule {}
