import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiMovedPermanentlyResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AcceptsApiToken, CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { DatasourceView } from '../datasources/dto/datasource.dto';
import { ApplicationsService } from './applications.service';
import { ApplicationDto, ApplicationView } from './dto/application.dto';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

@ApiTags('applications')
@Controller()
export class ApplicationsController {
  constructor(private readonly applications: ApplicationsService) {}

  @Get('applications')
  @AcceptsApiToken('catalogue:read')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: 'The application catalogue: every application' })
  @ApiOkResponse({ type: [ApplicationView] })
  list(): Promise<ApplicationView[]> {
    return this.applications.list();
  }

  @Get('organizations/:slug/applications')
  @AcceptsApiToken('catalogue:read')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: "An organisation's applications" })
  @ApiOkResponse({ type: [ApplicationView] })
  @ApiMovedPermanentlyResponse({ type: ErrorBodyView, description: "An organisation's former slug: Location gives the list under the current one" })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  ofOrganization(@Param('slug') slug: string): Promise<ApplicationView[]> {
    return this.applications.ofOrganization(slug);
  }

  @Get('application/:slug')
  @AcceptsApiToken('catalogue:read')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: 'One application by slug' })
  @ApiOkResponse({ type: ApplicationView })
  @ApiNotFoundResponse({ type: ErrorBodyView })
  bySlug(@Param('slug') slug: string): Promise<ApplicationView> {
    return this.applications.bySlug(slug);
  }

  @Post('applications')
  @RequirePermission('Application.Create')
  @ApiOperation({ summary: 'Register an application for an owner organisation' })
  @ApiCreatedResponse({ type: ApplicationView })
  @ApiConflictResponse({ type: ErrorBodyView, description: "detail 'application with this name already exists'" })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: 'field errors' })
  create(@CurrentUser() actor: AuthenticatedUser, @Body() dto: ApplicationDto): Promise<ApplicationView> {
    return this.applications.create(actor, dto);
  }

  @Put('applications/:application_id')
  @RequirePermission('Application.Update')
  @ApiOperation({ summary: 'Change an application (its slug stays)' })
  @ApiOkResponse({ type: ApplicationView })
  @ApiConflictResponse({ type: ErrorBodyView, description: "detail 'application with this name already exists'" })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: 'field errors' })
  update(@CurrentUser() actor: AuthenticatedUser, @Param('application_id', uuid) id: string, @Body() dto: ApplicationDto): Promise<ApplicationView> {
    return this.applications.update(actor, id, dto);
  }

  @Delete('applications/:id')
  @RequirePermission('Application.Delete')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove an application and its licences' })
  @ApiNoContentResponse()
  delete(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<void> {
    return this.applications.delete(actor, id);
  }

  @Get('applications/:id/datasource')
  @RequirePermission('Application.Read')
  @ApiOperation({ summary: "The application's data source (owner organisation and organisation admins; otherwise 404)" })
  @ApiOkResponse({ type: DatasourceView })
  @ApiNotFoundResponse({ type: ErrorBodyView, description: 'No application, no linked data source, or not yours' })
  datasource(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<DatasourceView> {
    return this.applications.datasource(actor, id);
  }
}
