import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, RequirePermission, StateChangingGet } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { DatasourcesService } from './datasources.service';
import { CreateDatasourceDto, CreatedDatasourceView, DatasourceDetailView, DatasourceView } from './dto/datasource.dto';
import { PATH_KINDS, PathOverrideDto, PathOverrideView } from './dto/path-override.dto';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('datasources')
@Controller()
export class DatasourcesController {
  constructor(private readonly datasources: DatasourcesService) {}

  @Get('datasources')
  @RequirePermission('Datasource.Read')
  @ApiOperation({ summary: "Data sources: your organisation's (organisation admins: all)" })
  @ApiOkResponse({ type: [DatasourceView] })
  list(@CurrentUser() actor: AuthenticatedUser): Promise<DatasourceView[]> {
    return this.datasources.list(actor, false);
  }

  @Get('my-datasources')
  @RequirePermission('Datasource.Read')
  @ApiOperation({ summary: "Your organisation's data sources" })
  @ApiOkResponse({ type: [DatasourceView] })
  mine(@CurrentUser() actor: AuthenticatedUser): Promise<DatasourceView[]> {
    return this.datasources.list(actor, true);
  }

  @Get('datasources/:id')
  @RequirePermission('Datasource.Read')
  @ApiOperation({ summary: 'One data source of your organisation (organisation admins: any), with its datasets' })
  @ApiOkResponse({ type: DatasourceDetailView })
  get(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<DatasourceDetailView> {
    return this.datasources.get(actor, id);
  }

  @Post('datasources')
  @RequirePermission('Datasource.Create')
  @ApiOperation({ summary: 'Register a data source; the answer holds its credentials and cloud-init config, once' })
  @ApiCreatedResponse({ type: CreatedDatasourceView })
  @ApiConflictResponse({ type: ErrorBodyView, description: "detail 'datasource with this hostname already exists' or '… name …'" })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: "field errors, or detail 'invalid hostname'" })
  create(@CurrentUser() actor: AuthenticatedUser, @Body() dto: CreateDatasourceDto): Promise<CreatedDatasourceView> {
    return this.datasources.create(actor, dto);
  }

  @Delete('datasources/:id')
  @RequirePermission('Datasource.Delete')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a data source and its datasets from the hub' })
  @ApiNoContentResponse()
  delete(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<void> {
    return this.datasources.delete(actor, id);
  }

  @Get('datasources/:id/path-overrides')
  @RequirePermission('Datasource.Read')
  @ApiOperation({ summary: "The data source's path overrides (host, dataset, dataset_metadata)" })
  @ApiOkResponse({ type: [PathOverrideView] })
  pathOverrides(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<PathOverrideView[]> {
    return this.datasources.pathOverrides(actor, id);
  }

  @Put('datasources/:id/path-overrides/:path')
  @RequirePermission('Datasource.Update')
  @ApiOperation({ summary: 'Set one path override; every later call to the data source uses it' })
  @ApiParam({ name: 'path', enum: PATH_KINDS })
  @ApiOkResponse({ type: PathOverrideView })
  setPathOverride(
    @CurrentUser() actor: AuthenticatedUser,
    @Param('id', uuid) id: string,
    @Param('path') path: string,
    @Body() dto: PathOverrideDto,
  ): Promise<PathOverrideView> {
    return this.datasources.setPathOverride(actor, id, path, dto.path_override_pattern);
  }

  @Delete('datasources/:id/path-overrides/:path')
  @RequirePermission('Datasource.Update')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove one path override (back to the default)' })
  @ApiParam({ name: 'path', enum: PATH_KINDS })
  @ApiNoContentResponse()
  deletePathOverride(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string, @Param('path') path: string): Promise<void> {
    return this.datasources.deletePathOverride(actor, id, path);
  }

  @Get('datasources/:id/new-key')
  @RequirePermission('Datasource.Update')
  @StateChangingGet()
  @ApiOperation({ summary: 'Issue a new secret; the old one stops working at once' })
  @ApiOkResponse({ type: CreatedDatasourceView })
  newKey(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<CreatedDatasourceView> {
    return this.datasources.newKey(actor, id);
  }
}
