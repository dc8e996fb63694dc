import type { Readable } from 'node:stream';
import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AUDIT_KINDS } from '@datahub/domain';
import { CurrentUser, RequirePermission } from '../common/access.decorators';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ErrorBodyView } from '../common/error-body.view';
import { ApiError } from '../common/errors';
import { parseAuditFilters, type AuditFilterQuery } from './audit-filters';
import { AuditLogQuery } from './audit-log.query';
import { AuditPageView, DatasetUseByOthersView } from './dto/audit.views';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => ApiError.notFound() });

const FILTERS = [
  { name: 'from', description: 'First day (YYYY-MM-DD, Europe/Amsterdam)' },
  { name: 'until', description: 'Last day, inclusive (YYYY-MM-DD)' },
  { name: 'kind', enum: [...AUDIT_KINDS] },
  { name: 'dataset', description: 'Dataset id' },
  { name: 'organization', description: 'Organisation id (either party or the actor’s)' },
  { name: 'person', description: 'E-mail address of the person who acted' },
  { name: 'cursor', description: 'next_cursor of the previous page' },
];
export const filterQueries = () => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  for (const filter of FILTERS) ApiQuery({ required: false, type: String, ...filter })(target, key, descriptor);
};

@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly log: AuditLogQuery) {}

  @Get('audit-log')
  @RequirePermission('AuditLog.Read')
  @ApiOperation({ summary: "The audit trail ('Logboek'): rows about your organisation's objects and reads of its datasets by others, newest first (platform admins: all)" })
  @filterQueries()
  @ApiOkResponse({ type: AuditPageView })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView, description: 'Dutch field errors: from, until, kind, cursor' })
  page(@CurrentUser() actor: AuthenticatedUser, @Query() query: AuditFilterQuery): Promise<AuditPageView> {
    return this.log.page(actor, parseAuditFilters(query));
  }

  @Get('audit-log/csv')
  @RequirePermission('AuditLog.Read')
  @ApiOperation({ summary: 'The filtered audit trail as CSV (semicolons, UTF-8 with BOM, formulas neutralised)' })
  @filterQueries()
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv attachment logboek.csv' })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyView })
  csv(@CurrentUser() actor: AuthenticatedUser, @Query() query: AuditFilterQuery, @Res({ passthrough: true }) reply: FastifyReply): Readable {
    const body = this.log.csv(actor, parseAuditFilters(query));
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="logboek.csv"');
    reply.header('cache-control', 'no-store');
    return body;
  }

  @Get('datasets/:id/use-by-others')
  @RequirePermission('AuditLog.Read')
  @ApiOperation({ summary: "'Gebruik door anderen': successful reads of a dataset of your organisation in the last 30 days, per reading organisation" })
  @ApiOkResponse({ type: [DatasetUseByOthersView] })
  useByOthers(@CurrentUser() actor: AuthenticatedUser, @Param('id', uuid) id: string): Promise<DatasetUseByOthersView[]> {
    return this.log.useByOthers(actor, id);
  }
}
