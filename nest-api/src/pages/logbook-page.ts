import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { parseAuditFilters, type AuditFilterQuery } from '../audit/audit-filters';
import { AuditLogQuery } from '../audit/audit-log.query';
import { AuditPageView } from '../audit/dto/audit.views';
import { AssigneeOrganizationView } from '../authorisations/dto/authorisation.dto';
import { AuthorisationsService } from '../authorisations/authorisations.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { DatasetView } from '../datasets/dataset.view';
import { DatasetsService } from '../datasets/datasets.service';

export class LogbookPageView {
  @ApiProperty({ type: AuditPageView, nullable: true, description: 'As GET /api/audit-log; null when a filter cannot be read' })
  audit: AuditPageView | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, nullable: true, description: "GET /api/audit-log's Dutch field errors (422) for the filters, if any" })
  errors: Record<string, string> | null;

  @ApiProperty({ type: [DatasetView], description: 'As GET /api/my-datasets' })
  datasets: DatasetView[];

  @ApiProperty({ type: [AssigneeOrganizationView], description: 'As GET /api/authorisation-assignees' })
  organizations: AssigneeOrganizationView[];
}

@Injectable()
export class LogbookPage {
  constructor(
    private readonly log: AuditLogQuery,
    private readonly datasets: DatasetsService,
    private readonly authorisations: AuthorisationsService,
  ) {}

  async read(actor: AuthenticatedUser, query: AuditFilterQuery): Promise<LogbookPageView> {
    // The filter form's choices are the separate reads', refused as they are.
    if (!actor.permissions.has('Dataset.Read') || !actor.permissions.has('AuthorisationAssignment.Create')) throw ApiError.forbidden();
    const [page, datasets, organizations] = await Promise.all([
      this.auditPage(actor, query),
      this.datasets.mine(actor),
      this.authorisations.assignees(actor),
    ]);
    return { ...page, datasets, organizations };
  }

  private async auditPage(actor: AuthenticatedUser, query: AuditFilterQuery): Promise<Pick<LogbookPageView, 'audit' | 'errors'>> {
    try {
      return { audit: await this.log.page(actor, parseAuditFilters(query)), errors: null };
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 422) return { audit: null, errors: error.errors ?? {} };
      throw error;
    }
  }
}
