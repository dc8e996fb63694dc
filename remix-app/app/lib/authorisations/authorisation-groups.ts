import { DATASET_SCOPES } from '@datahub/domain';
import type { AuthorisationView } from './authorisations';

/** Every grant of one dataset to one organisation; the portal's paths use its first grant's id, the API dataset and organisation (ADR 0033). */
export interface AuthorisationGroup {
  id: string;
  first: AuthorisationView;
  grants: AuthorisationView[];
  /** In the order of the nine checkboxes. */
  scopes: string[];
  expiries: { expiration: string | null; labels: string[] }[];
  expired: boolean;
}

const SCOPE_ORDER: string[] = DATASET_SCOPES.map((entry) => entry.scope);
const byScope = (a: AuthorisationView, b: AuthorisationView) => SCOPE_ORDER.indexOf(a.authorisation) - SCOPE_ORDER.indexOf(b.authorisation);

/** Keeps the list's order (dataset, then organisation). */
export function groupAuthorisations(items: readonly AuthorisationView[]): AuthorisationGroup[] {
  const groups = new Map<string, AuthorisationView[]>();
  for (const item of items) {
    const key = `${item.dataset_id} ${item.assignee_organization}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()].map((unsorted) => {
    const grants = [...unsorted].sort(byScope);
    const expiries: AuthorisationGroup['expiries'] = [];
    for (const grant of grants) {
      const line = expiries.find((entry) => entry.expiration === grant.expiration_date);
      if (line) line.labels.push(grant.authorisation_label);
      else expiries.push({ expiration: grant.expiration_date, labels: [grant.authorisation_label] });
    }
    const first = grants[0]!;
    return { id: first.authorisation_assignment_id, first, grants, scopes: grants.map((grant) => grant.authorisation), expiries, expired: grants.every((grant) => grant.expired) };
  });
}

export function groupOf(items: readonly AuthorisationView[], id: string | undefined): AuthorisationGroup | undefined {
  return groupAuthorisations(items).find((group) => group.grants.some((grant) => grant.authorisation_assignment_id === id));
}
