import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '../discovery.service';
import { HubConnections } from './hub-connections.service';

/** Apart from HubConnections because discovery depends on the dataset store, which depends on the connections. */
@Injectable()
export class ConnectionDiscovery implements OnModuleInit {
  private readonly logger = new Logger('ConnectionDiscovery');

  constructor(
    private readonly connections: HubConnections,
    private readonly discovery: DiscoveryService,
  ) {}

  onModuleInit(): void {
    this.connections.onChange((datasourceId) => {
      this.discovery.discoverDatasource(datasourceId).catch((error: Error) => this.logger.debug(`${datasourceId}: ${error.message}`));
    });
  }
}
