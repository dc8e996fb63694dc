import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ACCESS_REQUEST_FIELD_ERRORS,
  AUTHORISATION_FIELD_ERRORS,
  DETAILS,
  amsterdamToday,
  isIsoDate,
  isOnline,
  isUuid,
  scopeLabel,
  type DatasetScope,
} from '@datahub/domain';
import { AuditService } from '../audit/audit.service';
import { AuthorisationsService, scopesProblem } from '../authorisations/authorisations.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { actsOn, requirePermissionIn } from '../common/organization-access';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { Queryable } from '../database/queryable';
import { DatasetsRepository } from '../datasets/datasets.repository';
import { AccessRequestMails } from './access-request-mails';
import { AccessRequestsRepository, type AccessRequestRow } from './access-requests.repository';
import type { AccessRequestView, ApproveAccessRequestDto, CreateAccessRequestDto, DeclineAccessRequestDto } from './dto/access-request.dto';

function toView(row: AccessRequestRow): AccessRequestView {
  return {
    access_request_id: row.id,
    dataset_id: row.dataset_id,
    dataset_name: row.dataset_name,
    dataset_slug: row.dataset_slug,
    requester_organization_id: row.requester_organization_id,
    requester_organization_name: row.requester_organization_name,
    owner_organization_name: row.owner_name,
    requested_by_email: row.requested_by_email,
    authorisations: row.authorisations,
    reason: row.reason,
    expiration_date: row.expiration_date,
    status: row.status,
    decision_reason: row.decision_reason,
    created_at: new Date(row.created_at).toISOString(),
  };
}

function checkedScopes(dto: { authorisations: string[]; expiration_date?: string }, errors: Record<string, string>) {
  const scopes = [...new Set(dto.authorisations)];
  const problem = scopesProblem(scopes);
  if (problem) errors.authorisations = problem;
  const expiration = dto.expiration_date ? dto.expiration_date : null;
  if (expiration !== null) {
    if (!isIsoDate(expiration)) errors.expiration_date = AUTHORISATION_FIELD_ERRORS.expirationInvalid;
    else if (expiration < amsterdamToday()) errors.expiration_date = AUTHORISATION_FIELD_ERRORS.expirationPast;
  }
  return { scopes: scopes as DatasetScope[], expiration };
}

@Injectable()
export class AccessRequestsService {
  private readonly logger = new Logger(AccessRequestsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly requests: AccessRequestsRepository,
    private readonly datasets: DatasetsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly authorisations: AuthorisationsService,
    private readonly audit: AuditService,
    private readonly mails: AccessRequestMails,
  ) {}

  async create(actor: AuthenticatedUser, datasetId: string, dto: CreateAccessRequestDto): Promise<AccessRequestView> {
    const dataset = await this.datasets.withOwner(datasetId);
    if (!dataset || (!isOnline(dataset) && !actsOn(actor, dataset.owner_id))) throw ApiError.notFound();
    const errors: Record<string, string> = {};
    if (dataset.owner_id === actor.organizationId) errors.dataset = ACCESS_REQUEST_FIELD_ERRORS.ownDataset;
    const { scopes, expiration } = checkedScopes(dto, errors);
    const held = await this.authorisations.scopesFor(actor.organizationId, dataset.id, dataset.owner_id);
    if (!errors.authorisations && !errors.dataset && (held.includes('Dataset.ReadAll') || scopes.some((scope) => held.includes(scope))))
      errors.authorisations = ACCESS_REQUEST_FIELD_ERRORS.alreadyGranted;
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
    const id = await this.dataSource.transaction(async (manager) => {
      const id = await this.requests.insert(
        { datasetId: dataset.id, requesterOrganizationId: actor.organizationId, requestedBy: actor.id, requestedByEmail: actor.email, authorisations: scopes, reason: dto.reason, expiration },
        manager,
      );
      if (!id) throw new ApiError(409, DETAILS.accessRequestOpen, { dataset: ACCESS_REQUEST_FIELD_ERRORS.openAlready });
      await this.audit.record(manager, actor, {
        kind: 'access_request.created', subjectId: id, organizationId: dataset.owner_id,
        other: { id: actor.organizationId, name: actor.organizationName }, dataset,
        after: { authorisations: scopes, expiration_date: expiration, reason: dto.reason },
      });
      return id;
    });
    const view = await this.view(id);
    this.mails.toOwner(view, dataset.owner_id).catch((error: Error) => this.logger.warn(`access request mail not sent: ${error.message}`));
    return view;
  }

