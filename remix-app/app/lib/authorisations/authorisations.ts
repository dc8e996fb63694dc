export type { AssigneeOrganizationView, AuthorisationView, DatasetAccessView, RevokedAuthorisationView } from '@datahub/api-client';

export interface SparqlJsonResults {
  head: { vars?: string[] };
  results?: { bindings: Record<string, { type: string; value: string; datatype?: string; 'xml:lang'?: string }>[] };
  boolean?: boolean;
}

export const READ_ALL = 'Dataset.ReadAll';

/** The table downloads have Dutch names (WORKBENCH_LABELS.downloadName). */
export function sparqlDownloadName(slug: string): string {
  return `${slug}_SPARQL_query_download.json`;
}
