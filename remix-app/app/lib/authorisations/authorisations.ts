/** The authorisation and dataset-data answers are typed by the generated contract (@datahub/api-client). */
export type { AssigneeOrganizationView, AuthorisationView, DatasetAccessView, RevokedAuthorisationView } from '@datahub/api-client';

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