  private async view(id: string, manager: Queryable = this.dataSource, lock = false): Promise<AccessRequestView & { owner_id: string }> {
    const row = await this.requests.byId(id, lock, manager);
    if (!row) throw ApiError.notFound();
    return { ...toView(row), owner_id: row.owner_id };
  }

  async received(actor: AuthenticatedUser, organizationId: string): Promise<AccessRequestView[]> {
    requirePermissionIn(actor, 'AuthorisationAssignment.Create', organizationId);
    return (await this.requests.received(organizationId)).map(toView);
  }

  /** One count over the partial index of open requests: the shell asks on every page. */
  async openCount(actor: AuthenticatedUser, organizationId: string): Promise<{ open: number }> {
    requirePermissionIn(actor, 'AuthorisationAssignment.Create', organizationId);
    return { open: await this.requests.openCount(organizationId) };
  }

  async sent(actor: AuthenticatedUser, organizationId: string): Promise<AccessRequestView[]> {
    requirePermissionIn(actor, 'Dataset.Read', organizationId);
    return (await this.requests.sent(organizationId)).map(toView);
  }

  /** Narrower or wider than asked; the grant and the decision in one transaction. */
  async approve(actor: AuthenticatedUser, id: string, dto: ApproveAccessRequestDto): Promise<AccessRequestView> {
    const errors: Record<string, string> = {};
    const { scopes, expiration } = checkedScopes(dto, errors);
    if (Object.keys(errors).length > 0) throw ApiError.validation(errors);
    const view = await this.dataSource.transaction(async (manager) => {
      const request = await this.decidable(manager, actor, id);
      await this.requests.approve(id, actor.id, scopes, expiration, manager);
      const dataset = { id: request.dataset_id, name: request.dataset_name, owner_id: request.owner_id };
      const assignee = { id: request.requester_organization_id, name: request.requester_organization_name };
      await this.authorisations.grant(manager, actor, dataset, assignee, scopes, expiration);
      await this.audit.record(manager, actor, {
        kind: 'access_request.approved', subjectId: id, organizationId: request.owner_id, other: assignee, dataset,
        before: { authorisations: request.authorisations, expiration_date: request.expiration_date },
        after: { authorisations: scopes, expiration_date: expiration },
      });
      return this.view(id, manager);
    });
    this.mails.toRequester(view, { approved: scopes.map(scopeLabel).join(', ') }).catch((error: Error) => this.logger.warn(`decision mail not sent: ${error.message}`));
    return view;
  }

  async decline(actor: AuthenticatedUser, id: string, dto: DeclineAccessRequestDto): Promise<AccessRequestView> {
    const view = await this.dataSource.transaction(async (manager) => {
      const request = await this.decidable(manager, actor, id);
      await this.requests.decline(id, actor.id, dto.reason, manager);
      await this.audit.record(manager, actor, {
        kind: 'access_request.declined', subjectId: id, organizationId: request.owner_id,
        other: { id: request.requester_organization_id, name: request.requester_organization_name },
        dataset: { id: request.dataset_id, name: request.dataset_name },
        after: { reason: dto.reason },
      });
      return this.view(id, manager);
    });
    this.mails.toRequester(view, { declined: dto.reason }).catch((error: Error) => this.logger.warn(`decision mail not sent: ${error.message}`));
    return view;
  }

  private async decidable(manager: EntityManager, actor: AuthenticatedUser, id: string) {
    if (!isUuid(id)) throw ApiError.notFound();
    const request = await this.view(id, manager, true);
    if (request.owner_id !== actor.organizationId) throw ApiError.notFound();
    requirePermissionIn(actor, 'AuthorisationAssignment.Create', request.owner_id);
    if (request.status !== 'open') throw new ApiError(409, DETAILS.accessRequestDecided, { status: ACCESS_REQUEST_FIELD_ERRORS.notOpen });
    return request;
  }
}
