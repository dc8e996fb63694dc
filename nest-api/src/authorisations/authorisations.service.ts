import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AUTHORISATION_FIELD_ERRORS,
  DETAILS,
  amsterdamToday,
  isDatasetScope,
  isIsoDate,
  isOnline,
  isPersonalOrganizationName,
  isUuid,
  scopeLabel,
  type DatasetScope,
} from '@datahub/domain';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { actsOn, hasPermissionIn, hasPermissionInOwn, requirePermissionIn } from '../common/organization-access';
import type { AssigneeOrganizationView, AuthorisationHistoryView, AuthorisationView, CreateAuthorisationDto, RevokedAuthorisationView } from './dto/authorisation.dto';
import { AuditService } from '../audit/audit.service';
import { UsageEventsService } from '../insight/usage-events.service';
import { grantEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import type { Queryable } from '../database/queryable';
import { DatasetsRepository, type DatasetWithOwner } from '../datasets/datasets.repository';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { AuthorisationsRepository, type AuthorisationRow } from './authorisations.repository';


function toView(row: AuthorisationRow): AuthorisationView {
  return {
    authorisation_assignment_id: row.id,
    authorisation: row.authorisation,
    authorisation_label: scopeLabel(row.authorisation),
    dataset_id: row.dataset_id,
    dataset_name: row.dataset_name,
    dataset_slug: row.dataset_slug,
    assignee_organization: row.assignee_id,
    assignee_organization_name: row.assignee_name,
    assignee_organization_slug: row.assignee_slug,
    assignee_organization_logo_url: row.assignee_logo_url,
    owner_organization: row.owner_id,
    owner_organization_name: row.owner_name,
    owner_organization_slug: row.owner_slug,
    owner_organization_logo_url: row.owner_logo_url,
    expiration_date: row.expiration_date,
    expired: row.expired,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export interface OrganizationRow {
  id: string;
  name: string;
}

/** 'Alle data' and single categories exclude each other. */
export function scopesProblem(scopes: readonly string[]): string | null {
  if (!scopes.every((scope) => isDatasetScope(scope))) return AUTHORISATION_FIELD_ERRORS.scopeUnknown;
  if (scopes.includes('Dataset.ReadAll') && scopes.length > 1) return AUTHORISATION_FIELD_ERRORS.scopesExclusive;
  return null;
}

/** A platform admin may revoke elsewhere (abuse handling) but never grant: else "admins read no data without a grant" would be empty. */
export function requireGrantingOwner(actor: AuthenticatedUser, dataset: Pick<DatasetWithOwner, 'owner_id'>): void {
  requirePermissionIn(actor, 'AuthorisationAssignment.Create', dataset.owner_id);
  if (!hasPermissionInOwn(actor, 'AuthorisationAssignment.Create', dataset.owner_id)) {
    throw new ApiError(403, DETAILS.grantByOwnerOnly, { dataset: AUTHORISATION_FIELD_ERRORS.ownerGrantsOnly });
  }
}

@Injectable()
export class AuthorisationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly authorisations: AuthorisationsRepository,
    private readonly datasets: DatasetsRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly usage: UsageEventsService,
    private readonly events: EventsService,
    private readonly audit: AuditService,
  ) {}

  private async organizationBySlug(slug: string): Promise<OrganizationRow> {
    const row = await this.organizations.bySlug(slug);
    if (!row) throw ApiError.notFound();
    return row;
  }

  async list(actor: AuthenticatedUser, slug: string, side: 'received' | 'given'): Promise<AuthorisationView[]> {
    const organization = await this.organizationBySlug(slug);
    requirePermissionIn(actor, 'AuthorisationAssignment.Read', organization.id);
    return (await this.authorisations.list(organization.id, side)).map(toView);
  }

  async history(actor: AuthenticatedUser, slug: string): Promise<AuthorisationHistoryView> {
    const organization = await this.organizationBySlug(slug);
    requirePermissionIn(actor, 'AuthorisationAssignment.Read', organization.id);
    return this.authorisations.history(organization.id);
  }

  async get(actor: AuthenticatedUser, id: string): Promise<AuthorisationView> {
    const row = await this.authorisations.byId(id);
    const visible =
      row &&
      (hasPermissionIn(actor, 'AuthorisationAssignment.Read', row.owner_id) ||
        hasPermissionIn(actor, 'AuthorisationAssignment.Read', row.assignee_id));
    if (!visible) throw ApiError.notFound();
    return toView(row);
  }

  async assignees(actor: AuthenticatedUser): Promise<AssigneeOrganizationView[]> {
    return this.authorisations.assignees(actor.organizationId);
  }

  private async visibleDataset(actor: AuthenticatedUser, id: string, db: Queryable = this.dataSource): Promise<DatasetWithOwner | null> {
    const row = await this.datasets.withOwner(id, db);
    if (!row || (!isOnline(row) && !actsOn(actor, row.owner_id))) return null;
    return row;
  }

  private organizationByRef(reference: string, db: Queryable = this.dataSource): Promise<OrganizationRow | null> {
    return isUuid(reference) ? this.organizations.byId(reference, db) : this.organizations.bySlug(reference, db);
  }

  async create(actor: AuthenticatedUser, datasetId: string, dto: CreateAuthorisationDto): Promise<AuthorisationView[]> {
    const dataset = dto.dataset === datasetId ? await this.visibleDataset(actor, datasetId) : null;
    if (dataset) requireGrantingOwner(actor, dataset);
    const errors: Record<string, string> = {};
    if (!dataset) errors.dataset = AUTHORISATION_FIELD_ERRORS.datasetUnknown;
    const scopes = [...new Set(dto.authorisations)];
    const scopeProblem = scopesProblem(scopes);
    if (scopeProblem) errors.authorisations = scopeProblem;
    const assignee = await this.organizationByRef(dto.assignee_organization);
    if (!assignee || isPersonalOrganizationName(assignee.name)) errors.assignee_organization = AUTHORISATION_FIELD_ERRORS.assigneeUnknown;
    else if (dataset && assignee.id === dataset.owner_id) errors.assignee_organization = AUTHORISATION_FIELD_ERRORS.assigneeOwn;
    const expiration = dto.expiration_date ? dto.expiration_date : null;
    if (expiration !== null) {
      if (!isIsoDate(expiration)) errors.expiration_date = AUTHORISATION_FIELD_ERRORS.expirationInvalid;
      else if (expiration < amsterdamToday()) errors.expiration_date = AUTHORISATION_FIELD_ERRORS.expirationPast;
    }
    if (Object.keys(errors).length > 0 || !dataset || !assignee) throw ApiError.validation(errors);

    const ids = await this.dataSource.transaction((manager) => this.grant(manager, actor, dataset, assignee, scopes as DatasetScope[], expiration));
    return (await this.authorisations.byIds(ids)).map(toView);
  }

  /** Inside the caller's transaction; granting an existing assignment sets its expiry. Returns the assignment ids. */
  async grant(
    manager: EntityManager,
    actor: AuthenticatedUser,
    dataset: { id: string; name: string; owner_id: string },
    assignee: OrganizationRow,
    scopes: readonly DatasetScope[],
    expiration: string | null,
  ): Promise<string[]> {
    const granted: string[] = [];
    for (const scope of scopes) {
      const row = await this.authorisations.grant({ datasetId: dataset.id, assigneeId: assignee.id, scope, expiration, createdBy: actor.id }, manager);
      await this.audit.record(manager, actor, {
        kind: row.inserted ? 'grant.created' : 'grant.extended',
        subjectId: row.id, organizationId: dataset.owner_id, other: assignee, dataset,
        before: row.inserted ? null : { authorisations: [scope], expiration_date: row.previous_expiration },
        after: { authorisations: [scope], expiration_date: expiration },
      });
      await this.events.record(manager, grantEvent(row.inserted ? 'authorisation.created' : 'authorisation.changed', row.id, dataset, assignee.id, scope, expiration));
      granted.push(row.id);
    }
    this.usage.record(actor, 'AUTHORISATION_GRANTED', { subjectId: dataset.id });
    return granted;
  }

  async revoke(
    actor: AuthenticatedUser,
    datasetId: string,
    scope: string,
    assigneeReference: string,
  ): Promise<RevokedAuthorisationView> {
    return this.dataSource.transaction(async (manager) => {
      const dataset = await this.visibleDataset(actor, datasetId, manager);
      if (!dataset) throw ApiError.notFound();
      requirePermissionIn(actor, 'AuthorisationAssignment.Delete', dataset.owner_id);
      const assignee = await this.organizationByRef(assigneeReference, manager);
      if (!assignee || !isDatasetScope(scope)) throw ApiError.notFound();
      const row = await this.authorisations.revoke(dataset.id, assignee.id, scope, manager);
      if (!row) throw ApiError.notFound();
      await this.audit.record(manager, actor, {
        kind: 'grant.revoked', subjectId: row.id, organizationId: dataset.owner_id, other: assignee, dataset,
        before: { authorisations: [scope], expiration_date: row.expiration_date },
      });
      await this.events.record(manager, grantEvent('authorisation.revoked', row.id, dataset, assignee.id, scope, row.expiration_date));
      this.usage.record(actor, 'AUTHORISATION_REVOKED', { subjectId: dataset.id });
      return { authorisation_assignment_id: row.id };
    });
  }

  /** ReadAll for the owner, else the union of its valid assignments; [] for anyone else, platform admins included. */
  async scopesFor(organizationId: string, datasetId: string, ownerId: string): Promise<DatasetScope[]> {
    if (organizationId === ownerId) return ['Dataset.ReadAll'];
    return this.authorisations.validScopes(datasetId, organizationId);
  }
}
