import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DETAILS, isUuid } from '@datahub/domain';
import { ApiError, isUniqueViolation } from '../common/errors';
import { DatasetsRepository, type RegisteredDataset } from '../datasets/datasets.repository';
import { DatasourcesRepository } from '../datasources/datasources.repository';
import { DatasourcesService } from '../datasources/datasources.service';
import { DiscoveryService } from './discovery.service';
import { datasetEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import type { ProtocolDatasetView, RegisterDatasetDto } from './dto/protocol.dto';

const HOST_ALREADY_REGISTERED = 'host already registered';

export type ProtocolCaller = { id: string; organizationId: string };

const view = (d: RegisteredDataset): ProtocolDatasetView => ({ dataset_id: d.id, name: d.name, status: d.status, file_format: d.file_format });
const eventSubject = (d: Pick<RegisteredDataset, 'id' | 'name' | 'slug' | 'datasource_id'>) => ({ id: d.id, name: d.name, slug: d.slug, datasourceId: d.datasource_id });

/** What a data source may do at the hub: every query is bound to the calling data source (its own datasets only). */
@Injectable()
export class DatasourceProtocolService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly datasets: DatasetsRepository,
    private readonly datasourceRows: DatasourcesRepository,
    private readonly datasources: DatasourcesService,
    private readonly discovery: DiscoveryService,
    private readonly events: EventsService,
  ) {}

  async registerHost(caller: ProtocolCaller, requested: string): Promise<void> {
    const hostname = await this.datasources.normalizeHostname(requested);
    if (!hostname) throw new ApiError(422, DETAILS.invalidHostname);
    const row = await this.datasourceRows.host(caller.id);
    if (row!.hostname && row!.hostname !== hostname) throw ApiError.conflict(HOST_ALREADY_REGISTERED);
    try {
      await this.datasourceRows.setHostname(caller.id, hostname);
    } catch (error) {
      if (isUniqueViolation(error, 'datasources_hostname_key')) throw ApiError.conflict(DETAILS.datasourceHostnameTaken);
      throw error;
    }
    this.discoverSoon(caller);
  }

  async registerDataset(caller: ProtocolCaller, dto: RegisterDatasetDto): Promise<ProtocolDatasetView> {
    const proposed = dto.dataset_id && isUuid(dto.dataset_id) ? dto.dataset_id.toLowerCase() : null;
    let dataset = proposed ? await this.datasets.registered(proposed) : null;
    if (dataset && dataset.datasource_id !== caller.id) dataset = null;
    if (!dataset && proposed) dataset = await this.claimProposed(caller, proposed, dto);
    dataset ??= await this.insertDataset(caller, randomUUID(), dto);
    this.discoverSoon(caller);
    return view(dataset);
  }

  /** The proposed id when it is free, or when a registration racing this one took it for the same caller; else null. */
  private async claimProposed(caller: ProtocolCaller, proposed: string, dto: RegisterDatasetDto): Promise<RegisteredDataset | null> {
    if (!(await this.datasets.exists(proposed))) {
      try {
        return await this.insertDataset(caller, proposed, dto);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const taken = await this.datasets.registered(proposed);
    return taken?.datasource_id === caller.id ? taken : null;
  }

  private insertDataset(caller: ProtocolCaller, id: string, dto: RegisterDatasetDto): Promise<RegisteredDataset> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await this.datasets.register({ id, datasourceId: caller.id, slug: `dataset-${id.slice(0, 8)}`, fileFormat: dto.file_format ?? '.ttl' }, manager);
      await this.events.record(manager, datasetEvent('dataset.registered', eventSubject(saved), caller.organizationId));
      return saved;
    });
  }

  async list(caller: ProtocolCaller): Promise<ProtocolDatasetView[]> {
    return (await this.datasets.registeredOf(caller.id)).map(view);
  }

  async remove(caller: ProtocolCaller, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const gone = await this.datasets.deleteOfDatasource(id, caller.id, manager);
      if (!gone) throw ApiError.notFound();
      await this.events.record(manager, datasetEvent('dataset.deleted', eventSubject(gone), caller.organizationId));
    });
  }

  /** Metadata is pulled right away rather than at the next discovery round; its outcome is discovery's business. */
  private discoverSoon(caller: ProtocolCaller): void {
    void this.discovery.discoverDatasource(caller.id).catch(() => undefined);
  }
}
