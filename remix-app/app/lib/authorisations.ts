/** Shapes of the authorisation and dataset-data answers of nest-api (to be replaced by the generated client). */
export interface AuthorisationView {
  authorisation_assignment_id: string;
  authorisation: string;
  authorisation_label: string;
  dataset_id: string;
  dataset_name: string;
  dataset_slug: string;
  assignee_organization: string;
  assignee_organization_name: string;
  assignee_organization_slug: string;
  assignee_organization_logo_url: string | null;
  owner_organization: string;
  owner_organization_name: string;
  owner_organization_slug: string;
  owner_organization_logo_url: string | null;
  expiration_date: string | null;
  expired: boolean;
  created_at: string;
}

export interface AssigneeOrganizationView {
  organization_id: string;
  name: string;
  slug: string;
  logo_url: string | null;
}

export interface DatasetAccessView {
  dataset_id: string;
  owner: boolean;
  scopes: string[];
}

/** SPARQL 1.1 JSON results, as far as the page reads them. */
export interface SparqlJsonResults {
  head: { vars?: string[] };
  results?: { bindings: Record<string, { type: string; value: string; datatype?: string; 'xml:lang'?: string }>[] };
  boolean?: boolean;
}

export const READ_ALL = 'Dataset.ReadAll';

export function sparqlDownloadName(slug: string): string {
  return `${slug}_SPARQL_query_download.json`;
}

/** A SELECT answer as a table: its variables and the rows' values (blank cells for unbound). */
export function resultTable(results: SparqlJsonResults): { vars: string[]; rows: string[][] } | null {
  if (!results.results || !results.head.vars) return null;
  const vars = results.head.vars;
  return { vars, rows: results.results.bindings.map((binding) => vars.map((name) => binding[name]?.value ?? '')) };
}

export interface RevokedAuthorisation {
  authorisation_assignment_id: string;
}
