import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DETAILS, isUuid } from '@datahub/domain';
import { ApiError, isUniqueViolation } from '../common/errors';
import { Dataset } from '../datasets/dataset.entity';
import { DatasourcesService } from '../datasources/datasources.service';
import { DiscoveryService } from './discovery.service';
import { datasetEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import type { ProtocolDatasetView, RegisterDatasetDto } from './dto/protocol.dto';

const HOST_ALREADY_REGISTERED = 'host already registered';

/** The data source calling the hub, as its token proves it. */
export type ProtocolCaller = { id: string; organizationId: string };

const view = (d: Dataset): ProtocolDatasetView => ({ dataset_id: d.id, name: d.name, status: d.status, file_format: d.fileFormat });

/** What a data source may do at the hub: every query is bound to the calling data source (its own datasets only). */
@Injectable()
export class DatasourceProtocolService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly datasources: DatasourcesService,
    private readonly discovery: DiscoveryService,
    private readonly events: EventsService,
  ) {}

  async registerHost(caller: ProtocolCaller, requested: string): Promise<void> {
    const hostname = await this.datasources.normalizeHostname(requested);
    if (!hostname) throw new ApiError(422, DETAILS.invalidHostname);
    const [row] = await this.dataSource.query('SELECT hostname FROM datasources WHERE id = $1', [caller.id]);
    if (row.hostname && row.hostname !== hostname) throw ApiError.conflict(HOST_ALREADY_REGISTERED);
    try {
      await this.dataSource.query('UPDATE datasources SET hostname = $2 WHERE id = $1', [caller.id, hostname]);
    } catch (error) {
      if (isUniqueViolation(error, 'datasources_hostname_key')) throw ApiError.conflict(DETAILS.datasourceHostnameTaken);
      throw error;
    }
    this.discoverSoon(caller);
  }

  /** Answers the id the hub uses: the proposed one when it is free or already the caller's, a new one otherwise. */
  async registerDataset(caller: ProtocolCaller, dto: RegisterDatasetDto): Promise<ProtocolDatasetView> {
    const repository = this.dataSource.getRepository(Dataset);
    const proposed = dto.dataset_id && isUuid(dto.dataset_id) ? dto.dataset_id.toLowerCase() : null;
    let dataset = proposed ? await repository.findOne({ where: { id: proposed } }) : null;
    if (dataset && dataset.datasourceId !== caller.id) dataset = null;
    if (!dataset) {
      const id = proposed && !(await repository.exists({ where: { id: proposed } })) ? proposed : randomUUID();
      dataset = await this.dataSource.transaction(async (manager) => {
        const saved = await manager.getRepository(Dataset).save({
          id,
          datasourceId: caller.id,
          slug: `dataset-${id.slice(0, 8)}`,
          name: '',
          about: '',
          contact: '',
          additionalInfo: '',
          fileFormat: dto.file_format ?? '.ttl',
          status: 'offline',
          checkedAt: null,
        });
        await this.events.record(manager, datasetEvent('dataset.registered', saved, caller.organizationId));
        return saved;
      });
    }
    this.discoverSoon(caller);
    return view(dataset);
  }

  async list(caller: ProtocolCaller): Promise<ProtocolDatasetView[]> {
    const datasets = await this.dataSource.getRepository(Dataset).find({ where: { datasourceId: caller.id }, order: { createdAt: 'ASC' } });
    return datasets.map(view);
  }

  async remove(caller: ProtocolCaller, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [gone]: Dataset[][] = await manager.query('DELETE FROM datasets WHERE id = $1 AND datasource_id = $2 RETURNING id, name, slug, datasource_id AS "datasourceId"', [id, caller.id]);
      if (gone.length === 0) throw ApiError.notFound();
      await this.events.record(manager, datasetEvent('dataset.deleted', gone[0], caller.organizationId));
    });
  }

  /** Metadata is pulled right away rather than at the next discovery round; its outcome is discovery's business. */
  private discoverSoon(caller: ProtocolCaller): void {
    void this.discovery.discoverDatasource(caller.id).catch(() => undefined);
  }
}
