import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DETAILS, isUuid } from '@datahub/domain';
import { CurrentDatasource, DatasourceAuthenticated } from '../common/access.decorators';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError, isUniqueViolation } from '../common/errors';
import { Dataset } from '../datasets/dataset.entity';
import { DatasourcesService } from '../datasources/datasources.service';
import { DiscoveryService } from './discovery.service';
import { ProtocolDatasetView, RegisterDatasetDto, RegisterHostDto } from './dto/protocol.dto';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });
export const HOST_ALREADY_REGISTERED = 'host already registered';

type Caller = { id: string; organizationId: string };

/** Calls a data source makes to the hub, with a data-source token (hub-protocol.md). */
@ApiTags('datasource-protocol')
@Controller('datasource-protocol')
export class DatasourceProtocolController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly datasources: DatasourcesService,
    private readonly discovery: DiscoveryService,
  ) {}

  @Post('host')
  @DatasourceAuthenticated()
  @HttpCode(204)
  @ApiOperation({ summary: 'Register the host of a data source created without one (the cloud variant)' })
  @ApiNoContentResponse()
  @ApiConflictResponse({ type: ErrorBodyView })
  async registerHost(@CurrentDatasource() caller: Caller, @Body() dto: RegisterHostDto): Promise<void> {
    const hostname = await this.datasources.normalizeHostname(dto.hostname);
    if (!hostname) throw new ApiError(422, DETAILS.invalidHostname);
    const [row] = await this.dataSource.query('SELECT hostname FROM datasources WHERE id = $1', [caller.id]);
    if (row.hostname && row.hostname !== hostname) throw ApiError.conflict(HOST_ALREADY_REGISTERED);
    try {
      await this.dataSource.query('UPDATE datasources SET hostname = $2 WHERE id = $1', [caller.id, hostname]);
    } catch (error) {
      if (isUniqueViolation(error, 'datasources_hostname_key')) throw ApiError.conflict(DETAILS.datasourceHostnameTaken);
      throw error;
    }
    void this.discovery.discoverDatasource(caller.id).catch(() => undefined);
  }

  @Post('datasets')
  @DatasourceAuthenticated()
  @HttpCode(201)
  @ApiOperation({ summary: "Register a dataset (again): answers the id the hub uses; its metadata is then pulled" })
  @ApiCreatedResponse({ type: ProtocolDatasetView })
  async registerDataset(@CurrentDatasource() caller: Caller, @Body() dto: RegisterDatasetDto): Promise<ProtocolDatasetView> {
    const repository = this.dataSource.getRepository(Dataset);
    const proposed = dto.dataset_id && isUuid(dto.dataset_id) ? dto.dataset_id.toLowerCase() : null;
    let dataset = proposed ? await repository.findOne({ where: { id: proposed } }) : null;
    if (dataset && dataset.datasourceId !== caller.id) dataset = null;
    if (!dataset) {
      const id = proposed && !(await repository.exists({ where: { id: proposed } })) ? proposed : randomUUID();
      dataset = await repository.save({
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
    }
    void this.discovery.discoverDatasource(caller.id).catch(() => undefined);
    return { dataset_id: dataset.id, name: dataset.name, status: dataset.status, file_format: dataset.fileFormat };
  }

  @Get('datasets')
  @DatasourceAuthenticated()
  @ApiOperation({ summary: "The data source's own datasets" })
  @ApiOkResponse({ type: [ProtocolDatasetView] })
  async list(@CurrentDatasource() caller: Caller): Promise<ProtocolDatasetView[]> {
    const datasets = await this.dataSource.getRepository(Dataset).find({ where: { datasourceId: caller.id }, order: { createdAt: 'ASC' } });
    return datasets.map((d) => ({ dataset_id: d.id, name: d.name, status: d.status, file_format: d.fileFormat }));
  }

  @Delete('datasets/:dataset_id')
  @DatasourceAuthenticated()
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove one of its datasets from the catalogue' })
  @ApiNoContentResponse()
  async remove(@CurrentDatasource() caller: Caller, @Param('dataset_id', uuid) id: string): Promise<void> {
    const result = await this.dataSource.getRepository(Dataset).delete({ id, datasourceId: caller.id });
    if (!result.affected) throw ApiError.notFound();
  }
}
