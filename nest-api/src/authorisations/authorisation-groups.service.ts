import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTHORISATION_FIELD_ERRORS, DATASET_SCOPES, amsterdamToday, isIsoDate, isUuid, type DatasetScope } from '@datahub/domain';
import { AuditService } from '../audit/audit.service';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { ApiError } from '../common/errors';
import { hasPermissionIn, requirePermissionIn } from '../common/organization-access';
import { grantEvent } from '../events/event-builders';
import { EventsService } from '../events/events.service';
import { UsageEventsService } from '../insight/usage-events.service';
import { DatasetsRepository } from '../datasets/datasets.repository';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { AuthorisationsRepository, type GrantRow } from './authorisations.repository';
import { requireGrantingOwner, scopesProblem } from './authorisations.service';
import type { AuthorisationGroupChangeView, ReplaceAuthorisationGroupDto, RevokedAuthorisationGroupView } from './dto/authorisation-group.dto';

type Grant = GrantRow;

/** So before and after read alike in the log. */
const SCOPE_ORDER = DATASET_SCOPES.map((entry) => entry.scope as string);
const inOrder = (scopes: readonly string[]) => [...scopes].sort((a, b) => SCOPE_ORDER.indexOf(a) - SCOPE_ORDER.indexOf(b));

function groupExpiry(grants: readonly Grant[]): string | null | (string | null)[] {
  const dates = [...new Set(grants.map((grant) => grant.expiration_date))];
  return dates.length === 1 ? dates[0]! : dates;
}

// A machtiging card (every grant of one dataset to one organisation) changes in one transaction with its audit row and events.
@Injectable()
export class AuthorisationGroupsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly authorisations: AuthorisationsRepository,
    private readonly datasets: DatasetsRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly audit: AuditService,
    private readonly events: EventsService,
    private readonly usage: UsageEventsService,
  ) {}

  /** Not the actor's to manage, or without grants: 404 (no cross-organisation access by id). */
  private async lockedGroup(manager: EntityManager, actor: AuthenticatedUser, datasetId: string, organizationId: string, permission: 'AuthorisationAssignment.Create' | 'AuthorisationAssignment.Delete') {
    if (!isUuid(datasetId) || !isUuid(organizationId)) throw ApiError.notFound();
    const dataset = await this.datasets.withOwner(datasetId, manager);
    if (!dataset || !hasPermissionIn(actor, permission, dataset.owner_id)) throw ApiError.notFound();
    const assignee = await this.organizations.byId(organizationId, manager);
    if (!assignee) throw ApiError.notFound();
    // One change of a card at a time: the next one reads the grants the previous one left (rows it added included).
    await this.authorisations.lockGroup(dataset.id, assignee.id, manager);
    const grants = await this.authorisations.groupGrants(dataset.id, assignee.id, manager);
    if (grants.length === 0) throw ApiError.notFound();
    return { dataset, assignee, grants };
  }

  async replace(actor: AuthenticatedUser, datasetId: string, organizationId: string, dto: ReplaceAuthorisationGroupDto): Promise<AuthorisationGroupChangeView> {
    const scopes = [...new Set(dto.authorisations)];
    const expiration = dto.expiration_date ? dto.expiration_date : null;
    const errors: Record<string, string> = {};
    const scopeProblem = scopesProblem(scopes);
    if (scopeProblem) errors.authorisations = scopeProblem;
    if (expiration !== null && !isIsoDate(expiration)) errors.expiration_date = AUTHORISATION_FIELD_ERRORS.expirationInvalid;

    return this.dataSource.transaction(async (manager) => {
      const { dataset, assignee, grants } = await this.lockedGroup(manager, actor, datasetId, organizationId, 'AuthorisationAssignment.Create');
      requireGrantingOwner(actor, dataset);
      // A past date is refused, unless it is the one the whole group already has (changing only the categories of an expired card).
      const unchangedPast = grants.every((grant) => grant.expiration_date === expiration);
      if (!errors.expiration_date && expiration !== null && expiration < amsterdamToday() && !unchangedPast) errors.expiration_date = AUTHORISATION_FIELD_ERRORS.expirationPast;
      if (Object.keys(errors).length > 0) throw ApiError.validation(errors);

      const wanted = scopes as DatasetScope[];
      const removed = grants.filter((grant) => !wanted.includes(grant.authorisation));
      const kept = grants.filter((grant) => wanted.includes(grant.authorisation) && grant.expiration_date !== expiration);
      const added = wanted.filter((scope) => !grants.some((grant) => grant.authorisation === scope));
      const view = { dataset_id: dataset.id, assignee_organization: assignee.id, authorisations: inOrder(wanted), expiration_date: expiration };
      if (removed.length + kept.length + added.length === 0) return { ...view, changed: false };

      for (const grant of removed) {
        await this.authorisations.delete([grant.id], manager);
        await this.events.record(manager, grantEvent('authorisation.revoked', grant.id, dataset, assignee.id, grant.authorisation, grant.expiration_date));
      }
      for (const grant of kept) {
        await this.authorisations.setExpiration(grant.id, expiration, manager);
        await this.events.record(manager, grantEvent('authorisation.changed', grant.id, dataset, assignee.id, grant.authorisation, expiration));
      }
      for (const scope of added) {
        // A single grant call (POST) for the same scope may have committed meanwhile: then it is set like the others.
        const { id } = await this.authorisations.grant({ datasetId: dataset.id, assigneeId: assignee.id, scope, expiration, createdBy: actor.id }, manager);
        await this.events.record(manager, grantEvent('authorisation.created', id, dataset, assignee.id, scope, expiration));
      }
      await this.audit.record(manager, actor, {
        kind: 'grant.changed', organizationId: dataset.owner_id, other: assignee, dataset,
        before: { authorisations: inOrder(grants.map((grant) => grant.authorisation)), expiration_date: groupExpiry(grants) },
        after: { authorisations: view.authorisations, expiration_date: expiration },
      });
      this.usage.record(actor, 'AUTHORISATION_GRANTED', { subjectId: dataset.id });
      return { ...view, changed: true };
    });
  }

  async revoke(actor: AuthenticatedUser, datasetId: string, organizationId: string): Promise<RevokedAuthorisationGroupView> {
    return this.dataSource.transaction(async (manager) => {
      const { dataset, assignee, grants } = await this.lockedGroup(manager, actor, datasetId, organizationId, 'AuthorisationAssignment.Delete');
      requirePermissionIn(actor, 'AuthorisationAssignment.Delete', dataset.owner_id);
      await this.authorisations.delete(grants.map((grant) => grant.id), manager);
      for (const grant of grants) {
        await this.events.record(manager, grantEvent('authorisation.revoked', grant.id, dataset, assignee.id, grant.authorisation, grant.expiration_date));
      }
      await this.audit.record(manager, actor, {
        kind: 'grant.revoked', organizationId: dataset.owner_id, other: assignee, dataset,
        before: { authorisations: inOrder(grants.map((grant) => grant.authorisation)), expiration_date: groupExpiry(grants) },
      });
      this.usage.record(actor, 'AUTHORISATION_REVOKED', { subjectId: dataset.id });
      return { dataset_id: dataset.id, assignee_organization: assignee.id, revoked: grants.length };
    });
  }
}
