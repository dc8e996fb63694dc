import type { EventKind } from '@datahub/domain';
import type { RecordedEvent } from './events.service';


export function grantEvent(
  kind: Extract<EventKind, `authorisation.${string}`>,
  id: string,
  dataset: { id: string; name: string; owner_id: string },
  assigneeId: string,
  scope: string,
  expiration: string | null,
): RecordedEvent {
  return {
    kind,
    objectId: id,
    parties: [dataset.owner_id, assigneeId],
    data: {
      authorisation_assignment_id: id, dataset_id: dataset.id, dataset_name: dataset.name, owner_organization: dataset.owner_id,
      assignee_organization: assigneeId, authorisation: scope, expiration_date: expiration,
    },
  };
}

export function datasetEvent(
  kind: Extract<EventKind, `dataset.${string}`>,
  dataset: { id: string; name?: string | null; slug?: string | null; datasourceId: string },
  ownerId: string,
): RecordedEvent {
  return {
    kind,
    objectId: dataset.id,
    parties: [ownerId],
    data: { dataset_id: dataset.id, name: dataset.name ?? null, slug: dataset.slug ?? null, datasource_id: dataset.datasourceId, organization_id: ownerId },
  };
}

export function datasourceEvent(kind: Extract<EventKind, `datasource.${string}`>, datasource: { id: string; name: string; organizationId: string }): RecordedEvent {
  return {
    kind,
    objectId: datasource.id,
    parties: [datasource.organizationId],
    data: { datasource_id: datasource.id, name: datasource.name, organization_id: datasource.organizationId },
  };
}

export function organizationEvent(organization: { id: string; name: string; slug: string }): RecordedEvent {
  return {
    kind: 'organization.changed',
    objectId: organization.id,
    parties: [organization.id],
    data: { organization_id: organization.id, name: organization.name, slug: organization.slug },
  };
}

/** Only the id: no address or name. */
export function memberEvent(kind: 'organization.user_joined' | 'organization.user_left', organizationId: string, userId: string): RecordedEvent {
  return { kind, objectId: organizationId, parties: [organizationId], data: { organization_id: organizationId, user_id: userId } };
}
