import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentDatasource, DatasourceAuthenticated } from '../common/access.decorators';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { DatasourceProtocolService, type ProtocolCaller } from './datasource-protocol.service';
import { ProtocolDatasetView, RegisterDatasetDto, RegisterHostDto } from './dto/protocol.dto';


const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('datasource-protocol')
@Controller('datasource-protocol')
export class DatasourceProtocolController {
  constructor(private readonly protocol: DatasourceProtocolService) {}

  @Post('host')
  @DatasourceAuthenticated()
  @HttpCode(204)
  @ApiOperation({ summary: 'Register the host of a data source created without one (the cloud variant)' })
  @ApiNoContentResponse()
  @ApiConflictResponse({ type: ErrorBodyView })
  registerHost(@CurrentDatasource() caller: ProtocolCaller, @Body() dto: RegisterHostDto): Promise<void> {
    return this.protocol.registerHost(caller, dto.hostname);
  }

  @Post('datasets')
  @DatasourceAuthenticated()
  @HttpCode(201)
  @ApiOperation({ summary: "Register a dataset (again): answers the id the hub uses; its metadata is then pulled" })
  @ApiCreatedResponse({ type: ProtocolDatasetView })
  registerDataset(@CurrentDatasource() caller: ProtocolCaller, @Body() dto: RegisterDatasetDto): Promise<ProtocolDatasetView> {
    return this.protocol.registerDataset(caller, dto);
  }

  @Get('datasets')
  @DatasourceAuthenticated()
  @ApiOperation({ summary: "The data source's own datasets" })
  @ApiOkResponse({ type: [ProtocolDatasetView] })
  list(@CurrentDatasource() caller: ProtocolCaller): Promise<ProtocolDatasetView[]> {
    return this.protocol.list(caller);
  }

  @Delete('datasets/:dataset_id')
  @DatasourceAuthenticated()
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove one of its datasets from the catalogue' })
  @ApiNoContentResponse()
  remove(@CurrentDatasource() caller: ProtocolCaller, @Param('dataset_id', uuid) id: string): Promise<void> {
    return this.protocol.remove(caller, id);
  }
}
